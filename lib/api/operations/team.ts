import { z } from "zod";
import { getBusiness } from "../../businesses/businesses";
import { type LiveKey, liveKeysCreatedBy, revokeKeysCreatedBy } from "../../keys/key-creators";
import { mailInvite } from "../../team/invite-mail";
import { createdInviteOut, type InviteOut, inviteIn, inviteOut } from "../../team/invite-schema";
import { createInvite, listPendingInvites, revokeInvite, revokeInvitesSentBy } from "../../team/invites";
import { getUser, listUsers, removeMember, setMemberRole } from "../../users/users";
import { audited, auditOf } from "../audit";
import { defineOperation } from "../operation";
import { idParam, returns } from "./common";

// The team page (internal, owners only): members, and invites by a one-time link.

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

/** Where the link points: the configured public URL, else the origin the owner is using. */
function inviteUrl(request: Request, token: string): string {
  let origin: string;
  try {
    origin = new URL(process.env.NEXTAUTH_URL ?? "").origin;
  } catch {
    origin = new URL(request.url).origin;
  }
  return `${origin}/invite/${token}`;
}

export const teamInvitesList = defineOperation({
  id: "team-invites-list",
  method: "GET",
  path: "/internal/team/invites",
  scope: "team:write",
  internal: true,
  tag: "Team",
  summary: "Pending invites (not used, revoked or expired)",
  response: z.object({ data: z.array(inviteOut) }),
  handler: async (ctx) => listPendingInvites(ctx.db, ctx.businessId),
});

export const teamInvitesCreate = defineOperation({
  id: "team-invites-create",
  method: "POST",
  path: "/internal/team/invites",
  scope: "team:write",
  internal: true,
  tag: "Team",
  summary: "Invite a teammate by a one-time link (shown once; emailed too when SMTP is configured)",
  body: inviteIn,
  response: createdInviteOut,
  errors: ["conflict"],
  handler: async (ctx, { body }) => {
    const invitedBy = ctx.caller.kind === "user" ? ctx.caller.userId : null;
    const { invite, token } = await audited(
      ctx,
      (tx) => createInvite(tx, ctx.businessId, { ...body, invitedBy }),
      ({ invite }) => ({ action: "member.invited", target: { type: "invite", id: invite.id }, details: { email: invite.email, role: invite.role } }),
    );
    const url = inviteUrl(ctx.request, token);
    const business = await getBusiness(ctx.db, ctx.businessId);
    const emailed = await mailInvite(invite, url, business.name);
    return { ...invite, url, emailed };
  },
});

export const teamInvitesRevoke = defineOperation({
  id: "team-invites-revoke",
  method: "DELETE",
  path: "/internal/team/invites/{inviteId}",
  scope: "team:write",
  internal: true,
  tag: "Team",
  summary: "Revoke a pending invite: its link stops working",
  params: idParam("inviteId", "inv_01JD7X4S9C8A3K2M5N6P7Q8R9T"),
  response: z.object({ id: z.string(), revoked: z.literal(true) }),
  errors: ["not_found"],
  handler: async (ctx, { params }) =>
    audited(
      ctx,
      (tx) => revokeInvite(tx, ctx.businessId, params.inviteId),
      (r) => ({ action: "member.invite_revoked", target: { type: "invite", id: r.id } }),
    ),
});
