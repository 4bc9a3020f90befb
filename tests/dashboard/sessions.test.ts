import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import * as password from "@/app/v1/internal/account/password/route";
import * as member from "@/app/v1/internal/team/[userId]/route";
import { runAdminCommand } from "@/lib/admin/commands";
import { authOptions } from "@/lib/auth/options";
import { type DashboardSession, sessionFor } from "@/lib/auth/session";
import { simulateInbound } from "@/lib/channels/sandbox-simulator";
import { db } from "@/lib/db/client";
import { conversations, users } from "@/lib/db/schema";
import { getSessionUser, verifyCredentials } from "@/lib/users/users";
import { call, makeStaff, signInAs } from "./harness";

// readSession is stubbed for calling routes (harness); sessionFor, the check behind it, stays real.

/** The claims a cookie issued right now would carry. */
async function cookieOf(s: DashboardSession) {
  const user = await getSessionUser(db(), s.businessId, s.userId);
  return { userId: s.userId, businessId: s.businessId, sessionVersion: user?.sessionVersion };
}

let owner: DashboardSession;
let agent: DashboardSession;
beforeEach(async () => {
  owner = await makeStaff();
  agent = await makeStaff({ role: "agent", businessId: owner.businessId });
  signInAs(owner);
});

const patchRole = (userId: string, role: string) =>
  call(member.PATCH, "PATCH", `/v1/internal/team/${userId}`, { params: { userId }, body: { role } });
const remove = (userId: string) => call(member.DELETE, "DELETE", `/v1/internal/team/${userId}`, { params: { userId } });

describe("session versions", () => {
  it("a cookie works until sign-out; a copy of it stops working too, and a stale copy cannot sign the user out again", async () => {
    const cookie = await cookieOf(owner);
    expect(await sessionFor(cookie)).toMatchObject({ userId: owner.userId });
    // A cookie from before session versions (or forged without one) is not a session.
    expect(await sessionFor({ ...cookie, sessionVersion: undefined })).toBeNull();

    await authOptions().events?.signOut?.({ token: { ...cookie }, session: null as never });
    expect(await sessionFor(cookie)).toBeNull();

    const fresh = await cookieOf(owner);
    expect(await sessionFor(fresh)).not.toBeNull();
    await authOptions().events?.signOut?.({ token: { ...cookie }, session: null as never });
    expect(await sessionFor(fresh)).not.toBeNull();
  });
});

describe("team members", () => {
  it("an owner changes a member's role: the member's sessions end; the last owner cannot be demoted", async () => {
    const agentCookie = await cookieOf(agent);
    const promoted = await patchRole(agent.userId, "owner");
    expect(promoted.status).toBe(200);
    expect(promoted.body).toMatchObject({ id: agent.userId, role: "owner" });
    expect(await sessionFor(agentCookie)).toBeNull();
    expect(await sessionFor(await cookieOf(agent))).toMatchObject({ role: "owner" });

    expect((await patchRole(owner.userId, "agent")).status).toBe(200); // two owners: one may step down
    signInAs({ ...agent, role: "owner" });
    const last = await patchRole(agent.userId, "agent");
    expect(last.status).toBe(409);
    expect(last.body.error.message).toMatch(/last owner/);
    expect((await patchRole(agent.userId, "admin")).status).toBe(400);
  });

  it("an owner removes a member: sessions end, conversations return to the queue; the last owner stays", async () => {
    const { conversationId } = await simulateInbound(db(), owner.businessId, { phone: "+15550001111", name: "C", text: "Hi" });
    await db().update(conversations).set({ assigneeId: agent.userId }).where(eq(conversations.id, conversationId));
    const agentCookie = await cookieOf(agent);

    const removed = await remove(agent.userId);
    expect(removed.status).toBe(200);
    expect(await sessionFor(agentCookie)).toBeNull();
    expect(await db().select().from(users).where(eq(users.id, agent.userId))).toEqual([]);
    const [conversation] = await db().select().from(conversations).where(eq(conversations.id, conversationId));
    expect(conversation.assigneeId).toBeNull();

    const last = await remove(owner.userId);
    expect(last.status).toBe(409);
    expect(last.body.error.message).toMatch(/last owner/);
  });

  it("is owner-only, and another business's member answers like a missing one", async () => {
    const stranger = await makeStaff();
    const foreign = await remove(stranger.userId);
    const missing = await remove("usr_missing");
    expect(foreign.status).toBe(404);
    expect(foreign.body.error.message).toBe(missing.body.error.message);
    expect((await patchRole(stranger.userId, "agent")).status).toBe(404);
    expect(await getSessionUser(db(), stranger.businessId, stranger.userId)).not.toBeNull();

    signInAs(agent);
    expect((await remove(owner.userId)).status).toBe(403);
    expect((await patchRole(agent.userId, "owner")).status).toBe(403);
  });
});

describe("changing one's own password", () => {
  const change = (body: unknown) => call(password.POST, "POST", "/v1/internal/account/password", { body });

  it("needs the current password, then ends every session of the user", async () => {
    signInAs(agent);
    const cookie = await cookieOf(agent);
    const wrong = await change({ currentPassword: "not-it", newPassword: "brand-new-pass" });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.details).toEqual([{ path: "currentPassword", message: "The current password is wrong." }]);
    expect((await change({ currentPassword: "password-123", newPassword: "short" })).status).toBe(400);
    expect(await sessionFor(cookie)).not.toBeNull();

    const ok = await change({ currentPassword: "password-123", newPassword: "brand-new-pass" });
    expect(ok.status).toBe(200);
    expect(await sessionFor(cookie)).toBeNull();
    expect(await verifyCredentials(db(), agent.email, "password-123")).toBeNull();
    expect(await verifyCredentials(db(), agent.email, "brand-new-pass")).toMatchObject({ id: agent.userId });
  });

  it("slows down guessing of the current password", async () => {
    signInAs(agent);
    for (let i = 0; i < 5; i++) expect((await change({ currentPassword: `guess-${i}`, newPassword: "brand-new-pass" })).status).toBe(400);
    const throttled = await change({ currentPassword: "password-123", newPassword: "brand-new-pass" });
    expect(throttled.status).toBe(429);
    expect(await verifyCredentials(db(), agent.email, "password-123")).not.toBeNull();
  });
});

describe("admin CLI", () => {
  it("changes a role, changes a password (current one required) and removes a member, by email or id", async () => {
    const cookie = await cookieOf(agent);
    expect(await runAdminCommand("set-role", { business: owner.businessId, email: agent.email, role: "owner" })).toMatchObject({ role: "owner" });
    expect(await sessionFor(cookie)).toBeNull();
    await expect(runAdminCommand("set-role", { business: owner.businessId, user: agent.userId, role: "boss" })).rejects.toMatchObject({
      code: "invalid_request",
    });

    await expect(
      runAdminCommand("change-password", {
        business: owner.businessId,
        user: agent.userId,
        "current-password": "nope",
        "new-password": "another-one",
      }),
    ).rejects.toMatchObject({ code: "invalid_request" });
    await runAdminCommand("change-password", {
      business: owner.businessId,
      user: agent.userId,
      "current-password": "password-123",
      "new-password": "another-one",
    });
    expect(await verifyCredentials(db(), agent.email, "another-one")).not.toBeNull();

    expect(await runAdminCommand("remove-user", { business: owner.businessId, user: agent.userId })).toMatchObject({ removed: true });
    await expect(runAdminCommand("remove-user", { business: owner.businessId, user: owner.userId })).rejects.toMatchObject({ code: "conflict" });
    await expect(runAdminCommand("remove-user", { business: "biz_other", user: owner.userId })).rejects.toMatchObject({ code: "not_found" });
  });
});
