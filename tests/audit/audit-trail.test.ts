import { randomInt } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runAdminCommand } from "@/lib/admin/commands";
import { PEER_HEADER } from "@/lib/auth/client-address";
import type { DashboardSession } from "@/lib/auth/session";
import { signInWithPassword } from "@/lib/auth/sign-in";
import { createBusiness } from "@/lib/businesses/businesses";
import { db } from "@/lib/db/client";
import { queryRows } from "@/lib/db/rows";
import { createApiKey } from "@/lib/keys/api-keys";
import { acceptInvite } from "@/lib/team/invites";
import { createUser } from "@/lib/users/users";
import { makeStaff, signInAs } from "../dashboard/harness";
import { type FakeGraph, startFakeGraph } from "../fakes/graph-server";
import { api } from "../helpers/api";

type Row = {
  id: string;
  business_id: string;
  actor_type: string;
  actor_id: string | null;
  actor_label: string;
  ip: string | null;
  action: string;
  target_type: string | null;
  target_id: string | null;
  details: Record<string, unknown>;
};

const entries = (businessId: string) =>
  queryRows<Row>(
    db(),
    sql`select id, business_id, actor_type, actor_id, actor_label, host(ip) as ip, action, target_type, target_id, details
                           from audit_events where business_id = ${businessId} order by occurred_at, id`,
  );

/** Runs `act` and returns the entries it added to the business's trail. */
async function added(businessId: string, act: () => Promise<unknown>): Promise<Row[]> {
  const before = new Set((await entries(businessId)).map((r) => r.id));
  await act();
  return (await entries(businessId)).filter((r) => !before.has(r.id));
}

let peer = randomInt(1, 250);
const address = () => `198.51.100.${(peer++ % 250) + 1}`;
const asMember = (ip: string) => ({ headers: { cookie: "x", origin: "http://localhost", [PEER_HEADER]: ip } });

const numberId = `1${String(randomInt(0, 1e9)).padStart(9, "0")}${randomInt(10_000, 99_999)}`;
let fake: FakeGraph;
const previousGraphUrl = process.env.WHATSAPP_GRAPH_URL;
let owner: DashboardSession;

beforeAll(async () => {
  fake = await startFakeGraph({ accessTokens: { [numberId]: "EAAG-audit-token" } });
  process.env.WHATSAPP_GRAPH_URL = fake.url;
  owner = await makeStaff();
});

afterAll(async () => {
  process.env.WHATSAPP_GRAPH_URL = previousGraphUrl;
  await fake.close();
});

describe("each security-relevant action records exactly one entry", () => {
  it("records a member's actions with the member, the client address and the target", async () => {
    signInAs(owner);
    const ip = address();
    const member = asMember(ip);
    const one = async (act: () => Promise<{ status: number; body: any }>, status = 200) => {
      let res: { status: number; body: any } = { status: 0, body: null };
      const rows = await added(owner.businessId, async () => {
        res = await act();
      });
      expect(res.status, JSON.stringify(res.body)).toBe(status);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ actor_type: "user", actor_id: owner.userId, actor_label: owner.email, ip });
      return { row: rows[0], body: res.body };
    };

    const created = await one(() => api("POST", "/v1/internal/api-keys", { ...member, body: { name: "Till", scopes: ["contacts:read"] } }));
    expect(created.row).toMatchObject({ action: "api_key.created", target_type: "api_key", target_id: created.body.id });
    expect(created.row.details).toMatchObject({ name: "Till", hint: created.body.key.slice(-4), scopes: ["contacts:read"] });
    expect(JSON.stringify(created.row)).not.toContain(created.body.key);
    const revoked = await one(() => api("DELETE", `/v1/internal/api-keys/${created.body.id}`, member));
    expect(revoked.row).toMatchObject({ action: "api_key.revoked", target_id: created.body.id });

    const invited = await one(() =>
      api("POST", "/v1/internal/team/invites", { ...member, body: { email: `new-${Date.now()}@example.test`, role: "agent" } }),
    );
    expect(invited.row).toMatchObject({ action: "member.invited", target_type: "invite", target_id: invited.body.id });
    const unInvited = await one(() => api("DELETE", `/v1/internal/team/invites/${invited.body.id}`, member));
    expect(unInvited.row).toMatchObject({ action: "member.invite_revoked", target_id: invited.body.id });

    const agent = await makeStaff({ businessId: owner.businessId, role: "agent" });
    const promoted = await one(() => api("PATCH", `/v1/internal/team/${agent.userId}`, { ...member, body: { role: "owner" } }));
    expect(promoted.row).toMatchObject({ action: "member.role_changed", target_id: agent.userId, details: { from: "agent", to: "owner" } });
    // Setting the role it already has changes nothing and records nothing.
    expect(await added(owner.businessId, () => api("PATCH", `/v1/internal/team/${agent.userId}`, { ...member, body: { role: "owner" } }))).toEqual(
      [],
    );
    const removed = await one(() => api("DELETE", `/v1/internal/team/${agent.userId}`, member));
    expect(removed.row).toMatchObject({ action: "member.removed", target_id: agent.userId, details: { email: agent.email } });

    const hook = await one(() =>
      api("POST", "/v1/webhook-endpoints", { ...member, body: { url: "https://hooks.example.com/in?token=receiver-secret", events: ["*"] } }),
    );
    expect(hook.row).toMatchObject({ action: "webhook_endpoint.created", target_id: hook.body.id, details: { url: "https://hooks.example.com/in" } });
    expect(JSON.stringify(hook.row)).not.toContain("receiver-secret");
    expect(JSON.stringify(hook.row)).not.toContain(hook.body.secret);
    const patched = await one(() => api("PATCH", `/v1/webhook-endpoints/${hook.body.id}`, { ...member, body: { enabled: false } }));
    expect(patched.row).toMatchObject({ action: "webhook_endpoint.updated", details: { enabled: false } });
    const rotated = await one(() => api("POST", `/v1/webhook-endpoints/${hook.body.id}/rotate-secret`, member));
    expect(rotated.row).toMatchObject({ action: "webhook_endpoint.secret_rotated", target_id: hook.body.id });
    expect(JSON.stringify(rotated.row)).not.toContain(rotated.body.secret);
    const deleted = await one(() => api("DELETE", `/v1/webhook-endpoints/${hook.body.id}`, member));
    expect(deleted.row).toMatchObject({ action: "webhook_endpoint.deleted", target_id: hook.body.id });

    const inbox = await one(() => api("PATCH", "/v1/internal/inbox/settings", { ...member, body: { autoAssign: true } }));
    expect(inbox.row).toMatchObject({
      action: "settings.inbox_changed",
      target_type: "business",
      target_id: owner.businessId,
      details: { autoAssign: true },
    });
    const campaigns = await one(() => api("PUT", "/v1/internal/campaigns/settings", { ...member, body: { ratePerSecond: 10 } }));
    expect(campaigns.row).toMatchObject({ action: "settings.campaigns_changed", details: { ratePerSecond: 10 } });
    const orders = await one(() => api("PUT", "/v1/internal/orders/settings", { ...member, body: { notifyReady: false } }));
    expect(orders.row).toMatchObject({ action: "settings.orders_changed", details: { notifyReady: false } });

    const connected = await one(() =>
      api("PUT", "/v1/internal/channel", { ...member, body: { phoneNumberId: numberId, accessToken: "EAAG-audit-token" } }),
    );
    expect(connected.row).toMatchObject({
      action: "channel.connected",
      target_type: "channel",
      target_id: numberId,
      details: { tokenChanged: true },
    });
    expect(JSON.stringify(connected.row)).not.toContain("EAAG-audit-token");
    const disconnected = await one(() => api("DELETE", "/v1/internal/channel", member));
    expect(disconnected.row).toMatchObject({ action: "channel.disconnected", target_id: numberId });

    const password = await one(() =>
      api("POST", "/v1/internal/account/password", { ...member, body: { currentPassword: "password-123", newPassword: "password-456" } }),
    );
    expect(password.row).toMatchObject({ action: "account.password_changed", target_type: "user", target_id: owner.userId });
  });

  it("records nothing for a refused action (the entry shares the action's transaction)", async () => {
    signInAs(owner);
    const member = asMember(address());
    expect(await added(owner.businessId, () => api("DELETE", "/v1/internal/api-keys/key_01JD7X4S9C8A3K2M5N6P7Q8R9T", member))).toEqual([]);
    expect(
      await added(owner.businessId, () =>
        api("POST", "/v1/internal/account/password", { ...member, body: { currentPassword: "wrong-one", newPassword: "whatever-1" } }),
      ),
    ).toEqual([]);
    expect(
      await added(owner.businessId, () => api("PUT", "/v1/internal/campaigns/settings", { ...member, body: { ratePerSecond: 100_000 } })),
    ).toEqual([]);
  });

  it("names a key by its name and last four characters, never its secret", async () => {
    const { businessId } = await createBusiness(db(), { name: "Keyed Co" });
    const { key, id, hint } = await createApiKey(db(), businessId, { name: "Back office", scopes: ["business:write"] });
    const ip = address();
    const rows = await added(businessId, async () => {
      const res = await api("PUT", "/v1/business-hours", {
        key,
        headers: { [PEER_HEADER]: ip },
        body: { weekly: { mon: ["09:00-17:00"], tue: [], wed: [], thu: [], fri: [], sat: [], sun: [] }, holidays: [] },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      action: "settings.business_hours_changed",
      actor_type: "key",
      actor_id: id,
      actor_label: `Back office (…${hint})`,
      ip,
      target_id: businessId,
    });
    expect(JSON.stringify(rows[0])).not.toContain(key);
  });

  it("records a contact's export and erasure and a retention change, once each, with the key and its address", async () => {
    const { businessId } = await createBusiness(db(), { name: "Privacy Co" });
    const { key, id } = await createApiKey(db(), businessId, { name: "DPO tool", scopes: ["contacts:read", "contacts:write", "business:write"] });
    const ip = address();
    const headers = { [PEER_HEADER]: ip };
    const contact = await api("POST", "/v1/contacts", { key, headers, body: { phone: "+351912000111", name: "Rita Erased" } });
    expect(contact.status).toBe(200);
    const contactId = contact.body.id as string;

    const exported = await added(businessId, async () => {
      expect((await api("GET", `/v1/contacts/${contactId}/export`, { key, headers })).status).toBe(200);
    });
    expect(exported).toMatchObject([
      { action: "contact.exported", actor_type: "key", actor_id: id, ip, target_type: "contact", target_id: contactId },
    ]);

    const erased = await added(businessId, async () => {
      expect((await api("DELETE", `/v1/contacts/${contactId}`, { key, headers })).status).toBe(200);
    });
    expect(erased).toMatchObject([{ action: "contact.erased", actor_type: "key", actor_id: id, ip, target_id: contactId }]);
    // The entry names the contact by id only: nothing personal survives in the trail.
    expect(JSON.stringify(erased[0])).not.toContain("Rita");
    expect(JSON.stringify(erased[0])).not.toContain("912000111");
    // A repeat is a 404 and records nothing.
    expect(
      await added(businessId, async () => expect((await api("DELETE", `/v1/contacts/${contactId}`, { key, headers })).status).toBe(404)),
    ).toEqual([]);

    const retention = await added(businessId, async () => {
      expect((await api("PUT", "/v1/privacy-settings", { key, headers, body: { messageRetentionDays: 90 } })).status).toBe(200);
    });
    expect(retention).toMatchObject([{ action: "settings.privacy_changed", actor_id: id, details: { messageRetentionDays: 90 } }]);
  });

  it("records sign-ins, failed ones where the address signed in before, and none for an unknown email", async () => {
    const staff = await makeStaff();
    const second = await createBusiness(db(), { name: "Second Co" });
    await createUser(db(), { businessId: second.businessId, email: staff.email, password: "other-password", role: "agent" });
    const ip = address();
    const ok = await added(staff.businessId, () => signInWithPassword(db(), { email: staff.email, password: "password-123", address: ip }));
    expect(ok).toMatchObject([
      { action: "auth.signed_in", actor_type: "user", actor_id: staff.userId, actor_label: staff.email, ip, target_id: staff.userId },
    ]);

    const before2 = (await entries(second.businessId)).length;
    const failed = await added(staff.businessId, () =>
      signInWithPassword(db(), { email: staff.email.toUpperCase(), password: "nope-nope", address: ip }),
    );
    expect(failed).toMatchObject([{ action: "auth.sign_in_failed", actor_id: staff.userId, actor_label: staff.email, ip, details: {} }]);
    expect((await entries(second.businessId)).slice(before2)).toEqual([]);

    const stranger = `nobody-${Date.now()}@example.test`;
    await signInWithPassword(db(), { email: stranger, password: "nope-nope", address: address() });
    expect(await queryRows(db(), sql`select 1 from audit_events where actor_label = ${stranger}`)).toEqual([]);
  });

  it("never hands a member's failed sign-in, or its address, to a business that invited their email itself", async () => {
    // Issue 34, item 3: business B invites A's owner's email and accepts the invite itself.
    const victim = await makeStaff();
    const home = address();
    expect(await signInWithPassword(db(), { email: victim.email, password: "password-123", address: home })).not.toBeNull();
    const attacker = await makeStaff();
    signInAs(attacker);
    const invite = await api("POST", "/v1/internal/team/invites", { ...asMember(address()), body: { email: victim.email, role: "agent" } });
    expect(invite.status).toBe(200);
    const attackerAddress = address();
    const joined = await acceptInvite(
      db(),
      { token: String(invite.body.url).split("/invite/")[1], name: "Not them", password: "attacker-password" },
      attackerAddress,
    );

    // The victim mistypes at home: only their own business hears of it, with the address.
    const attackerSeen = (await entries(attacker.businessId)).length;
    const inVictim = await added(victim.businessId, () => signInWithPassword(db(), { email: victim.email, password: "typo-typo", address: home }));
    expect(inVictim).toMatchObject([{ action: "auth.sign_in_failed", actor_id: victim.userId, ip: home }]);
    expect((await entries(attacker.businessId)).slice(attackerSeen)).toEqual([]);

    // From an address no member of the email has used: both are told, neither gets the address.
    const fresh = address();
    const seenByAttacker = await added(attacker.businessId, async () => {
      const seenByVictim = await added(victim.businessId, () =>
        signInWithPassword(db(), { email: victim.email, password: "typo-2", address: fresh }),
      );
      expect(seenByVictim).toMatchObject([{ action: "auth.sign_in_failed", actor_id: victim.userId, ip: null, details: { ipWithheld: true } }]);
    });
    expect(seenByAttacker).toMatchObject([{ action: "auth.sign_in_failed", actor_id: joined.id, ip: null, details: { ipWithheld: true } }]);

    // The attacker's own failures from the address they joined from stay in their own trail.
    const own = await added(victim.businessId, () =>
      signInWithPassword(db(), { email: victim.email, password: "guess-1", address: attackerAddress }),
    );
    expect(own).toEqual([]);
    expect((await entries(attacker.businessId)).at(-1)).toMatchObject({ action: "auth.sign_in_failed", actor_id: joined.id, ip: attackerAddress });
  });

  it("records the operator's commands as the system", async () => {
    const { businessId } = await createBusiness(db(), { name: "Operated Co" });
    const rows = await added(businessId, async () => {
      const key = (await runAdminCommand("create-key", { business: businessId, scopes: "contacts:read", name: "ops" })) as { id: string };
      await runAdminCommand("revoke-key", { id: key.id });
    });
    expect(rows.map((r) => r.action)).toEqual(["api_key.created", "api_key.revoked"]);
    expect(rows[1]).toMatchObject({ actor_type: "system", actor_id: null, actor_label: "admin command line", ip: null, target_type: "api_key" });
    await expect(runAdminCommand("create-key", { business: "biz_01JD7X4S9C8A3K2M5N6P7Q8R9T", scopes: "contacts:read" })).rejects.toMatchObject({
      code: "not_found",
    });
  });

  it("records a member added through an invite, as the new member", async () => {
    signInAs(owner);
    const email = `joiner-${Date.now()}@example.test`;
    const invite = await api("POST", "/v1/internal/team/invites", { ...asMember(address()), body: { email, role: "agent" } });
    const token = String(invite.body.url).split("/invite/")[1];
    const ip = address();
    const rows = await added(owner.businessId, () => acceptInvite(db(), { token, name: "Joiner", password: "password-789" }, ip));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      action: "member.added",
      actor_type: "user",
      actor_label: email,
      ip,
      target_type: "user",
      details: { role: "agent" },
    });
    expect(rows[0].actor_id).toBe(rows[0].target_id);
  });
});

describe("the trail cannot be changed", () => {
  it("refuses UPDATE, DELETE and TRUNCATE in the database", async () => {
    const { businessId } = await createBusiness(db(), { name: "Append Co" });
    await signInWithPassword(db(), { email: "nobody@example.test", password: "x", address: address() });
    const user = await createUser(db(), { businessId, email: `a-${Date.now()}@example.test`, password: "password-123" });
    await signInWithPassword(db(), { email: user.email, password: "password-123", address: address() });
    const [row] = await entries(businessId);
    expect(row.action).toBe("auth.signed_in");
    await expect(db().execute(sql`update audit_events set action = 'api_key.created' where id = ${row.id}`)).rejects.toThrow();
    await expect(db().execute(sql`update audit_events set actor_label = 'someone else'`)).rejects.toThrow();
    await expect(db().execute(sql`delete from audit_events where id = ${row.id}`)).rejects.toThrow();
    await expect(db().execute(sql`truncate audit_events`)).rejects.toThrow();
    expect(await entries(businessId)).toEqual([row]);
  });

  it("offers no interface to change an entry: only GET answers on /v1/audit-events", async () => {
    const { key } = await createBusiness(db(), { name: "Read Co" }).then(async (b) => createApiKey(db(), b.businessId, { scopes: ["audit:read"] }));
    for (const method of ["POST", "PUT", "PATCH", "DELETE"]) {
      const res = await api(method, "/v1/audit-events", { key, body: {} }).catch(() => ({ status: 405 }));
      expect(res.status).toBe(405);
    }
  });

  it("still lets a business be deleted: its entries go with it", async () => {
    const { businessId } = await createBusiness(db(), { name: "Leaving Co" });
    const user = await createUser(db(), { businessId, email: `l-${Date.now()}@example.test`, password: "password-123" });
    await signInWithPassword(db(), { email: user.email, password: "password-123", address: address() });
    expect(await entries(businessId)).toHaveLength(1);
    await db().execute(sql`delete from businesses where id = ${businessId}`);
    expect(await entries(businessId)).toEqual([]);
  });
});

describe("GET /v1/audit-events", () => {
  it("needs audit:read: a key without it gets 403, an agent gets 403, an owner reads", async () => {
    const { businessId } = await createBusiness(db(), { name: "Scoped Co" });
    const { key: without } = await createApiKey(db(), businessId, { scopes: ["contacts:read", "webhooks:read"] });
    const res = await api("GET", "/v1/audit-events", { key: without });
    expect(res.status).toBe(403);
    expect(res.body.error).toMatchObject({ code: "insufficient_scope", details: [{ path: "scope", message: "Requires audit:read." }] });

    const agent = await makeStaff({ businessId, role: "agent" });
    signInAs(agent);
    expect((await api("GET", "/v1/audit-events", asMember(address()))).body.error.code).toBe("forbidden");
    signInAs(owner);
    expect((await api("GET", "/v1/audit-events", asMember(address()))).status).toBe(200);
  });

  it("shows only the business's own entries, newest first, filtered and keyset-paged", async () => {
    const mine = await makeStaff();
    const theirs = await makeStaff();
    const { key } = await createApiKey(db(), mine.businessId, { scopes: ["audit:read"] });
    for (let i = 0; i < 3; i++) await signInWithPassword(db(), { email: mine.email, password: `wrong-${i}`, address: address() });
    await signInWithPassword(db(), { email: mine.email, password: "password-123", address: address() });
    await signInWithPassword(db(), { email: theirs.email, password: "password-123", address: address() });

    const all = await api("GET", "/v1/audit-events", { key });
    expect(all.status).toBe(200);
    expect(all.body.data.map((e: { action: string }) => e.action)).toEqual([
      "auth.signed_in",
      "auth.sign_in_failed",
      "auth.sign_in_failed",
      "auth.sign_in_failed",
    ]);
    expect(all.body.data[0]).toMatchObject({
      actor: { type: "user", id: mine.userId, label: mine.email },
      target: { type: "user", id: mine.userId },
    });
    expect(JSON.stringify(all.body)).not.toContain(theirs.userId);

    const failed = await api("GET", "/v1/audit-events?action=auth.sign_in_failed&limit=2", { key });
    expect(failed.body.data).toHaveLength(2);
    const next = await api("GET", `/v1/audit-events?action=auth.sign_in_failed&limit=2&cursor=${failed.body.nextCursor}`, { key });
    expect(next.body.data).toHaveLength(1);
    expect(next.body.nextCursor).toBeNull();
    expect(new Set([...failed.body.data, ...next.body.data].map((e: { id: string }) => e.id)).size).toBe(3);

    expect((await api("GET", `/v1/audit-events?actorId=${theirs.userId}`, { key })).body.data).toEqual([]);
    expect((await api("GET", `/v1/audit-events?actorId=${mine.userId}`, { key })).body.data).toHaveLength(4);
    const newest = all.body.data[0].occurredAt;
    expect((await api("GET", `/v1/audit-events?since=${newest}`, { key })).body.data.map((e: { id: string }) => e.id)).toContain(all.body.data[0].id);
    expect((await api("GET", `/v1/audit-events?until=${all.body.data[3].occurredAt}`, { key })).body.data).toEqual([]);
    expect((await api("GET", "/v1/audit-events?since=2999-01-01T00:00:00.000Z", { key })).body.data).toEqual([]);
  });

  it("refuses bad filters with 400 and a cursor of another list", async () => {
    const { businessId } = await createBusiness(db(), { name: "Bad Co" });
    const { key } = await createApiKey(db(), businessId, { scopes: ["audit:read"] });
    for (const q of ["action=nope", "since=yesterday", "limit=0", "cursor=Zm9vLmN0XzAx"]) {
      const res = await api("GET", `/v1/audit-events?${q}`, { key });
      expect(res.status, q).toBe(400);
      expect(res.body.error.code).toBe("invalid_request");
    }
  });
});
