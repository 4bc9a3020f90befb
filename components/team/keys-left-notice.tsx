"use client";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { Button, Card, useToast } from "@/components/ui";
import { apiFetch, errorMessage } from "@/components/data/fetcher";
import type { LiveKey } from "@/lib/keys/key-creators";

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * "2 API keys created by ana@shop.test remain: Revoke all": shown on the team page right after a
 * member is removed or made an agent, and on the API keys page for as long as such keys work. Keys
 * outlive their creator's place on the team; one click revokes them all (each recorded as api_key.revoked).
 */
export function KeysLeftNotice({
  creator,
  keys,
  why,
  onDone,
  showLink = false,
}: {
  creator: { id: string; label: string };
  keys: LiveKey[];
  why: string;
  onDone?: () => void;
  showLink?: boolean;
}) {
  const client = useQueryClient();
  const toast = useToast();
  const revokeAll = useMutation({
    mutationFn: () => apiFetch<{ revoked: LiveKey[] }>(`/v1/internal/team/${encodeURIComponent(creator.id)}/revoke-api-keys`, { method: "POST" }),
    onSuccess: ({ revoked }) => {
      toast.success(`Revoked ${plural(revoked.length, "API key", "API keys")} created by ${creator.label}: they stop working on their next request.`);
      client.invalidateQueries({ queryKey: ["api-keys"] });
      onDone?.();
    },
    onError: (err) => toast.error(errorMessage(err)),
  });
  if (!keys.length) return null;
  const summary = `${plural(keys.length, "API key", "API keys")} created by ${creator.label} ${keys.length === 1 ? "remains" : "remain"}`;
  return (
    <Card
      aria-label={summary}
      style={{ marginBottom: 16, borderColor: "var(--warning)" }}
      title={`${summary}: ${why}`}
      actions={
        <Button variant="danger" loading={revokeAll.isPending} onClick={() => revokeAll.mutate()}>
          Revoke all
        </Button>
      }
    >
      <p style={{ margin: 0 }}>
        {keys.map((k, i) => (
          <span key={k.id}>
            {i ? ", " : ""}
            <strong>{k.name || "Unnamed"}</strong> <code>…{k.hint}</code>
          </span>
        ))}{" "}
        still work. Revoke them unless your systems still need them.
        {showLink ? (
          <>
            {" "}
            <Link href="/api-keys">See the API keys</Link>
          </>
        ) : null}
      </p>
    </Card>
  );
}
