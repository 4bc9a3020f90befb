import "server-only";
import { and, desc, eq, gt } from "drizzle-orm";
import { orderPayments, records } from "../../db/schema";
import { isDetectedLanguage } from "../../language";
import { now } from "../../time/clock";
import { turnLanguage } from "../base/conversation-language";
import { reply } from "../base/reply";
import type { Turn } from "../base/turn-context";
import { t } from "../messages";
import { saysYes } from "../understanding/acts";
import { formatPrice } from "../understanding/price";
import { smallTalk } from "../understanding/small-talk";

/**
 * "Yes, go ahead", "sim", "ok" after the order was placed and its payment link sent: the order stands
 * and waits for its payment, so the customer gets the link again with the time it has left, rather than
 * "no answer" or a new order. Only a short agreement, while this conversation's last order has an open
 * link that has not expired.
 */
export async function acknowledgeAwaitingPayment(turn: Turn): Promise<boolean> {
  const text = turn.message.text;
  if (text.includes("?") || !(saysYes(text) || smallTalk(text, turn.businessName)?.kind === "ack")) return false;
  const [open] = await turn.db
    .select({ url: orderPayments.url, amount: orderPayments.amount, currency: orderPayments.currency, expiresAt: orderPayments.expiresAt })
    .from(orderPayments)
    .innerJoin(records, eq(records.id, orderPayments.recordId))
    .where(
      and(
        eq(orderPayments.businessId, turn.businessId),
        eq(records.conversationId, turn.conversation.id),
        eq(orderPayments.status, "open"),
        gt(orderPayments.expiresAt, now()),
      ),
    )
    .orderBy(desc(orderPayments.createdAt))
    .limit(1);
  if (!open?.url) return false;
  const language = await turnLanguage(turn);
  const lang = isDetectedLanguage(language) ? language : "en";
  const minutes = Math.max(1, Math.round((open.expiresAt.getTime() - now().getTime()) / 60_000));
  await reply(turn, t(lang, "payment.link", { total: formatPrice(open.amount, open.currency, lang), url: open.url, minutes }));
  return true;
}
