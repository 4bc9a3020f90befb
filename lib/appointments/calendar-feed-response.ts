import "server-only";
import type { Db } from "../db/client";
import { now } from "../time/clock";
import { feedIcs } from "./calendars";

/**
 * The answer to GET /calendars/<token>.ics: the feed as text/calendar (what Google, Apple and Outlook
 * subscribe to; the token in the URL is the only key), or a plain 404 for a token unknown or revoked.
 */
export async function calendarFeedResponse(db: Db, file: string): Promise<Response> {
  const token = file.endsWith(".ics") ? file.slice(0, -4) : "";
  const ics = token ? await feedIcs(db, token, now()) : null;
  if (ics === null)
    return new Response("Not found.\n", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });
  return new Response(ics, {
    status: 200,
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": 'inline; filename="appointments.ics"',
      "Cache-Control": "private, max-age=300",
      "X-Robots-Tag": "noindex",
    },
  });
}
