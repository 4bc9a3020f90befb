import { sql } from "drizzle-orm";
import { bigint, boolean, check, index, pgTable, text } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";
import { businessId, oneOf } from "./tenancy";
import { conversations } from "./conversations";
import { messages } from "./messages";

// Every change of a wallet: grants (+), usage by automated replies (-), adjustments (+/-).
export const ledgerKinds = ["grant", "usage", "adjustment"] as const;

export const tokenLedger = pgTable(
  "token_ledger",
  {
    id: text("id").primaryKey(),
    businessId: businessId(),
    kind: text("kind", { enum: ledgerKinds }).notNull(),
    tokens: bigint("tokens", { mode: "number" }).notNull(),
    // The ledger outlives what it charged for (an erased contact's messages): the references go null.
    messageId: text("message_id").references(() => messages.id, { onDelete: "set null" }),
    conversationId: text("conversation_id").references(() => conversations.id, { onDelete: "set null" }),
    note: text("note"),
    // An automated reply's usage, taken from the balance when its transaction commits (the deferred
    // trigger token_ledger_charge_at_commit, drizzle/0042): the business's row is locked only inside the
    // commit, so one business's replies do not queue on it for their transactions' last round trips.
    chargedAtCommit: boolean("charged_at_commit").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index("token_ledger_business_idx").on(t.businessId, t.kind, t.createdAt),
    // Deleting messages (erasure, retention) sets these to null: found by index, not by a scan per message.
    index("token_ledger_message_idx").on(t.messageId).where(sql`message_id is not null`),
    index("token_ledger_conversation_idx").on(t.conversationId).where(sql`conversation_id is not null`),
    check("token_ledger_kind_check", oneOf(t.kind, ledgerKinds)),
  ],
);
