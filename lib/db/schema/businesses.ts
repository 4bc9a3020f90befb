import { bigint, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";

export const businesses = pgTable(
  "businesses",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    timeZone: text("time_zone").notNull().default("UTC"),
    // Wallet balance; the ledger holds every change, this column is its running sum for atomic charges.
    tokenBalance: bigint("token_balance", { mode: "number" }).notNull().default(0),
    whatsappPhoneNumberId: text("whatsapp_phone_number_id"),
    whatsappDisplayNumber: text("whatsapp_display_number"),
    whatsappAccessTokenEnc: text("whatsapp_access_token_enc"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("businesses_whatsapp_phone_number_id_uq").on(t.whatsappPhoneNumberId)],
);
