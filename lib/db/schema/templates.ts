import { check, index, jsonb, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import type { TemplateButton, TemplateHeader } from "../../shared/template-schema";
import { createdAt, updatedAt } from "./columns";
import { businessId, oneOf } from "./tenancy";

export const templateStatuses = ["approved", "pending", "rejected", "paused", "disabled"] as const;
export const templateCategories = ["utility", "marketing", "authentication"] as const;
export type TemplateStatus = (typeof templateStatuses)[number];

export const templates = pgTable(
  "templates",
  {
    id: text("id").primaryKey(),
    businessId: businessId(),
    name: text("name").notNull(),
    language: text("language").notNull(),
    category: text("category", { enum: templateCategories }).notNull(),
    body: text("body").notNull(),
    /** `positional` ({{1}}) or `named` ({{order_id}}): Meta's parameter_format. */
    parameterFormat: text("parameter_format", { enum: ["positional", "named"] })
      .notNull()
      .default("positional"),
    /** The HEADER component: text (at most one variable) or an image, video or document given at send time. */
    header: jsonb("header").$type<TemplateHeader>(),
    /** The FOOTER component's text (no variables). */
    footer: text("footer"),
    /** The BUTTONS component, in order (quick replies, URL, phone number, copy code). */
    buttons: jsonb("buttons").$type<TemplateButton[]>().notNull().default([]),
    // Meta's review: approved at once on the sandbox or without a business account id; otherwise what
    // Meta last said (submission answer, status webhook, periodic sync).
    status: text("status", { enum: templateStatuses }).notNull().default("approved"),
    /** Meta's reason for a rejection, pause or disabling, in its own words (e.g. INVALID_FORMAT). */
    statusReason: text("status_reason"),
    /** Meta's id of the template (null on the sandbox and for templates never submitted). */
    metaTemplateId: text("meta_template_id"),
    /** Meta's quality rating of the template: GREEN, YELLOW, RED or UNKNOWN. */
    qualityRating: text("quality_rating"),
    /** One example value per {{n}} variable, which Meta requires with a submission. */
    examples: jsonb("examples").$type<string[]>().notNull().default([]),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("templates_name_language_uq").on(t.businessId, t.name, t.language),
    index("templates_business_created_idx").on(t.businessId, t.createdAt, t.id),
    index("templates_meta_id_idx").on(t.metaTemplateId),
    check("templates_category_check", oneOf(t.category, templateCategories)),
    check("templates_status_check", oneOf(t.status, templateStatuses)),
    check("templates_parameter_format_check", oneOf(t.parameterFormat, ["positional", "named"])),
  ],
);
