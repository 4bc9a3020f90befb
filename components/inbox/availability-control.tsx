"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useToast } from "@/components/ui";
import { apiFetch, errorMessage } from "@/components/data/fetcher";
import "./labels.css";

type Availability = "online" | "away" | "offline";
type Mine = { availability: Availability; effective: Availability; capacity: number | null; open: number };

const names: Record<Availability, string> = { online: "Online", away: "Away", offline: "Offline" };

/**
 * The member's own availability (PUT /v1/internal/inbox/availability): only online agents get
 * automatic assignments. The dot shows what assignment sees (inactivity lowers it).
 */
export function AvailabilityControl() {
  const client = useQueryClient();
  const toast = useToast();
  const mine = useQuery({
    queryKey: ["my-availability"],
    queryFn: ({ signal }) => apiFetch<Mine>("/v1/internal/inbox/availability", { signal }),
    refetchInterval: 30_000,
  });
  const set = useMutation({
    mutationFn: (availability: Availability) => apiFetch<Mine>("/v1/internal/inbox/availability", { method: "PUT", body: { availability } }),
    onSuccess: (m) => {
      client.setQueryData(["my-availability"], m);
      client.invalidateQueries({ queryKey: ["inbox"] });
    },
    onError: (err) => toast.error(errorMessage(err)),
  });
  const current = mine.data;
  return (
    <label className="availability-control small" title={current ? `Assignment sees you as ${names[current.effective].toLowerCase()}` : undefined}>
      <span className={`availability-dot availability-${current?.effective ?? "offline"}`} aria-hidden="true" />
      <span className="sr-only">Your availability</span>
      <select
        aria-label="Your availability"
        className="select"
        style={{ width: "auto" }}
        value={current?.availability ?? ""}
        disabled={!current || set.isPending}
        onChange={(e) => set.mutate(e.target.value as Availability)}
      >
        {!current ? <option value="">{mine.isError ? "Unavailable" : "Loading…"}</option> : null}
        {(Object.keys(names) as Availability[]).map((a) => (
          <option key={a} value={a}>
            {names[a]}
          </option>
        ))}
      </select>
      {current ? (
        <span className="muted" data-testid="my-load">
          {current.open}
          {current.capacity !== null ? `/${current.capacity}` : ""} open
        </span>
      ) : null}
    </label>
  );
}
