import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { runAdminCommand } from "@/lib/admin/commands";
import { authOptions } from "@/lib/auth/options";
import { db } from "@/lib/db/client";
import { queryRows } from "@/lib/db/rows";
import { makeStaff, signInAs } from "../dashboard/harness";
import { api } from "../helpers/api";

// Issue 34, item 10: pending invites and API keys a member created outlived the member's removal or
// demotion, so a removed owner's owner invite still made a new owner. Their invites are now revoked
// with them; their keys that still work are listed for one-click revocation; both are in the trail.

const headers = { cookie: "x", origin: "http://localhost" };
let n = 0;
const email = () => `leaver-${Date.now()}-${n++}@example.test`;
const accept = (credentials: Record<string, string>) =>
  (authOptions().providers[1] as unknown as { options: { authorize(c: Record<string, string>): Promise<{ id: string }> } }).options.authorize(
    credentials,
  );

type Entry = { action: string; actor_id: string | null; target_id: string | null; details: Record<string, unknown> };
const trail = (businessId: string, action: string) =>
  queryRows<Entry>(
    db(),
    sql`select action, actor_id, target_id, details from audit_events where business_id = ${businessId} and action = ${action} order by occurred_at, id`,
  );

/** An owner and a second owner who invites someone as an owner and creates two keys, as the second owner. */
async function ownerWithInvitesAndKeys() {
  const owner = await makeStaff();
  const second = await makeStaff({ businessId: owner.businessId });
  signInAs(second);
  const ownerInvite = await api("POST", "/v1/internal/team/invites", { headers, body: { email: email(), role: "owner" } });
  const agentInvite = await api("POST", "/v1/internal/team/invites", { headers, body: { email: email(), role: "agent" } });
  const keys = [];
  for (const name of ["Back office", "Zapier"]) {
    const made = await api("POST", "/v1/internal/api-keys", { headers, body: { name, scopes: ["messages:write"] } });
    expect(made.status).toBe(200);
    keys.push(made.body);
  }
  // The first owner's own key and invite are not the second owner's: they stay.
  signInAs(owner);
  const ownKey = (await api("POST", "/v1/internal/api-keys", { headers, body: { name: "Mine", scopes: ["messages:read"] } })).body;
  const ownInvite = (await api("POST", "/v1/internal/team/invites", { headers, body: { email: email(), role: "agent" } })).body;
  return { owner, second, ownerInvite: ownerInvite.body, agentInvite: agentInvite.body, keys, ownKey, ownInvite };
}

describe("what a member leaves behind", () => {
  it("removing an owner revokes the invites they sent (their owner invite makes no owner) and lists their keys", async () => {
    const s = await ownerWithInvitesAndKeys();
    signInAs(s.owner);
    const removed = await api("DELETE", `/v1/internal/team/${s.second.userId}`, { headers });
    expect(removed.status).toBe(200);
    expect(removed.body).toMatchObject({ id: s.second.userId, removed: true });
    expect(removed.body.invitesRevoked.map((i: { id: string }) => i.id).sort()).toEqual([s.ownerInvite.id, s.agentInvite.id].sort());
    expect(removed.body.keysLeft).toEqual(s.keys.map((k) => ({ id: k.id, name: k.name, hint: k.hint })));

    // The removed owner's owner invite no longer makes an owner.
    const token = String(s.ownerInvite.url).split("/invite/")[1];
    await expect(accept({ token, name: "Would-be owner", password: "long-enough-1" })).rejects.toThrow(/no longer valid/);
    const stillPending = (await api("GET", "/v1/internal/team/invites", { headers })).body.data.map((i: { id: string }) => i.id);
    expect(stillPending).toEqual([s.ownInvite.id]);

    // The trail: one member.invite_revoked per invite, by the owner who removed, with the reason.
    const revokedInvites = await trail(s.owner.businessId, "member.invite_revoked");
    expect(revokedInvites.map((e) => e.target_id).sort()).toEqual([s.ownerInvite.id, s.agentInvite.id].sort());
    expect(revokedInvites[0]).toMatchObject({ actor_id: s.owner.userId, details: { invitedBy: s.second.userId, reason: "inviter_removed" } });
    expect((await trail(s.owner.businessId, "member.removed")).at(-1)?.details).toMatchObject({ invitesRevoked: 2, keysLeft: 2 });

    // The API keys page shows who made each key and where they stand now.
    const listed = (await api("GET", "/v1/internal/api-keys", { headers })).body.data as { id: string; createdBy: unknown }[];
    for (const k of s.keys) {
      expect(listed.find((l) => l.id === k.id)?.createdBy).toEqual({ id: s.second.userId, label: s.second.email, standing: "removed" });
    }
    expect(listed.find((l) => l.id === s.ownKey.id)?.createdBy).toMatchObject({ id: s.owner.userId, standing: "owner" });

    // One click revokes them all, each recorded; the owner's own key keeps working.
    const all = await api("POST", `/v1/internal/team/${s.second.userId}/revoke-api-keys`, { headers });
    expect(all.status).toBe(200);
    expect(all.body.revoked.map((k: { id: string }) => k.id).sort()).toEqual(s.keys.map((k) => k.id).sort());
    for (const k of s.keys) expect((await api("GET", "/v1/contacts", { key: k.key })).status).toBe(401);
    expect((await api("GET", "/v1/contacts", { key: s.ownKey.key })).status).not.toBe(401);
    const revokedKeys = await trail(s.owner.businessId, "api_key.revoked");
    expect(revokedKeys.map((e) => e.target_id).sort()).toEqual(s.keys.map((k) => k.id).sort());
    expect(revokedKeys[0]).toMatchObject({ actor_id: s.owner.userId, details: { createdBy: s.second.userId } });
    // Nothing left: a second click revokes nothing.
    expect((await api("POST", `/v1/internal/team/${s.second.userId}/revoke-api-keys`, { headers })).body).toEqual({ revoked: [] });
  });

  it("making an owner an agent revokes their invites and lists their keys; making an agent an owner changes neither", async () => {
    const s = await ownerWithInvitesAndKeys();
    signInAs(s.owner);
    const demoted = await api("PATCH", `/v1/internal/team/${s.second.userId}`, { headers, body: { role: "agent" } });
    expect(demoted.status).toBe(200);
    expect(demoted.body).toMatchObject({ id: s.second.userId, role: "agent" });
    expect(demoted.body.invitesRevoked).toHaveLength(2);
    expect(demoted.body.keysLeft.map((k: { id: string }) => k.id)).toEqual(s.keys.map((k) => k.id));
    const [entry] = (await trail(s.owner.businessId, "member.invite_revoked")).slice(-1);
    expect(entry.details).toMatchObject({ reason: "inviter_demoted" });
    const listed = (await api("GET", "/v1/internal/api-keys", { headers })).body.data as { id: string; createdBy: { standing: string } | null }[];
    expect(listed.find((l) => l.id === s.keys[0].id)?.createdBy?.standing).toBe("agent");

    const promoted = await api("PATCH", `/v1/internal/team/${s.second.userId}`, { headers, body: { role: "owner" } });
    expect(promoted.body).toMatchObject({ role: "owner", invitesRevoked: [], keysLeft: [] });
  });

  it("the operator's remove-user does the same, as the system", async () => {
    const s = await ownerWithInvitesAndKeys();
    const out = (await runAdminCommand("remove-user", { business: s.owner.businessId, email: s.second.email })) as {
      invitesRevoked: unknown[];
      keysLeft: unknown[];
    };
    expect(out.invitesRevoked).toHaveLength(2);
    expect(out.keysLeft).toHaveLength(2);
    const entries = await trail(s.owner.businessId, "member.invite_revoked");
    expect(entries.every((e) => e.actor_id === null)).toBe(true);
  });
});
