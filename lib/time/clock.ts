// The one source of "now" for code that reasons about the customer's calendar (dates, opening hours,
// "tonight"). Production reads the real clock; the conversation tests pin it so that "next friday"
// has one right answer. SQL timestamps (created_at, job run_at) keep using the database's clock.

let pinned: Date | null = null;

export function now(): Date {
  return pinned ? new Date(pinned.getTime()) : new Date();
}

/** Tests only: pins `now()` to an instant (null releases it). */
export function pinClock(at: Date | null): void {
  pinned = at ? new Date(at.getTime()) : null;
}
