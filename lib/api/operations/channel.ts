import { z } from "zod";
import { recordAudit } from "../../audit/record";
import { disconnectWhatsApp, getBusiness } from "../../businesses/businesses";
import { connectedChannel, setWhatsApp } from "../../channels";
import { messagingLimitUse } from "../../campaigns/messaging-limit";
import type { Db } from "../../db/client";
import { audited, auditOf } from "../audit";
import { defineOperation } from "../operation";
import { returns } from "./common";

// The channel page (internal, owners only): which channel replies take; the WhatsApp number.

async function channelStatus(db: Db, businessId: string) {
  const b = await getBusiness(db, businessId);
  const limit = connectedChannel(b) === "whatsapp" ? await messagingLimitUse(db, businessId) : null;
  return {
    // Meta's messaging limit for the business portfolio and what the last 24 hours used of it.
    messagingLimit: limit
      ? { tier: limit.tier, users: limit.users ?? null, reported: limit.users !== undefined, used: limit.used, sharedWith: limit.businesses - 1 }
      : null,
    channel: connectedChannel(b),
    phoneNumberId: b.whatsappPhoneNumberId,
    displayNumber: b.whatsappDisplayNumber,
    businessAccountId: b.whatsappBusinessAccountId,
    accessTokenSet: b.whatsappAccessTokenEnc !== null,
    verifyTokenEnv: "WHATSAPP_VERIFY_TOKEN",
    verifyTokenSet: Boolean(process.env.WHATSAPP_VERIFY_TOKEN),
    appSecretSet: Boolean(process.env.WHATSAPP_APP_SECRET),
  };
}
export type ChannelStatus = Awaited<ReturnType<typeof channelStatus>>;

export const channelGet = defineOperation({
  id: "internal-channel-get",
  method: "GET",
  path: "/internal/channel",
  internal: true,
  role: "owner",
  tag: "Channel",
  summary: "Which channel replies take (WhatsApp or the sandbox); never the token",
  response: returns<ChannelStatus>(),
  handler: async (ctx) => channelStatus(ctx.db, ctx.businessId),
});

export const channelConnect = defineOperation({
  id: "internal-channel-connect",
  method: "PUT",
  path: "/internal/channel",
  internal: true,
  role: "owner",
  tag: "Channel",
  summary: "Connect or update the WhatsApp number",
  body: z.object({
    phoneNumberId: z.string().trim().min(1, "Enter the phone number id Meta shows."),
    // Write-only, and checked with Meta before anything is saved. Left empty, the stored (encrypted) token
    // is kept, for the same number only.
    accessToken: z.string().trim().max(2000).optional(),
    displayNumber: z.string().trim().max(40).optional(),
    // The WhatsApp Business Account id: templates then go through Meta's review. Empty clears it.
    businessAccountId: z.string().trim().max(40).optional(),
  }),
  response: returns<ChannelStatus>(),
  handler: async (ctx, { body }) => {
    await setWhatsApp(
      ctx.db,
      ctx.businessId,
      {
        phoneNumberId: body.phoneNumberId,
        accessToken: body.accessToken || undefined,
        displayNumber: body.displayNumber === undefined ? undefined : body.displayNumber || null,
        businessAccountId: body.businessAccountId === undefined ? undefined : body.businessAccountId || null,
      },
      // Recorded in the transaction that saves the connection (after Meta verified it); never the token.
      (tx) =>
        recordAudit(tx, {
          ...auditOf(ctx),
          action: "channel.connected",
          target: { type: "channel", id: body.phoneNumberId },
          details: { channel: "whatsapp", phoneNumberId: body.phoneNumberId, tokenChanged: Boolean(body.accessToken) },
        }),
    );
    return channelStatus(ctx.db, ctx.businessId);
  },
});

export const channelDisconnect = defineOperation({
  id: "internal-channel-disconnect",
  method: "DELETE",
  path: "/internal/channel",
  internal: true,
  role: "owner",
  tag: "Channel",
  summary: "Disconnect WhatsApp: replies go to the sandbox again",
  response: returns<ChannelStatus>(),
  handler: async (ctx) => {
    await audited(
      ctx,
      async (tx) => {
        const { whatsappPhoneNumberId } = await getBusiness(tx, ctx.businessId);
        await disconnectWhatsApp(tx, ctx.businessId);
        return whatsappPhoneNumberId;
      },
      (phoneNumberId) => ({
        action: "channel.disconnected",
        target: phoneNumberId ? { type: "channel", id: phoneNumberId } : null,
        details: { channel: "whatsapp" },
      }),
    );
    return channelStatus(ctx.db, ctx.businessId);
  },
});
