"use client";
import { useCallback, useRef, useState } from "react";
import type { EditorGraph } from "./editor-graph";

const LIMIT = 100;
// Typing in one field is one undo step, not one per keystroke.
const COALESCE_MS = 1000;

/**
 * Undo/redo as a stack of whole-graph snapshots. Call `record(current, key?)` just before a change;
 * consecutive records with the same `key` within a second collapse into one step.
 */
export function useGraphHistory() {
  const past = useRef<EditorGraph[]>([]);
  const future = useRef<EditorGraph[]>([]);
  const last = useRef<{ key: string; at: number } | null>(null);
  const [, bump] = useState(0);

  const record = useCallback((current: EditorGraph, key?: string) => {
    const now = Date.now();
    if (key && last.current?.key === key && now - last.current.at < COALESCE_MS) {
      last.current.at = now;
      return;
    }
    last.current = key ? { key, at: now } : null;
    past.current = [...past.current.slice(-(LIMIT - 1)), current];
    future.current = [];
    bump((n) => n + 1);
  }, []);

  const undo = useCallback((current: EditorGraph): EditorGraph | null => {
    const previous = past.current.at(-1);
    if (!previous) return null;
    past.current = past.current.slice(0, -1);
    future.current = [...future.current, current];
    last.current = null;
    bump((n) => n + 1);
    return previous;
  }, []);

  const redo = useCallback((current: EditorGraph): EditorGraph | null => {
    const next = future.current.at(-1);
    if (!next) return null;
    future.current = future.current.slice(0, -1);
    past.current = [...past.current, current];
    last.current = null;
    bump((n) => n + 1);
    return next;
  }, []);

  const reset = useCallback(() => {
    past.current = [];
    future.current = [];
    last.current = null;
    bump((n) => n + 1);
  }, []);

  return { record, undo, redo, reset, canUndo: past.current.length > 0, canRedo: future.current.length > 0 };
}
