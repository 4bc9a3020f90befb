import "server-only";
import { ChannelError } from "../channel";
import { graphUrl, type WhatsAppConnection } from "./connection";
import { whatsAppError } from "./errors";

// What staff do to a customer's message that is not a message of its own: a read receipt (the blue
// ticks) and a reaction. Both go through the same /messages endpoint, but neither is stored as a
// message in the thread.

async function postMessages(connection: WhatsAppConnection, body: object): Promise<void> {
  let res: Response;
  try {
    res = await fetch(`${graphUrl()}/${encodeURIComponent(connection.phoneNumberId)}/messages`, {
      method: "POST",
      headers: { authorization: `Bearer ${connection.accessToken}`, "content-type": "application/json" },
      body: JSON.stringify(body),
      redirect: "manual",
      signal: AbortSignal.timeout(15_000),
    });
  } catch (err) {
    throw new ChannelError("transient", null, `WhatsApp request failed: ${(err as Error).message}`);
  }
  const answer = (await res.json().catch(() => null)) as { error?: { code?: unknown; message?: unknown } } | null;
  if (res.ok) return;
  const code = Number(answer?.error?.code);
  const message = typeof answer?.error?.message === "string" ? answer.error.message : `WhatsApp answered HTTP ${res.status}`;
  if (Number.isFinite(code)) throw whatsAppError(code, message);
  throw new ChannelError(res.status >= 500 ? "transient" : "permanent", null, message);
}

/**
 * Marks the customer's message (and so every earlier one) read: the customer sees blue ticks; with
 * `typing`, also the typing indicator, which WhatsApp shows until the reply or for 25 seconds.
 */
export function sendReadReceipt(connection: WhatsAppConnection, wamid: string, typing = false): Promise<void> {
  return postMessages(connection, {
    messaging_product: "whatsapp",
    status: "read",
    message_id: wamid,
    ...(typing ? { typing_indicator: { type: "text" } } : {}),
  });
}

/** The business's reaction to a message; an empty emoji removes it. */
export function sendReaction(connection: WhatsAppConnection, to: string, wamid: string, emoji: string): Promise<void> {
  return postMessages(connection, {
    messaging_product: "whatsapp",
    recipient_type: "individual",
    to,
    type: "reaction",
    reaction: { message_id: wamid, emoji },
  });
}
