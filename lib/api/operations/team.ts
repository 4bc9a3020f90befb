import { z } from "zod";
import { getBusiness } from "../../businesses/businesses";
import { mailInvite } from "../../team/invite-mail";
import { createdInviteOut, inviteIn, inviteOut } from "../../team/invite-schema";
import { createInvite, listPendingInvites, revokeInvite } from "../../team/invites";
import { audited } from "../audit";
import { defineOperation } from "../operation";
import { idParam } from "./common";

// Team invites: dashboard-only (owners), so internal operations with a member-only scope.

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
