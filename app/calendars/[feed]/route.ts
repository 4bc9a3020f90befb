import { calendarFeedResponse } from "@/lib/appointments/calendar-feed-response";
import { db } from "@/lib/db/client";

// GET /calendars/<token>.ics: a staff member's private appointment feed (docs/appointments.md, "Calendars").
export const dynamic = "force-dynamic";

export async function GET(_request: Request, context: { params: Promise<{ feed: string }> }): Promise<Response> {
  return calendarFeedResponse(db(), (await context.params).feed);
}
