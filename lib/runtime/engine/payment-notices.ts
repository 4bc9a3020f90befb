import "server-only";
import { and, eq } from "drizzle-orm";
import { handoffConversation } from "../../conversations/transitions";
import { type Db, db as defaultDb } from "../../db/client";
import { contacts, conversations } from "../../db/schema";
import { AppError } from "../../errors";
import { runs } from "../../jobs/worker";
import { isDetectedLanguage } from "../../language";
import { sendMessage } from "../../messages/send-message";
import { componentLogger } from "../../observability/log";
import { type PaymentNoticeKind, paymentNotice, paymentWithOrder } from "../../payments/order-payments";
import { contactAddress } from "../../shared/customer-address";
import { t } from "../messages";
import { formatPrice } from "../understanding/price";

// What the customer is told about an order's payment, in the language of their conversation: the
// link with the total, that it was paid, that it expired unpaid, or that no link could be made (then a
// person takes the conversation). Sent as the business's system (source `api`, like the order-ready
// notice), so it never pauses the assistant. A customer outside the 24-hour window is not messaged.

const log = componentLogger("payments");

const keys: Record<PaymentNoticeKind, "payment.link" | "payment.paid" | "payment.expired" | "payment.failed"> = {
  link: "payment.link",
  paid: "payment.paid",
  expired: "payment.expired",
  failed: "payment.failed",
};

export async function sendPaymentNotice(db: Db, businessId: string, paymentId: string, kind: PaymentNoticeKind): Promise<void> {
  const found = await paymentWithOrder(db, businessId, paymentId);
  if (!found?.order.contactId) return;
  const { payment, order } = found;
  const [contact] = await db
    .select()
    .from(contacts)
    .where(and(eq(contacts.businessId, businessId), eq(contacts.id, order.contactId as string)));
  const to = contact ? contactAddress(contact) : null;
  if (!to) return;
  const [conversation] = order.conversationId
    ? await db
        .select({ language: conversations.language })
        .from(conversations)
        .where(and(eq(conversations.businessId, businessId), eq(conversations.id, order.conversationId)))
    : [];
  const lang = isDetectedLanguage(conversation?.language) ? conversation.language : "en";
  const minutes = Math.max(1, Math.round((payment.expiresAt.getTime() - payment.createdAt.getTime()) / 60_000));
  const text = t(lang, keys[kind], { total: formatPrice(payment.amount, payment.currency, lang), url: payment.url ?? "", minutes });
  try {
    await sendMessage(db, businessId, { to, type: "text", text }, { source: "api", userId: null });
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    log.warn({ businessId, paymentId, kind, code: err.code }, "payment notice not sent");
  }
  if (kind === "failed" && order.conversationId) {
    await handoffConversation(db, businessId, order.conversationId, { reason: "payment_link_failed", actor: "assistant" });
  }
}

export const paymentNoticeJob = runs(paymentNotice, (p) => sendPaymentNotice(defaultDb(), p.businessId, p.paymentId, p.kind));
