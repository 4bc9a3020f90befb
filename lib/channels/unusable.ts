import "server-only";
import { createHash } from "node:crypto";
import { and, desc, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { inboundUnusable, type UnusableKind } from "../db/schema";
import { AppError } from "../errors";
import { newId } from "../ids";
import { metrics } from "../observability/metrics";

// Nothing a channel sends is dropped silently (issue 37 item 3): a part of a webhook body the service
// cannot use is kept with its raw payload (`inbound_unusable`), counted in /metrics
// (convo_inbound_unusable_total by channel and kind), listed for the operator and replayed after a fix
// (`npm run admin -- unusable-inbound`, `npm run admin -- replay-inbound`).

export type UnusablePart = { kind: UnusableKind; reason: string; raw: unknown; businessId?: string | null };

const fingerprint = (channel: string, part: UnusablePart) =>
  createHash("sha256")
    .update(`${channel}\n${part.kind}\n${JSON.stringify(part.raw)}`)
    .digest("hex");

/** Keeps the parts (once each, however often the job that found them runs) and counts them. */
export async function recordUnusable(db: Db, channel: string, parts: UnusablePart[]): Promise<void> {
  if (!parts.length) return;
  const inserted = await db
    .insert(inboundUnusable)
    .values(
      parts.map((p) => ({
        id: newId("inu"),
        channel,
        fingerprint: fingerprint(channel, p),
        kind: p.kind,
        reason: p.reason.slice(0, 500),
        raw: p.raw ?? null,
        businessId: p.businessId ?? null,
      })),
    )
    .onConflictDoNothing({ target: inboundUnusable.fingerprint })
    .returning({ kind: inboundUnusable.kind });
  for (const row of inserted) metrics().inboundUnusable.inc({ channel, kind: row.kind });
}

export type UnusableView = {
  id: string;
  channel: string;
  kind: UnusableKind;
  reason: string;
  businessId: string | null;
  receivedAt: string;
  replayedAt: string | null;
  lastReplayAt: string | null;
  lastReplayOutcome: string | null;
  raw: unknown;
};

const view = (r: typeof inboundUnusable.$inferSelect): UnusableView => ({
  id: r.id,
  channel: r.channel,
  kind: r.kind,
  reason: r.reason,
  businessId: r.businessId,
  receivedAt: r.receivedAt.toISOString(),
  replayedAt: r.replayedAt?.toISOString() ?? null,
  lastReplayAt: r.lastReplayAt?.toISOString() ?? null,
  lastReplayOutcome: r.lastReplayOutcome,
  raw: r.raw,
});

/** The newest first; without `all`, only those not replayed yet. */
export async function listUnusable(db: Db, opts: { all?: boolean; limit?: number; businessId?: string } = {}): Promise<UnusableView[]> {
  const rows = await db
    .select()
    .from(inboundUnusable)
    .where(
      and(opts.all ? undefined : isNull(inboundUnusable.replayedAt), opts.businessId ? eq(inboundUnusable.businessId, opts.businessId) : undefined),
    )
    .orderBy(desc(inboundUnusable.receivedAt), desc(inboundUnusable.id))
    .limit(Math.min(Math.max(opts.limit ?? 100, 1), 1000));
  return rows.map(view);
}

/**
 * Processes kept parts again, as the channel's inbound job would (after a fix that reads them): a part
 * now used is marked replayed; one still unusable stays, with the reason of this try. `process` runs
 * the channel's processing on the part and returns what it still could not use.
 */
export async function replayUnusable(
  db: Db,
  which: { id?: string; all?: boolean },
  process: (channel: string, raw: unknown) => Promise<UnusablePart[]>,
): Promise<Array<{ id: string; replayed: boolean; outcome: string }>> {
  if (!which.id && !which.all) throw new AppError("invalid_request", "--id or --all is required.");
  const rows = which.id
    ? await db.select().from(inboundUnusable).where(eq(inboundUnusable.id, which.id))
    : await db.select().from(inboundUnusable).where(isNull(inboundUnusable.replayedAt)).orderBy(inboundUnusable.receivedAt).limit(1000);
  if (which.id && !rows.length) throw new AppError("not_found", "No such unusable inbound item.");
  const out: Array<{ id: string; replayed: boolean; outcome: string }> = [];
  for (const row of rows) {
    let outcome: string;
    let replayed = false;
    try {
      const still = await process(row.channel, row.raw);
      replayed = !still.length;
      outcome = replayed ? "processed" : `still unusable: ${still.map((p) => p.reason).join("; ")}`;
    } catch (err) {
      outcome = `failed: ${String((err as Error)?.message ?? err).slice(0, 300)}`;
    }
    await db
      .update(inboundUnusable)
      .set({ lastReplayAt: sql`now()`, lastReplayOutcome: outcome.slice(0, 500), ...(replayed ? { replayedAt: sql`now()` } : {}) })
      .where(eq(inboundUnusable.id, row.id));
    out.push({ id: row.id, replayed, outcome });
  }
  return out;
}
