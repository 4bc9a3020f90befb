import { createHash } from "node:crypto";
import net from "node:net";
import { eq } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authOptions } from "@/lib/auth/options";
import { db } from "@/lib/db/client";
import { teamInvites } from "@/lib/db/schema";
import { describeInvite } from "@/lib/team/invites";
import { listUsers, verifyCredentials } from "@/lib/users/users";
import { makeStaff, signInAs } from "../dashboard/harness";
import { api, makeBusiness } from "../helpers/api";
import { captureLogs } from "../helpers/logs";

const headers = { cookie: "x", origin: "http://localhost" };
let n = 0;
const email = () => `invitee-${Date.now()}-${n++}@example.test`;
const invite = (body: unknown) => api("POST", "/v1/internal/team/invites", { headers, body });
const pending = () => api("GET", "/v1/internal/team/invites", { headers });
const tokenOf = (url: string) => url.split("/invite/")[1];
// next-auth's "invite" provider: what the invite page's form calls.
const accept = (credentials: Record<string, string>) =>
  (
    authOptions().providers[1] as unknown as {
      options: { authorize(c: Record<string, string>): Promise<{ id: string; email: string; role: string }> };
    }
  ).options.authorize(credentials);

describe("team invites", () => {
  it("gives the owner a one-time link (only its hash stored) that signs the new member in with their own password", async () => {
    const owner = await makeStaff();
    signInAs(owner);
    const address = email();
    const made = await invite({ email: address.toUpperCase(), role: "agent" });
    expect(made.status).toBe(200);
    expect(made.body).toMatchObject({ email: address, role: "agent", invitedBy: owner.userId, emailed: false });
    expect(made.body.url).toMatch(/^http:\/\/localhost\/invite\/inv_[A-Za-z0-9_-]{43}$/);
    const days = (Date.parse(made.body.expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThan(7.01);
    const token = tokenOf(made.body.url);
    const [row] = await db().select().from(teamInvites).where(eq(teamInvites.id, made.body.id));
    expect(row.tokenHash).toBe(createHash("sha256").update(token).digest("hex"));
    expect(JSON.stringify(row)).not.toContain(token);

    expect((await pending()).body.data.map((i: { id: string }) => i.id)).toEqual([made.body.id]);
    expect(await describeInvite(db(), token)).toMatchObject({ email: address, role: "agent" });

    const user = await accept({ token, name: "Nina New", password: "her-own-password" });
    expect(user).toMatchObject({ email: address, role: "agent", businessId: owner.businessId });
    expect((await verifyCredentials(db(), address, "her-own-password"))?.id).toBe(user.id);
    expect((await listUsers(db(), owner.businessId)).find((u) => u.email === address)?.name).toBe("Nina New");
    // Used once: the link is dead and the invite is no longer pending.
    await expect(accept({ token, name: "Again", password: "another-password" })).rejects.toThrow(/no longer valid/);
    expect(await describeInvite(db(), token)).toBeNull();
    expect((await pending()).body.data).toEqual([]);
    // Now a member: inviting the email again is refused.
    expect((await invite({ email: address, role: "agent" })).status).toBe(409);
  });

  it("refuses a short password without using the invite up, and bad input with 400", async () => {
    const owner = await makeStaff();
    signInAs(owner);
    const made = await invite({ email: email(), role: "owner" });
    const token = tokenOf(made.body.url);
    await expect(accept({ token, name: "Sam", password: "short" })).rejects.toThrow(/at least 8/);
    await expect(accept({ token, name: "  ", password: "long-enough-1" })).rejects.toThrow(/name/);
    expect(await accept({ token, name: "Sam", password: "long-enough-1" })).toMatchObject({ role: "owner" });

    const bad = await invite({ email: "not-an-email", role: "boss" });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details.map((d: { path: string }) => d.path).sort()).toEqual(["email", "role"]);
    expect((await pending()).body.data).toEqual([]);
  });

  it("expires after 7 days; revoking kills the link; a newer invite replaces the pending one", async () => {
    const owner = await makeStaff();
    signInAs(owner);
    const expired = await invite({ email: email(), role: "agent" });
    await db()
      .update(teamInvites)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(teamInvites.id, expired.body.id));
    await expect(accept({ token: tokenOf(expired.body.url), name: "Late", password: "too-late-pass" })).rejects.toThrow(/no longer valid/);
    expect((await pending()).body.data).toEqual([]);

    const address = email();
    const first = await invite({ email: address, role: "agent" });
    const second = await invite({ email: address, role: "owner" });
    expect((await pending()).body.data.map((i: { id: string }) => i.id)).toEqual([second.body.id]);
    await expect(accept({ token: tokenOf(first.body.url), name: "Old", password: "old-link-pass" })).rejects.toThrow(/no longer valid/);

    const revoked = await api("DELETE", `/v1/internal/team/invites/${second.body.id}`, { headers });
    expect(revoked.status).toBe(200);
    expect(revoked.body).toEqual({ id: second.body.id, revoked: true });
    await expect(accept({ token: tokenOf(second.body.url), name: "Nope", password: "revoked-pass" })).rejects.toThrow(/no longer valid/);
    expect((await api("DELETE", `/v1/internal/team/invites/${second.body.id}`, { headers })).status).toBe(404);
  });

  it("is for the business's owners only: another business, agents and API keys cannot see or revoke", async () => {
    const owner = await makeStaff();
    signInAs(owner);
    const made = await invite({ email: email(), role: "agent" });

    signInAs(await makeStaff());
    expect((await pending()).body.data).toEqual([]);
    const foreign = await api("DELETE", `/v1/internal/team/invites/${made.body.id}`, { headers });
    expect(foreign.status).toBe(404);
    expect(foreign.body.error.code).toBe("not_found");

    signInAs(await makeStaff({ role: "agent", businessId: owner.businessId }));
    expect((await pending()).status).toBe(403);
    expect((await invite({ email: email(), role: "owner" })).body.error.code).toBe("forbidden");

    const { key } = await makeBusiness();
    signInAs(null);
    expect((await api("GET", "/v1/internal/team/invites", { key })).status).toBe(404);
    expect((await api("POST", "/v1/internal/team/invites", { key, body: { email: email(), role: "agent" } })).status).toBe(404);
    signInAs(owner);
    expect((await pending()).body.data.map((i: { id: string }) => i.id)).toEqual([made.body.id]);
  });
});

describe("invite mail (SMTP_URL, MAIL_FROM)", () => {
  const received: { from: string; to: string[]; data: string }[] = [];
  let server: SMTPServer;
  let port = 0;
  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      onData(stream, session, callback) {
        let data = "";
        stream.on("data", (chunk: Buffer) => {
          data += chunk.toString("utf8");
        });
        stream.on("end", () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
            to: session.envelope.rcptTo.map((r) => r.address),
            data,
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.server.address() as net.AddressInfo).port;
  });
  afterAll(async () => {
    delete process.env.SMTP_URL;
    delete process.env.MAIL_FROM;
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it("emails the link when configured, and still gives the link when the mail server is down", async () => {
    const owner = await makeStaff();
    signInAs(owner);
    process.env.SMTP_URL = `smtp://127.0.0.1:${port}`;
    process.env.MAIL_FROM = "Convo <team@convo.test>";
    const address = email();
    const made = await invite({ email: address, role: "agent" });
    expect(made.status).toBe(200);
    expect(made.body.emailed).toBe(true);
    expect(received).toHaveLength(1);
    expect(received[0].from).toBe("team@convo.test");
    expect(received[0].to).toEqual([address]);
    const body = received[0].data.replace(/=\r?\n/g, "");
    expect(body).toContain(made.body.url);
    expect(body).toMatch(/Subject: You are invited to Dash Co \d+'s team/);

    // A port nobody listens on: the invite is made, the answer says it was not emailed.
    const closed = await new Promise<number>((resolve) => {
      const probe = net.createServer().listen(0, "127.0.0.1", () => {
        const p = (probe.address() as net.AddressInfo).port;
        probe.close(() => resolve(p));
      });
    });
    process.env.SMTP_URL = `smtp://127.0.0.1:${closed}`;
    const logs = captureLogs();
    const unsent = await invite({ email: email(), role: "agent" });
    logs.restore();
    expect(logs.lines()).toContainEqual(expect.objectContaining({ level: "error", component: "invites", msg: "could not email the invite" }));
    expect(unsent.status).toBe(200);
    expect(unsent.body).toMatchObject({ emailed: false });
    expect(unsent.body.url).toMatch(/\/invite\/inv_/);
    expect(received).toHaveLength(1);
  });
});
