"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { apiFetch, errorMessage } from "@/components/data/fetcher";
import { Button, Dialog, ErrorState, Input, Skeleton, useToast } from "@/components/ui";
import type { StaffCalendarOut } from "@/lib/appointments/calendar-schema";
import type { StaffOut } from "@/lib/appointments/schema";

// A staff member's calendars (docs/appointments.md, "Calendars"): their private feed URL to subscribe to
// from Google, Apple or Outlook (copy, regenerate, revoke), and the busy-times feed that blocks the
// times offered, with its last fetch's outcome.

export function StaffCalendarDialog({ member, onClose }: { member: StaffOut; onClose: () => void }) {
  const toast = useToast();
  const client = useQueryClient();
  const key = ["staff-calendar", member.id];
  const path = `/v1/staff/${encodeURIComponent(member.id)}/calendar`;
  // Read afresh each time the dialog opens, and every few seconds while a busy feed waits for its
  // first fetch (the worker fetches it in the background).
  const calendar = useQuery({
    queryKey: key,
    queryFn: () => apiFetch<StaffCalendarOut>(path),
    refetchOnMount: "always",
    refetchInterval: (q) => (q.state.data?.busyFeed?.url && !q.state.data.busyFeed.fetchedAt ? 3000 : false),
  });
  const [busyUrl, setBusyUrl] = useState<string | null>(null);
  const act = useMutation({
    mutationFn: (a: { method: "POST" | "DELETE" | "PUT"; sub: string; body?: unknown }) =>
      apiFetch<StaffCalendarOut>(`${path}/${a.sub}`, { method: a.method, body: a.body }),
    onSuccess: (out) => {
      client.setQueryData(key, out);
      setBusyUrl(null);
    },
    onError: (err) => toast.error(errorMessage(err)),
  });
  const c = calendar.data;
  const shownBusy = busyUrl ?? c?.busyFeed?.url ?? "";

  return (
    <Dialog open onClose={onClose} title={`${member.name}'s calendars`} footer={<Button onClick={onClose}>Close</Button>}>
      {calendar.isPending ? (
        <Skeleton lines={4} />
      ) : calendar.isError ? (
        <ErrorState error={calendar.error} title="Could not load the calendars" onRetry={() => calendar.refetch()} />
      ) : (
        <div className="stack">
          <h3>Appointments feed</h3>
          {c?.feedUrl ? (
            <>
              <p className="muted">Subscribe to this private address from Google, Apple or Outlook calendar. Anyone with it can read the calendar.</p>
              <Input id="calendar-feed-url" label="Feed URL" value={c.feedUrl} readOnly onFocus={(e) => e.currentTarget.select()} />
              <div className="row">
                <Button
                  onClick={async () => {
                    try {
                      await navigator.clipboard.writeText(c.feedUrl as string);
                      toast.success("Copied the feed URL.");
                    } catch {
                      toast.error("Could not copy: select the address and copy it.");
                    }
                  }}
                >
                  Copy URL
                </Button>
                <Button onClick={() => act.mutate({ method: "POST", sub: "feed" })}>New URL</Button>
                <Button variant="ghost" onClick={() => act.mutate({ method: "DELETE", sub: "feed" })}>
                  Revoke
                </Button>
              </div>
            </>
          ) : (
            <div className="row">
              <span className="muted">No feed URL.</span>
              <Button variant="primary" onClick={() => act.mutate({ method: "POST", sub: "feed" })}>
                Create feed URL
              </Button>
            </div>
          )}
          <h3>Busy times</h3>
          <form
            className="stack"
            onSubmit={(e) => {
              e.preventDefault();
              act.mutate({ method: "PUT", sub: "busy-feed", body: { url: shownBusy.trim() || null } });
            }}
          >
            <Input
              id="busy-feed-url"
              label="Private calendar address (ICS)"
              hint="Their events block the times offered. Checked every 15 minutes."
              value={shownBusy}
              onChange={(e) => setBusyUrl(e.target.value)}
              placeholder="https://calendar.google.com/calendar/ical/.../basic.ics"
            />
            <div className="row">
              <Button type="submit" variant="primary" disabled={act.isPending}>
                Save busy feed
              </Button>
              {c?.busyFeed && (
                <Button variant="ghost" onClick={() => act.mutate({ method: "PUT", sub: "busy-feed", body: { url: null } })}>
                  Remove
                </Button>
              )}
            </div>
            {c?.busyFeed && (
              <p className={c.busyFeed.error ? "error-text" : "muted"} data-testid="busy-feed-status">
                {c.busyFeed.error
                  ? `Last fetch failed: ${c.busyFeed.error}`
                  : c.busyFeed.fetchedAt
                    ? `${c.busyFeed.intervals} busy times, fetched ${new Date(c.busyFeed.fetchedAt).toLocaleString()}.`
                    : "Not fetched yet."}
              </p>
            )}
          </form>
        </div>
      )}
    </Dialog>
  );
}
