"use client";
import { useSyncExternalStore } from "react";

/** The phone layout's breakpoint, the same as the CSS's `@media (max-width: 767px)`. */
export const PHONE_QUERY = "(max-width: 767px)";

const subscribe = (onChange: () => void) => {
  const query = window.matchMedia(PHONE_QUERY);
  query.addEventListener("change", onChange);
  return () => query.removeEventListener("change", onChange);
};

/**
 * True while the screen is phone-sized. For behaviour that CSS cannot change (the skill editor is
 * read-only on a phone); layout itself belongs in the stylesheets. False during server rendering.
 */
export function usePhoneLayout(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(PHONE_QUERY).matches,
    () => false,
  );
}
