"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "@/components/data/fetcher";
import type { ServiceOut, StaffOut } from "@/lib/appointments/schema";
import type { Page } from "@/lib/pagination";

// The React Query hooks of the Services and staff page: each list, and the saves and deletes that
// refresh both (a service names its staff, a staff member lists their services).

const KEY = ["appointments-setup"] as const;

/** Every page of a list (at most a few hundred services or staff members: 200 a page). */
async function all<T>(path: string, signal?: AbortSignal): Promise<T[]> {
  const out: T[] = [];
  let cursor: string | null = null;
  do {
    const page: Page<T> = await apiFetch<Page<T>>(path, { query: { limit: 200, cursor }, signal });
    out.push(...page.data);
    cursor = page.nextCursor;
  } while (cursor);
  return out;
}

export function useStaffList() {
  return useQuery({ queryKey: [...KEY, "staff"], queryFn: ({ signal }) => all<StaffOut>("/v1/staff", signal) });
}

export function useServiceList() {
  return useQuery({ queryKey: [...KEY, "services"], queryFn: ({ signal }) => all<ServiceOut>("/v1/services", signal) });
}

export type StaffBody = Pick<StaffOut, "name" | "active" | "weekly" | "breaks" | "timeOff">;
export type ServiceBody = Pick<ServiceOut, "name" | "description" | "durationMinutes" | "bufferAfterMinutes" | "price" | "active" | "staffIds">;

/** Creates (no id) or changes (id) a staff member or a service. */
export function useSave<B>(kind: "staff" | "services") {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: B }) =>
      apiFetch<StaffOut | ServiceOut>(id ? `/v1/${kind}/${encodeURIComponent(id)}` : `/v1/${kind}`, { method: id ? "PATCH" : "POST", body }),
    onSuccess: () => client.invalidateQueries({ queryKey: KEY }),
  });
}

export function useDelete(kind: "staff" | "services") {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch<{ id: string; deleted: true }>(`/v1/${kind}/${encodeURIComponent(id)}`, { method: "DELETE" }),
    onSettled: () => client.invalidateQueries({ queryKey: KEY }),
  });
}
