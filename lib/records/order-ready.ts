import "server-only";
import { contactAddress } from "../shared/customer-address";
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../db/client";
import { conversations, orderSettings } from "../db/schema";
import { AppError, invalid } from "../errors";
import { windowOpen } from "../messages/outbound";
import { sendMessage } from "../messages/send-message";
import { placeholderCount } from "../shared/template-schema";
import { findTemplate, templateSendNeeds } from "../templates/templates";
import type { RecordOut } from "./records";

// Issue 15: when an order becomes ready, a message to the customer: free-form text inside the 24-hour
// window, else the approved template the business chose in its order settings. The status change never
// depends on it: when neither is possible the answer says the customer was not notified, and why.

export const DEFAULT_READY_TEXT = "Good news: your order is ready.";

/** The default, said in the customer's language (the conversation's) when the owner wrote no text of their own. */
export const DEFAULT_READY_TEXTS = {
  en: DEFAULT_READY_TEXT,
  pt: "Boas notícias: a sua encomenda está pronta.",
  es: "Buenas noticias: tu pedido está listo.",
} as const;

async function customerLanguage(db: Db, businessId: string, order: RecordOut): Promise<keyof typeof DEFAULT_READY_TEXTS> {
  const [row] = order.conversationId
    ? await db
        .select({ language: conversations.language })
        .from(conversations)
        .where(and(eq(conversations.businessId, businessId), eq(conversations.id, order.conversationId)))
    : [];
  const language = row?.language;
  return language === "pt" || language === "es" ? language : "en";
}

export const orderSettingsOut = z.object({
  notifyReady: z.boolean().describe("Message the customer when an order becomes ready."),
  readyText: z.string().describe("Sent inside the 24-hour window; {{name}} is the customer's name."),
  readyTemplate: z
    .object({ name: z.string(), language: z.string() })
    .nullable()
    .describe("Sent outside the window: {{1}} is the customer's name, {{2}} the order's number."),
});
export type OrderSettings = z.infer<typeof orderSettingsOut>;

export const orderSettingsIn = z.strictObject({
  notifyReady: z.boolean().optional(),
  readyText: z.string().trim().min(1, "must not be empty").max(1000).nullable().optional(),
  readyTemplate: z
    .object({ name: z.string().min(1).max(512), language: z.string().min(2).max(15) })
    .nullable()
    .optional(),
});

export const notificationOut = z
  .object({
    sent: z.boolean(),
    via: z.enum(["text", "template"]).nullable(),
    messageId: z.string().nullable(),
    reason: z.string().nullable().describe("Why the customer was not notified (null when sent)."),
  })
  .nullable()
  .describe("Set when the change messages the customer (an order becoming ready); null otherwise.");
export type Notification = z.infer<typeof notificationOut>;

export async function getOrderSettings(db: Db, businessId: string): Promise<OrderSettings> {
  const [row] = await db.select().from(orderSettings).where(eq(orderSettings.businessId, businessId));
  return {
    notifyReady: row?.notifyReady ?? true,
    readyText: row?.readyText ?? DEFAULT_READY_TEXT,
    readyTemplate: row?.readyTemplateName && row.readyTemplateLanguage ? { name: row.readyTemplateName, language: row.readyTemplateLanguage } : null,
  };
}

/** Saves the order settings; a template must be one of the business's approved templates with at most two variables. */
export async function updateOrderSettings(db: Db, businessId: string, input: z.infer<typeof orderSettingsIn>): Promise<OrderSettings> {
  if (input.readyTemplate) {
    const template = await findTemplate(db, businessId, input.readyTemplate.name, input.readyTemplate.language);
    if (!template) {
      throw invalid([{ path: "readyTemplate", message: `No approved template ${input.readyTemplate.name} (${input.readyTemplate.language}).` }]);
    }
    if (placeholderCount(template.body) > 2) {
      throw invalid([
        { path: "readyTemplate", message: "The template may use {{1}} (the customer's name) and {{2}} (the order's number), no more." },
      ]);
    }
    // The notice fills body variables only (issue 38): a header value or file, or a button value, cannot be given.
    const needs = templateSendNeeds(template);
    if (needs.length)
      throw invalid([{ path: "readyTemplate", message: `The order-ready notice cannot fill ${needs.join(", ")}: choose another template.` }]);
  }
  const current = await getOrderSettings(db, businessId);
  const next = {
    notifyReady: input.notifyReady ?? current.notifyReady,
    readyText: input.readyText === undefined ? current.readyText : (input.readyText ?? DEFAULT_READY_TEXT),
    readyTemplate: input.readyTemplate === undefined ? current.readyTemplate : input.readyTemplate,
  };
  const values = {
    notifyReady: next.notifyReady,
    readyText: next.readyText,
    readyTemplateName: next.readyTemplate?.name ?? null,
    readyTemplateLanguage: next.readyTemplate?.language ?? null,
    updatedAt: new Date(),
  };
  await db
    .insert(orderSettings)
    .values({ businessId, ...values })
    .onConflictDoUpdate({ target: orderSettings.businessId, set: values });
  return next;
}

/** The order's short number as a customer reads it: the last 6 characters of its id. */
export const orderNumber = (recordId: string) => recordId.slice(-6).toUpperCase();

// Issue 36: the message is the business's system speaking, whoever changed the status. Sent as a
// person's reply (`agent`) it handed the conversation over and silenced the assistant; as `api` it is
// what the business's own systems send, which never pauses the assistant (people-first.ts).
const SYSTEM_SENDER = { source: "api", userId: null } as const;

/** Messages the customer that the order is ready; never throws for a send that cannot happen. */
export async function notifyOrderReady(db: Db, businessId: string, order: RecordOut): Promise<NonNullable<Notification>> {
  const sender = SYSTEM_SENDER;
  const notSent = (reason: string) => ({ sent: false, via: null, messageId: null, reason });
  const settings = await getOrderSettings(db, businessId);
  if (!settings.notifyReady) return notSent("order-ready messages are turned off in the order settings.");
  // The customer's phone or, for a customer WhatsApp names without a number, their BSUID.
  const phone = order.contact ? contactAddress(order.contact) : null;
  if (!phone) return notSent("the order has no customer phone number.");
  const name = order.contact?.name?.trim() || "there";
  try {
    if (await windowOpen(db, businessId, phone)) {
      const own = settings.readyText !== DEFAULT_READY_TEXT ? settings.readyText : DEFAULT_READY_TEXTS[await customerLanguage(db, businessId, order)];
      const text = own.replace(/\{\{\s*name\s*\}\}/g, name);
      const message = await sendMessage(db, businessId, { to: phone, type: "text", text }, sender);
      return { sent: true, via: "text", messageId: message.id, reason: null };
    }
    if (!settings.readyTemplate) {
      return notSent("the customer has not written in the last 24 hours and no order-ready template is chosen in the order settings.");
    }
    const template = await findTemplate(db, businessId, settings.readyTemplate.name, settings.readyTemplate.language);
    if (!template) return notSent(`the order-ready template ${settings.readyTemplate.name} is not approved.`);
    const variables = [name, orderNumber(order.id)].slice(0, placeholderCount(template.body));
    const message = await sendMessage(
      db,
      businessId,
      { to: phone, type: "template", template: { name: template.name, language: template.language, variables } },
      sender,
    );
    return { sent: true, via: "template", messageId: message.id, reason: null };
  } catch (err) {
    if (err instanceof AppError) return notSent(err.message);
    throw err;
  }
}
