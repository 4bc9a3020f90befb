import { bigint, index, pgTable, text } from "drizzle-orm/pg-core";
import { businessId, createdAt } from "./columns";

// Every change of a wallet: grants (+), usage by automated replies (-), adjustments (+/-).
export const tokenLedger = pgTable(
  "token_ledger",
  {
    id: text("id").primaryKey(),
    businessId: businessId(),
    kind: text("kind", { enum: ["grant", "usage", "adjustment"] }).notNull(),
    tokens: bigint("tokens", { mode: "number" }).notNull(),
    messageId: text("message_id"),
    conversationId: text("conversation_id"),
    note: text("note"),
    createdAt: createdAt(),
  },
  (t) => [index("token_ledger_business_idx").on(t.businessId, t.kind, t.createdAt)],
);
