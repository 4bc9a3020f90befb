import { sql } from "drizzle-orm";
import { check, index, jsonb, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { businesses } from "./businesses";
import { createdAt, ts } from "./columns";
import { oneOf } from "./tenancy";

// What a channel sent us that the service could not use (issue 37 item 3): a malformed entry, a field
// or message type we do not handle, a number or message we do not know, a body that is no JSON. Kept
// with its raw payload, counted in /metrics, listed for the operator (`npm run admin -- unusable-inbound`)
// and replayed after a fix (`npm run admin -- replay-inbound`): nothing is dropped silently.
export const unusableKinds = ["malformed", "unknown_field", "unknown_type", "unknown_number", "unknown_message", "invalid_json"] as const;
export type UnusableKind = (typeof unusableKinds)[number];

export const inboundUnusable = pgTable(
  "inbound_unusable",
  {
    id: text("id").primaryKey(),
    channel: text("channel").notNull(),
    // sha256 of the kind and the raw part: a job retried after a crash keeps one row, not two.
    fingerprint: text("fingerprint").notNull(),
    kind: text("kind", { enum: unusableKinds }).notNull(),
    reason: text("reason").notNull(),
    // A webhook body holding only the part that could not be used (replayed as a body of its own);
    // `{ "text": ... }` for a body that was no JSON.
    raw: jsonb("raw").$type<unknown>().notNull(),
    // The business, when the part names a number we know; a business's deletion takes its rows along.
    businessId: text("business_id").references(() => businesses.id, { onDelete: "cascade" }),
    receivedAt: createdAt(),
    // Set when a replay processed it; a replay that still cannot use it leaves it null and says why.
    replayedAt: ts("replayed_at"),
    lastReplayAt: ts("last_replay_at"),
    lastReplayOutcome: text("last_replay_outcome"),
  },
  (t) => [
    uniqueIndex("inbound_unusable_fingerprint_uq").on(t.fingerprint),
    index("inbound_unusable_open_idx").on(t.receivedAt).where(sql`${t.replayedAt} is null`),
    index("inbound_unusable_business_idx").on(t.businessId),
    check("inbound_unusable_kind_check", oneOf(t.kind, unusableKinds)),
  ],
);
