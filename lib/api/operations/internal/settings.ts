import { z } from "zod";
import { analyticsDaily, analyticsSummary, windowSchema } from "../../../analytics/analytics";
import { changeOwnPassword } from "../../../auth/change-password";
import { disconnectWhatsApp, getBusiness, setWhatsApp } from "../../../businesses/businesses";
import { whatsAppConnection } from "../../../channels/whatsapp/adapter";
import { deliveryLog } from "../../../dashboard/webhook-log";
import type { Db } from "../../../db/client";
import { eventTypes } from "../../../db/schema/events";
import { createApiKey, listApiKeys, revokeApiKey } from "../../../keys/api-keys";
import { type LiveKey, liveKeysCreatedBy, revokeKeysCreatedBy } from "../../../keys/key-creators";
import type { InviteOut } from "../../../team/invite-schema";
import { revokeInvitesSentBy } from "../../../team/invites";
import { getUser, listUsers, removeMember, setMemberRole } from "../../../users/users";
import { listDeliveryAttempts } from "../../../webhooks/deliveries";
import { listEndpoints } from "../../../webhooks/endpoints";
import { recordAudit } from "../../../audit/record";
import { audited, auditOf } from "../../audit";
import { memberId } from "../../caller";
import { defineOperation } from "../../operation";
import { idParam, isoDate, pageQuery, returns } from "../common";

// The dashboard's settings pages: team, own password, channel, API keys, the overview's analytics and
// the webhooks page's read models. Owners only (but one's own password). Members only, out of OpenAPI.

export const teamList = defineOperation({
  id: "internal-team-list",
  method: "GET",
  path: "/internal/team",
  internal: true,
  role: "owner",
  tag: "Team",
  summary: "The business's staff",
  response: returns<{ data: Awaited<ReturnType<typeof listUsers>> }>(),
  handler: async (ctx) => ({ data: await listUsers(ctx.db, ctx.businessId) }),
});

const userParam = idParam("userId", "usr_01JD7X4S9C8A3K2M5N6P7Q8R9T");

/** What a member who leaves or stops being an owner leaves behind: their invites are revoked, their keys shown. */
const leftBehind = {
  invitesRevoked: returns<InviteOut[]>().describe("The pending invites the member sent, revoked with this change."),
  keysLeft: returns<LiveKey[]>().describe("API keys the member created that still work: revoke them with POST .../revoke-api-keys."),
};

export const teamSetRole = defineOperation({
  id: "internal-team-set-role",
  method: "PATCH",
  path: "/internal/team/{userId}",
  internal: true,
  role: "owner",
  tag: "Team",
  summary: "Make a member an owner or an agent; their sessions end. An owner made an agent loses their pending invites",
  params: userParam,
  body: z.object({ role: z.enum(["owner", "agent"]) }),
  response: returns<Awaited<ReturnType<typeof setMemberRole>> & { invitesRevoked: InviteOut[]; keysLeft: LiveKey[] }>(),
  handler: async (ctx, { params, body }) => {
    let from: string | undefined;
    return audited(
      ctx,
      async (tx) => {
        from = (await getUser(tx, ctx.businessId, params.userId))?.role;
        const user = await setMemberRole(tx, ctx.businessId, params.userId, body.role);
        const demoted = from === "owner" && user.role === "agent";
        const invitesRevoked = demoted ? await revokeInvitesSentBy(tx, ctx.businessId, user.id, { ...auditOf(ctx), reason: "inviter_demoted" }) : [];
        const keysLeft = user.role === "owner" ? [] : await liveKeysCreatedBy(tx, ctx.businessId, user.id);
        return { ...user, invitesRevoked, keysLeft };
      },
      (u) =>
        from === u.role
          ? null
          : {
              action: "member.role_changed",
              target: { type: "user", id: u.id },
              details: { email: u.email, from, to: u.role, invitesRevoked: u.invitesRevoked.length, keysLeft: u.keysLeft.length },
            },
    );
  },
});

export const teamRemove = defineOperation({
  id: "internal-team-remove",
  method: "DELETE",
  path: "/internal/team/{userId}",
  internal: true,
  role: "owner",
  tag: "Team",
  summary: "Remove a member: their sessions end at once and their pending invites are revoked",
  params: userParam,
  response: z.object({ id: z.string(), removed: z.literal(true), ...leftBehind }),
  handler: async (ctx, { params }) => {
    const { invitesRevoked, keysLeft } = await audited(
      ctx,
      async (tx) => {
        const gone = await getUser(tx, ctx.businessId, params.userId);
        // Before the row goes: the invites' reference to their sender is cleared with it.
        const invitesRevoked = await revokeInvitesSentBy(tx, ctx.businessId, params.userId, { ...auditOf(ctx), reason: "inviter_removed" });
        await removeMember(tx, ctx.businessId, params.userId);
        return { gone, invitesRevoked, keysLeft: await liveKeysCreatedBy(tx, ctx.businessId, params.userId) };
      },
      ({ gone, invitesRevoked, keysLeft }) => ({
        action: "member.removed",
        target: { type: "user", id: params.userId },
        details: { email: gone?.email, role: gone?.role, invitesRevoked: invitesRevoked.length, keysLeft: keysLeft.length },
      }),
    );
    return { id: params.userId, removed: true as const, invitesRevoked, keysLeft };
  },
});

export const teamRevokeKeys = defineOperation({
  id: "internal-team-revoke-api-keys",
  method: "POST",
  path: "/internal/team/{userId}/revoke-api-keys",
  internal: true,
  role: "owner",
  tag: "Team",
  summary: "Revoke every API key a member (or former member) created that still works; each is recorded as api_key.revoked",
  params: userParam,
  response: z.object({ revoked: returns<LiveKey[]>() }),
  handler: async (ctx, { params }) => ({ revoked: await revokeKeysCreatedBy(ctx.db, ctx.businessId, params.userId, auditOf(ctx)) }),
});

export const accountPassword = defineOperation({
  id: "internal-account-password",
  method: "POST",
  path: "/internal/account/password",
  internal: true,
  tag: "Account",
  summary: "Change one's own password; every session of the member ends",
  body: z.object({
    currentPassword: z.string().min(1, "Enter your current password.").max(200),
    newPassword: z.string().min(8, "The new password needs at least 8 characters.").max(200),
  }),
  response: z.object({ changed: z.literal(true) }),
  handler: async (ctx, { body }) => {
    const userId = memberId(ctx.caller);
    await changeOwnPassword(ctx.db, ctx.businessId, userId, body, (tx) =>
      recordAudit(tx, { ...auditOf(ctx), action: "account.password_changed", target: { type: "user", id: userId } }),
    );
    return { changed: true as const };
  },
});

async function channelStatus(db: Db, businessId: string) {
  const b = await getBusiness(db, businessId);
  return {
    channel: whatsAppConnection(b) ? ("whatsapp" as const) : ("sandbox" as const),
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

export const apiKeysList = defineOperation({
  id: "internal-api-keys-list",
  method: "GET",
  path: "/internal/api-keys",
  internal: true,
  role: "owner",
  tag: "API keys",
  summary: "Every key of the business (hint, scopes, last used, expiry, revoked); never a secret",
  response: returns<{ data: Awaited<ReturnType<typeof listApiKeys>> }>(),
  handler: async (ctx) => ({ data: await listApiKeys(ctx.db, ctx.businessId) }),
});

export const apiKeysCreate = defineOperation({
  id: "internal-api-keys-create",
  method: "POST",
  path: "/internal/api-keys",
  internal: true,
  role: "owner",
  tag: "API keys",
  summary: "Create a key; the answer carries the secret, the only time it is shown",
  body: z.object({
    name: z.string().trim().min(1, "Give the key a name.").max(100),
    scopes: z.array(z.string()).min(1, "Pick at least one scope."),
    expiresAt: isoDate.nullable().optional(),
  }),
  response: returns<Awaited<ReturnType<typeof createApiKey>>>(),
  handler: async (ctx, { body }) =>
    audited(
      ctx,
      (tx) => createApiKey(tx, ctx.businessId, body),
      (k) => ({
        action: "api_key.created",
        target: { type: "api_key", id: k.id },
        details: { name: k.name, hint: k.hint, scopes: k.scopes, expiresAt: k.expiresAt },
      }),
    ),
});

export const apiKeysRevoke = defineOperation({
  id: "internal-api-keys-revoke",
  method: "DELETE",
  path: "/internal/api-keys/{keyId}",
  internal: true,
  role: "owner",
  tag: "API keys",
  summary: "Revoke a key: it stops working on its next request",
  params: idParam("keyId", "key_01JD7X4S9C8A3K2M5N6P7Q8R9T"),
  response: z.object({ id: z.string(), revoked: z.literal(true) }),
  handler: async (ctx, { params }) => {
    await audited(
      ctx,
      (tx) => revokeApiKey(tx, ctx.businessId, params.keyId),
      () => ({ action: "api_key.revoked", target: { type: "api_key", id: params.keyId } }),
    );
    return { id: params.keyId, revoked: true as const };
  },
});

export const overviewAnalytics = defineOperation({
  id: "internal-analytics",
  method: "GET",
  path: "/internal/analytics",
  scope: "analytics:read",
  internal: true,
  role: "owner",
  tag: "Overview",
  summary: "The analytics summary and its per-day series for the overview chart",
  query: z.object({ window: windowSchema }),
  response: returns<{
    summary: Awaited<ReturnType<typeof analyticsSummary>>;
    daily: Awaited<ReturnType<typeof analyticsDaily>>;
  }>(),
  handler: async (ctx, { query }) => {
    const now = new Date();
    const [summary, daily] = await Promise.all([
      analyticsSummary(ctx.db, ctx.businessId, query.window, now),
      analyticsDaily(ctx.db, ctx.businessId, query.window, now),
    ]);
    return { summary, daily };
  },
});

export const webhooksView = defineOperation({
  id: "internal-webhooks-view",
  method: "GET",
  path: "/internal/webhook-endpoints",
  scope: "webhooks:read",
  internal: true,
  role: "owner",
  tag: "Webhooks",
  summary: "The business's endpoints (up to 100) and the event kinds one may subscribe to",
  response: returns<Awaited<ReturnType<typeof listEndpoints>> & { eventTypes: typeof eventTypes }>(),
  handler: async (ctx) => ({ ...(await listEndpoints(ctx.db, ctx.businessId, { limit: 100 })), eventTypes }),
});

const endpointParam = idParam("endpointId", "we_01JD7X4S9C8A3K2M5N6P7Q8R9T");

export const webhooksDeliveryLog = defineOperation({
  id: "internal-webhooks-delivery-log",
  method: "GET",
  path: "/internal/webhook-endpoints/{endpointId}/deliveries",
  scope: "webhooks:read",
  internal: true,
  role: "owner",
  tag: "Webhooks",
  summary: "The delivery log, newest first, each with its latest attempt",
  params: endpointParam,
  query: pageQuery,
  response: returns<Awaited<ReturnType<typeof deliveryLog>>>(),
  handler: async (ctx, { params, query }) => deliveryLog(ctx.db, ctx.businessId, params.endpointId, query),
});

export const webhooksDeliveryAttempts = defineOperation({
  id: "internal-webhooks-delivery-attempts",
  method: "GET",
  path: "/internal/webhook-endpoints/{endpointId}/deliveries/{deliveryId}/attempts",
  scope: "webhooks:read",
  internal: true,
  role: "owner",
  tag: "Webhooks",
  summary: "Every attempt of one delivery, newest first",
  params: z.object({ endpointId: z.string().min(1).max(100), deliveryId: z.string().min(1).max(100) }),
  response: returns<{ data: Awaited<ReturnType<typeof listDeliveryAttempts>> }>(),
  handler: async (ctx, { params }) => ({ data: await listDeliveryAttempts(ctx.db, ctx.businessId, params.deliveryId) }),
});
