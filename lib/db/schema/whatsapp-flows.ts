import { index, jsonb, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import type { FlowField } from "../../shared/flow-schema";
import { createdAt, updatedAt } from "./columns";
import { businessId } from "./tenancy";

/**
 * A WhatsApp Flow the business built in Meta's Flow builder and registered here (issue 38 item 5):
 * sent from skills, the inbox and the API as an interactive Flow message or a template's FLOW button,
 * its answers read by `fields`. One registration per Meta Flow id per business.
 */
export const whatsappFlows = pgTable(
  "whatsapp_flows",
  {
    id: text("id").primaryKey(),
    businessId: businessId(),
    /** The Flow's id at Meta. */
    flowId: text("flow_id").notNull(),
    name: text("name").notNull(),
    /** The screen it opens on; null: the Flow's first screen. */
    screen: text("screen"),
    cta: text("cta").notNull(),
    fields: jsonb("fields").$type<FlowField[]>().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("whatsapp_flows_business_flow_uq").on(t.businessId, t.flowId),
    index("whatsapp_flows_business_created_idx").on(t.businessId, t.createdAt, t.id),
  ],
);
