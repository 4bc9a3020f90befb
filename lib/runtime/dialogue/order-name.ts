import "server-only";
import { and, desc, eq } from "drizzle-orm";
import { records } from "../../db/schema";
import { isDetectedLanguage } from "../../language";
import { updateRecord } from "../../records/records";
import { now } from "../../time/clock";
import { turnLanguage } from "../base/conversation-language";
import { reply } from "../base/reply";
import type { Turn } from "../base/turn-context";
import { t } from "../messages";
import { readName } from "../understanding/slots";

// "Joana Reis" right after an order was placed: the customer's name for it, as a shop assistant takes
// it. The order keeps it (its `name` field, record.updated) unless it has one, and the customer is
// thanked by it; never a question the assistant failed to answer.

/** How long after the order a name is still taken as the name for it. */
const WITHIN_MS = 2 * 3600_000;

export async function nameForOrder(turn: Turn): Promise<boolean> {
  const text = turn.message.text;
  if (text.includes("?")) return false;
  const name = readName(text);
  if (!name) return false;
  const [order] = await turn.db
    .select({ id: records.id, fields: records.fields, createdAt: records.createdAt })
    .from(records)
    .where(and(eq(records.businessId, turn.businessId), eq(records.collection, "orders"), eq(records.conversationId, turn.conversation.id)))
    .orderBy(desc(records.id))
    .limit(1);
  if (!order || now().getTime() - new Date(order.createdAt).getTime() > WITHIN_MS) return false;
  if (!order.fields?.name) await updateRecord(turn.db, turn.businessId, order.id, { fields: { name } });
  const language = await turnLanguage(turn);
  const lang = isDetectedLanguage(language) ? language : "en";
  await reply(turn, t(lang, "order.named", { name: name.split(" ")[0] }));
  return true;
}
