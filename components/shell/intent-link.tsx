"use client";
import Link from "next/link";
import { useRouter } from "next/navigation";
import type { ComponentProps } from "react";

type Props = Omit<ComponentProps<typeof Link>, "href" | "prefetch"> & { href: string };

/**
 * `next/link` that fetches its page when the person shows they may follow it (the pointer over it,
 * keyboard focus, a touch starting on it) instead of whenever it is on screen. A plain `<Link>`
 * prefetches in production as soon as it scrolls into view: the sidebar's twenty links made every
 * dashboard page view cost the server about forty page renders (each link twice: its prefetch, then
 * again under the new page's router state), and a list of contacts or records one more per row, most
 * of them never followed. The page a person reaches for is still fetched before the click lands.
 */
export function IntentLink({ href, onMouseEnter, onFocus, onTouchStart, ...props }: Props) {
  const router = useRouter();
  const prefetch = () => router.prefetch(href);
  return (
    <Link
      {...props}
      href={href}
      prefetch={false}
      onMouseEnter={(e) => {
        prefetch();
        onMouseEnter?.(e);
      }}
      onFocus={(e) => {
        prefetch();
        onFocus?.(e);
      }}
      onTouchStart={(e) => {
        prefetch();
        onTouchStart?.(e);
      }}
    />
  );
}
