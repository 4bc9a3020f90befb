import { bigint, check, index, jsonb, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, ts } from "./columns";
import { sql } from "drizzle-orm";

// The kinds of business sign-up asks for; each has a starter kit (lib/starter-kits, docs/starter-kits.md).
export const businessKinds = ["restaurant", "salon_or_clinic", "shop", "other"] as const;

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
    // Onboarding answers (sign-up): restaurant, salon_or_clinic, shop or other; the languages
    // the business speaks (en, es, pt); its address. The overview checklist shows until dismissed.
    kind: text("kind").notNull().default("other"),
    languages: jsonb("languages").$type<string[]>().notNull().default(["en"]),
    address: text("address"),
    checklistDismissedAt: ts("checklist_dismissed_at"),
    // The WhatsApp Business Account the number belongs to: with it, templates are submitted to Meta and
    // follow Meta's review; without it (templates managed in Meta's own tools) they are approved at once.
    whatsappBusinessAccountId: text("whatsapp_business_account_id"),
    // What the Graph API last said of the number: quality rating (GREEN/YELLOW/RED/UNKNOWN) and the
    // messaging limit tier (TIER_250, TIER_1K, ...), refreshed by the template sync and webhooks.
    whatsappQualityRating: text("whatsapp_quality_rating"),
    whatsappMessagingLimit: text("whatsapp_messaging_limit"),
    whatsappTemplatesSyncedAt: ts("whatsapp_templates_synced_at"),
    // How many bytes of files the business may store (set by the operator: `npm run admin --
    // set-storage-quota`); null is the deployment's MEDIA_STORAGE_QUOTA_BYTES (lib/media/storage-quota.ts).
    storageQuotaBytes: bigint("storage_quota_bytes", { mode: "number" }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("businesses_whatsapp_phone_number_id_uq").on(t.whatsappPhoneNumberId),
    index("businesses_whatsapp_business_account_idx").on(t.whatsappBusinessAccountId),
    check("businesses_kind_check", sql`${t.kind} in (${sql.raw(businessKinds.map((k) => `'${k}'`).join(", "))})`),
    check("businesses_storage_quota_check", sql`${t.storageQuotaBytes} is null or ${t.storageQuotaBytes} >= 0`),
  ],
);
