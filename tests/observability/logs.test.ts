import { randomBytes } from "node:crypto";
import fs from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { POST as signUpRoute } from "@/app/api/sign-up/route";
import { PEER_HEADER } from "@/lib/auth/client-address";
import { authOptions } from "@/lib/auth/options";
import { db } from "@/lib/db/client";
import { startWorker, type Worker } from "@/lib/jobs/worker";
import { jobHandlers } from "@/lib/server/jobs";
import { createUser } from "@/lib/users/users";
import { type AppServer, connectedBusiness, startAppServer, waitFor } from "../channels/harness";
import { api, uniquePhone } from "../helpers/api";

// The whole process logs to a file of its own (LOG_FILE, set before any module creates the logger),
// so what a realistic run wrote can be grepped: every secret, key, token, password, message text and
// query parameter value the test used must be absent, and the request and job lines must be present.
const logFile = vi.hoisted(() => {
  const file = `${process.env.TMPDIR ?? "/tmp"}/convo-logs-${process.pid}-${Date.now()}.jsonl`;
  process.env.LOG_FILE = file;
  process.env.LOG_LEVEL = "debug";
  return file;
});

const mark = (label: string) => `${label}${randomBytes(6).toString("hex")}`;
const secrets: Record<string, string> = {};
let app: AppServer;
let worker: Worker;
let receiver: Server;
let receiverUrl: string;

// A realistic run, with its own process, app server and worker, three password hashes and a webhook
// retry: about 2 s on a quiet 2-core machine, over 30 s in a clean-clone run beside the browser suite
// (load 8-10, 2026-12-01). It asserts what the logs hold, not how fast: generous bounds, each wait 30 s.
const RUN_MS = 180_000;
const WAIT_MS = 30_000;

type Line = Record<string, unknown>;
const lines = (): Line[] =>
  fs
    .readFileSync(logFile, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Line);

beforeAll(async () => {
  app = await startAppServer();
  worker = startWorker(jobHandlers, { pollMs: 50 });
  // A webhook receiver that is gone (its port closed), so delivery failures are logged too.
  receiver = createServer();
  await new Promise<void>((r) => receiver.listen(0, "127.0.0.1", r));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
  await new Promise((r) => receiver.close(r));
});

afterAll(async () => {
  await worker.stop();
  await app.close();
  fs.rmSync(logFile, { force: true });
});

describe("logs", () => {
  it("hold one line per request and per job, and none of the secrets, texts or query values a realistic run used", { timeout: RUN_MS }, async () => {
    const biz = await connectedBusiness(app);
    secrets.apiKey = biz.key;
    secrets.accessToken = biz.accessToken;
    secrets.wrongKey = `cak_live_${mark("WRONGKEY")}`;
    secrets.searchValue = mark("SEARCHVALUE");
    secrets.conversationQuery = mark("CONVQUERY");
    secrets.inboundText = mark("INBOUNDTEXT");
    secrets.outboundText = mark("OUTBOUNDTEXT");
    secrets.noteText = mark("NOTETEXT");
    secrets.contactName = mark("CONTACTNAME");
    secrets.urlToken = mark("URLTOKEN");
    secrets.password = mark("PASSWORD");
    secrets.wrongPassword = mark("WRONGPASSWORD");
    secrets.signUpPassword = mark("SIGNUPPASSWORD");

    // API calls with a key: a webhook endpoint (its secret comes back once), a contact, searches.
    const endpoint = await api("POST", "/v1/webhook-endpoints", {
      key: biz.key,
      body: { url: `${receiverUrl}?token=${secrets.urlToken}`, events: ["*"] },
    });
    expect(endpoint.status).toBe(200);
    secrets.webhookSecret = endpoint.body.secret;
    const phone = uniquePhone();
    expect((await api("POST", "/v1/contacts", { key: biz.key, body: { phone, name: secrets.contactName } })).status).toBe(200);
    expect((await api("GET", `/v1/contacts?search=${secrets.searchValue}`, { key: biz.key })).status).toBe(200);
    expect((await api("GET", `/v1/conversations?q=${secrets.conversationQuery}`, { key: biz.key })).status).toBe(200);
    expect((await api("GET", "/v1/contacts", { key: secrets.wrongKey })).status).toBe(401);
    expect((await api("GET", "/v1/contacts?limit=0", { key: biz.key })).status).toBe(400);

    // WhatsApp inbound (signed webhook -> job -> message, assistant turn) and outbound (API -> job -> Graph).
    expect(await biz.fake.postInbound(biz.fake.inboundPayload({ messages: [{ from: phone, name: "Cleo", text: secrets.inboundText }] }))).toBe(200);
    const conversation = await waitFor(async () => {
      const res = await api("GET", "/v1/conversations", { key: biz.key });
      return res.body.data?.[0];
    }, WAIT_MS);
    const sent = await api("POST", "/v1/messages", { key: biz.key, body: { to: phone, text: secrets.outboundText } });
    expect(sent.status).toBe(200);
    expect((await api("POST", `/v1/conversations/${conversation.id}/notes`, { key: biz.key, body: { text: secrets.noteText } })).status).toBe(200);
    await waitFor(async () => biz.fake.sent.some((s) => s.body.text?.body === secrets.outboundText), WAIT_MS);

    // Dashboard sign-in (the credentials provider the sign-in page posts to), a failed one, and a sign-up.
    const email = `${mark("owner")}@example.test`;
    await createUser(db(), { businessId: biz.businessId, email, password: secrets.password, role: "owner", name: "Owner" });
    const provider = authOptions().providers[0] as unknown as {
      options: { authorize(c: Record<string, string>, req: { headers: Record<string, string> }): Promise<unknown> };
    };
    expect(await provider.options.authorize({ email, password: secrets.wrongPassword }, { headers: { [PEER_HEADER]: "203.0.113.7" } })).toBeNull();
    expect(await provider.options.authorize({ email, password: secrets.password }, { headers: { [PEER_HEADER]: "203.0.113.7" } })).toMatchObject({
      email,
    });
    const signUp = await signUpRoute(
      new Request("http://localhost/api/sign-up", {
        method: "POST",
        headers: { "content-type": "application/json", origin: "http://localhost", [PEER_HEADER]: "203.0.113.8" },
        body: JSON.stringify({ businessName: "Logged Shop", name: "New", email: `${mark("new")}@example.test`, password: secrets.signUpPassword }),
      }),
    );
    expect(signUp.status).toBe(200);

    // The webhook receiver could not be reached, and the failure was logged.
    await waitFor(async () => lines().some((l) => l.msg === "webhook delivery failed"), WAIT_MS);
    // Without a model the assistant's turn is answered inside the inbound job (lib/server/jobs.ts): no turn job of its own.
    const queues = ["whatsapp.inbound", "messages.deliver", "events.dispatch"];
    await waitFor(async () => {
      const done = lines().filter((l) => l.msg === "job" && l.outcome === "completed");
      return queues.every((queue) => done.some((l) => l.queue === queue));
    }, WAIT_MS);

    const text = fs.readFileSync(logFile, "utf8");
    for (const [name, value] of Object.entries(secrets)) {
      expect(value, name).toBeTruthy();
      expect(text.includes(value), `${name} appears in the logs`).toBe(false);
    }

    const all = lines();
    const requests = all.filter((l) => l.msg === "request");
    const request = (operation: string, status: number) => requests.find((l) => l.operation === operation && l.status === status);
    for (const [operation, status] of [
      ["webhooks-create", 200],
      ["contacts-upsert", 200],
      ["contacts-list", 200],
      ["conversations-list", 200],
      ["contacts-list", 401],
      ["contacts-list", 400],
      ["messages-send", 200],
      ["conversations-note", 200],
    ] as const) {
      const line = request(operation, status);
      expect(line, `${operation} ${status}`).toBeDefined();
      expect(line?.requestId).toMatch(/^req_/);
      expect(typeof line?.durationMs).toBe("number");
      expect(line?.businessId).toBe(status === 401 ? null : biz.businessId);
    }
    expect(all.every((l) => typeof l.time === "string" && typeof l.level === "string")).toBe(true);

    const jobs = all.filter((l) => l.msg === "job");
    for (const queue of queues) {
      const line = jobs.find((l) => l.queue === queue && l.outcome === "completed");
      expect(line, queue).toBeDefined();
      expect(line?.jobId).toEqual(expect.any(Number));
      expect(line?.attempt).toEqual(expect.any(Number));
      expect(line?.attempt as number).toBeGreaterThanOrEqual(1);
      expect(typeof line?.durationMs).toBe("number");
    }
    // The refused delivery is a job that will be tried again, logged as such.
    expect(jobs.some((l) => l.queue === "webhooks.deliver" && l.outcome === "deferred")).toBe(true);
  });
});
