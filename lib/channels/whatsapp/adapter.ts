import "server-only";
import { type ChannelAdapter, ChannelError, type ChannelMessage, type ChannelReceipt, type OutboundMedia } from "../channel";
import { buildWhatsAppPayload } from "./build-payload";
import { graphUrl, type WhatsAppConnection } from "./connection";
import { retryDelayMs, whatsAppError } from "./errors";
import { downloadWhatsAppMedia, uploadWhatsAppMedia } from "./media";
import { sendReaction, sendReadReceipt } from "./signals";
import { whatsAppTemplates } from "./templates";
import { verifyWhatsAppNumber } from "./verify-number";

// Sends through the WhatsApp Cloud API. The HTTP status says little (Meta answers 400 for almost
// everything), so outcomes are decided by the body: a wamid, or `error.code` mapped as
// docs/api-contract.md ("WhatsApp") describes. The other doors (read receipts, reactions, files,
// number verification, templates) are the calls of ./signals.ts, ./media.ts, ./verify-number.ts and
// ./templates.ts, bound to the same connection.

// Well below the job lease (120 s), so a hung request never lets a second worker send the same message.
const timeoutMs = () => Number(process.env.WHATSAPP_TIMEOUT_MS ?? 15_000);

// For failures without a Graph code (timeouts, 5xx pages from a proxy): the transient schedule.
const NETWORK_RETRY_MS = retryDelayMs(131000, 1);

/** Every door of the channel, bound to the connection. */
export function whatsAppAdapter(connection: WhatsAppConnection): Required<ChannelAdapter> {
  return {
    channel: "whatsapp",
    async send(message: ChannelMessage): Promise<ChannelReceipt> {
      // A file goes up first; the message then names it by the id WhatsApp gave it.
      // A template's header file goes up the same way and is named in the header's parameter.
      const file = message.media ? await uploadFor(connection, message.media) : undefined;
      const isTemplate = message.type === "template";
      const media = !isTemplate && message.type === "media" ? file : undefined;
      const payload = buildWhatsAppPayload({
        to: message.to,
        type: media ? "media" : isTemplate ? "template" : message.interactive ? "interactive" : "text",
        text: message.text,
        template: message.template ? { ...message.template, ...(isTemplate && file ? { headerMediaId: file.id } : {}) } : undefined,
        interactive: message.interactive ?? undefined,
        replyTo: message.replyTo ?? undefined,
        media,
        flowToken: message.id,
      });
      const url = `${graphUrl()}/${encodeURIComponent(connection.phoneNumberId)}/messages`;
      let res: Response;
      let body: unknown;
      try {
        res = await fetch(url, {
          method: "POST",
          headers: { authorization: `Bearer ${connection.accessToken}`, "content-type": "application/json" },
          body: JSON.stringify(payload),
          redirect: "manual",
          signal: AbortSignal.timeout(timeoutMs()),
        });
        body = await res.json().catch(() => null);
      } catch (err) {
        // The request may or may not have reached Meta; retrying risks a duplicate, dropping risks a loss.
        throw new ChannelError("transient", null, `WhatsApp request failed: ${(err as Error).message}`, NETWORK_RETRY_MS);
      }
      return readResponse(res.status, body);
    },
    markRead: (wamid, options) => sendReadReceipt(connection, wamid, options?.typing),
    react: (to, wamid, emoji) => sendReaction(connection, to, wamid, emoji),
    media: {
      download: (mediaId) => downloadWhatsAppMedia(connection, mediaId),
      upload: (file) => uploadWhatsAppMedia(connection, file),
    },
    verifyNumber: () => verifyWhatsAppNumber(connection.phoneNumberId, connection.accessToken),
    templates: whatsAppTemplates(connection),
  };
}

async function uploadFor(connection: WhatsAppConnection, media: OutboundMedia) {
  const filename = media.filename ?? `${media.kind}.${media.mimeType.split("/")[1] ?? "bin"}`;
  const id =
    media.channelId ?? (await uploadWhatsAppMedia(connection, { bytes: await media.open(), mimeType: media.mimeType, filename, size: media.size }));
  return { kind: media.kind, id, caption: media.caption, filename: media.filename, ...(media.voice ? { voice: true } : {}) };
}

type GraphBody = { messages?: { id?: unknown }[]; error?: { code?: unknown; message?: unknown; error_data?: { details?: unknown } } };

function readResponse(httpStatus: number, raw: unknown): ChannelReceipt {
  const body = (raw && typeof raw === "object" ? raw : {}) as GraphBody;
  const wamid = body.messages?.[0]?.id;
  if (httpStatus >= 200 && httpStatus < 300 && typeof wamid === "string" && wamid) {
    return { channelMessageId: wamid, acceptedAt: new Date() };
  }
  const code = typeof body.error?.code === "number" ? body.error.code : Number(body.error?.code);
  if (Number.isFinite(code)) {
    const details = typeof body.error?.error_data?.details === "string" ? body.error.error_data.details : null;
    const message = typeof body.error?.message === "string" ? body.error.message : (details ?? `WhatsApp error ${code}`);
    return fail(whatsAppError(code, message));
  }
  // No Graph error in the body: a gateway page or an overloaded edge is worth another try, a 4xx is not.
  const retry = httpStatus >= 500 || httpStatus === 429 || (httpStatus >= 200 && httpStatus < 300);
  return fail(
    new ChannelError(
      retry ? "transient" : "permanent",
      null,
      `WhatsApp answered HTTP ${httpStatus} without a message id.`,
      retry ? NETWORK_RETRY_MS : 0,
    ),
  );
}

function fail(err: ChannelError): never {
  throw err;
}
