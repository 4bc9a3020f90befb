import "server-only";
import { and, eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { businesses, messages, templates, whatsappFlows } from "../db/schema";
import { flowAnswerSummary, readFlowFields } from "../shared/flow-schema";

// A customer's answer to a WhatsApp Flow (issue 38 item 5). WhatsApp's answer does not name the Flow
// (Meta: "The Flow response does not include the Flow ID"): it quotes the message that sent it
// (`context.id`) and carries that message's `flow_token` (by default our message id). From that message
// (an interactive Flow, or a template with a FLOW button) the registered Flow is found, and its fields
// read the answer: numbers as numbers, dates as days, and a summary staff read in the thread.

type Content = Record<string, unknown>;

/** The Flow a message of ours sent: the registration's id when it names one, and Meta's id. */
async function flowSentBy(db: Db, businessId: string, messageId: string): Promise<{ flow: string | null; flowId: string | null } | null> {
  const [m] = await db
    .select({ interactive: messages.interactive, template: messages.template })
    .from(messages)
    .where(and(eq(messages.id, messageId), eq(messages.businessId, businessId), eq(messages.direction, "outbound")));
  if (!m) return null;
  const i = m.interactive;
  if (i && "type" in i && i.type === "flow") return { flow: i.flow, flowId: i.flowId ?? null };
  if (m.template?.buttons?.some((b) => b.type === "flow")) {
    const [t] = await db
      .select({ buttons: templates.buttons })
      .from(templates)
      .where(and(eq(templates.businessId, businessId), eq(templates.name, m.template.name), eq(templates.language, m.template.language)));
    const button = t?.buttons.find((b) => b.type === "flow");
    return button?.type === "flow" ? { flow: null, flowId: button.flowId } : null;
  }
  return null;
}

/**
 * The stored form of a Flow answer (`content.kind: "nfm_reply"`, as the channel parsed it): the Flow it
 * answers, when known, and its fields read by the registration; `text` is what the thread shows.
 */
export async function readFlowAnswer(
  db: Db,
  businessId: string,
  content: Content,
  replyToId: string | null,
): Promise<{ text: string; content: Content }> {
  const token = typeof content.token === "string" ? content.token : null;
  const response = (content.response && typeof content.response === "object" ? content.response : {}) as Record<string, unknown>;
  // The quoted message first; else the token, when it is one of our message ids.
  const sent =
    (replyToId ? await flowSentBy(db, businessId, replyToId) : null) ?? (token?.startsWith("msg_") ? await flowSentBy(db, businessId, token) : null);
  const [registered] = sent
    ? await db
        .select()
        .from(whatsappFlows)
        .where(
          and(eq(whatsappFlows.businessId, businessId), sent.flow ? eq(whatsappFlows.id, sent.flow) : eq(whatsappFlows.flowId, sent.flowId ?? "")),
        )
    : [];
  const [business] = await db.select({ timeZone: businesses.timeZone }).from(businesses).where(eq(businesses.id, businessId));
  const fields = readFlowFields(registered?.fields ?? null, response, business?.timeZone ?? "UTC");
  const summary = flowAnswerSummary(registered?.fields ?? null, fields);
  const name = registered?.name ?? null;
  const text = summary ? (name ? `${name}: ${summary}` : summary) : String(content.body ?? "Sent");
  return {
    text,
    content: {
      ...content,
      flow: registered?.id ?? sent?.flow ?? null,
      flowId: registered?.flowId ?? sent?.flowId ?? null,
      flowName: name,
      fields,
    },
  };
}
