// Crash and receiver outage. Under a write load of POST /v1/messages (templates: no window needed) and
// signed inbound WhatsApp webhooks, the server is killed with SIGKILL and restarted: every request that
// got a 200 must be in the database, every committed event delivered, and no message sent twice to the
// (fake) Graph API. Then a webhook receiver is down for a stretch of the retry schedule: every event
// still arrives once per endpoint, with a valid signature.
import { randomInt } from "node:crypto";
import type postgres from "postgres";
import { startReceiver } from "../bench/latency";
import { type ServerProcess, startApi } from "../bench/servers";
import { type CategoryResult, call, DATABASE_URL, profile, sleep, until } from "./support";

type Fake = Awaited<ReturnType<typeof import("../tests/fakes/graph-server").startFakeGraph>>;

export type Starter = (port: number, env: Record<string, string>, name: string) => Promise<ServerProcess>;

/** `start` is what `npm start` serves when a build is there, else `npm run api`: both answer the inbound webhook. */
export async function crashRecovery(opts: {
  port: number;
  sql: postgres.Sql;
  servers: ServerProcess[];
  log: (s: string) => void;
  start: Starter;
  /** Which server `start` starts, for the summary. */
  label: string;
}): Promise<CategoryResult[]> {
  const { startFakeGraph } = await import("../tests/fakes/graph-server");
  const { db } = await import("../lib/db/client");
  const { createBusiness } = await import("../lib/businesses/businesses");
  const { verifyWhatsApp } = await import("../lib/channels");
  const { createApiKey } = await import("../lib/keys/api-keys");
  const appSecret = "reliability-app-secret";
  const phoneNumberId = String(randomInt(100_000_000, 999_999_999));
  const accessToken = "reliability-token";
  const fake: Fake = await startFakeGraph({
    appWebhookUrl: `http://127.0.0.1:${opts.port}/channels/whatsapp/webhook`,
    appSecret,
    accessTokens: { [phoneNumberId]: accessToken },
  });
  // Saving the number asks the Graph API (the fake) whether the token may use it.
  process.env.WHATSAPP_GRAPH_URL = fake.url;
  const { businessId } = await createBusiness(db(), {
    name: "Crash Co",
    tokens: 1_000_000,
    whatsapp: await verifyWhatsApp({ phoneNumberId, accessToken }),
  });
  const { key } = await createApiKey(db(), businessId, { scopes: "all", name: "crash" });
  let secret: string | null = null;
  const receiver = await startReceiver(() => secret);
  const env = {
    RUN_WORKER: "1",
    WEBHOOK_ALLOW_PRIVATE: "1",
    WEBHOOK_RETRY_SCHEDULE: "1,1,2,2,3,3,5",
    WHATSAPP_APP_SECRET: appSecret,
    WHATSAPP_GRAPH_URL: fake.url,
    RATE_LIMIT_PER_SECOND: "100000",
    RATE_LIMIT_BURST: "100000",
  };
  const start = async () => {
    const s = await opts.start(opts.port, env, `crash-${opts.servers.length}`);
    opts.servers.push(s);
    return s;
  };

  let server = await start();
  const failures: string[] = [];
  const sentOk: { id: string; token: string }[] = [];
  const inboundOk: string[] = [];
  let tried = 0;
  // Each kill: when SIGKILL was sent, and when the replacement server was spawned. Between the two only
  // the dying process can have sent anything; the fake records a send once it has read its body, which can
  // be after the kill's timestamp for a request the process wrote just before it died.
  const kills: { at: number; restartAt: number }[] = [];
  try {
    await call(server.url, "POST", "/v1/templates", {
      key,
      json: { name: "crash_notice", language: "en", category: "utility", body: "Notice {{1}}" },
    });
    const endpoint = await call(server.url, "POST", "/v1/webhook-endpoints", { key, json: { url: receiver.url, events: ["*"] } });
    if (endpoint.status !== 200) failures.push(`webhook endpoint: ${endpoint.status} ${endpoint.text.slice(0, 200)}`);
    secret = endpoint.json?.secret ?? null;

    for (let round = 1; round <= profile.crashRounds; round++) {
      let stop = false;
      let n = 0;
      const sender = async () => {
        while (!stop) {
          const token = `r${round}-${n++}-${randomInt(1e9)}`;
          tried++;
          try {
            const r = await call(server.url, "POST", "/v1/messages", {
              key,
              json: {
                to: `+1779${randomInt(1_000_000, 9_999_999)}`,
                type: "template",
                template: { name: "crash_notice", language: "en", variables: [token] },
              },
              timeoutMs: 5000,
            });
            if (r.status === 200) sentOk.push({ id: r.json.id, token });
          } catch {
            await sleep(20);
          }
        }
      };
      const inbound = async () => {
        while (!stop) {
          const wamid = `wamid.crash${randomInt(1e12)}`;
          tried++;
          try {
            const status = await fake.postInbound(
              fake.inboundPayload({ messages: [{ from: `1780${randomInt(1_000_000, 9_999_999)}`, id: wamid, text: "Hello, are you open today?" }] }),
            );
            if (status === 200) inboundOk.push(wamid);
          } catch {
            await sleep(20);
          }
        }
      };
      const loops = [...Array.from({ length: 6 }, sender), ...Array.from({ length: 2 }, inbound)];
      await sleep(profile.crashLoadMs);
      const killedAt = Date.now();
      await server.kill9();
      stop = true;
      await Promise.all(loops);
      opts.log(`  round ${round}: killed -9 under load (${sentOk.length} sends and ${inboundOk.length} inbound webhooks answered 200 so far)`);
      kills.push({ at: killedAt, restartAt: Date.now() });
      server = await start();
    }

    // Let the restarted server drain what the dead one left: jobs the killed worker had claimed are taken
    // again once its heartbeat is stale (WORKER_STALE_SECONDS, lib/jobs/queue.ts), not after the 120 s lease.
    const restartedAt = Date.now();
    const drained = await until(
      async () => {
        const [row] = await opts.sql`select count(*)::int as n from jobs where status = 'pending'`;
        return row.n === 0;
      },
      150_000,
      500,
    );
    if (!drained) failures.push("jobs still pending 150 s after the last restart");
    const drainSeconds = Math.round((Date.now() - restartedAt) / 1000);
    await sleep(1500);

    const ids = sentOk.map((s) => s.id);
    const stored = await opts.sql`select id, status from messages where id in ${opts.sql(ids.length ? ids : ["none"])}`;
    const missing = ids.length - stored.length;
    if (missing) failures.push(`${missing} messages answered 200 but are not in the database`);
    const undelivered = stored.filter((m) => m.status === "queued").length;
    if (undelivered) failures.push(`${undelivered} accepted messages never left the queue`);
    const wamids =
      await opts.sql`select channel_message_id from messages where channel_message_id in ${opts.sql(inboundOk.length ? inboundOk : ["none"])}`;
    if (wamids.length !== inboundOk.length)
      failures.push(`${inboundOk.length - wamids.length} inbound webhooks answered 200 but their message is not stored`);

    // No message twice at the Graph API: every API send carries a unique token. A send the Graph API had
    // accepted when the process died, before the database recorded it, is sent again by the retried job
    // (lib/channels/deliver.ts: at least once beats lost; the Graph API takes no idempotency key). Those
    // are counted apart; any other repeat is a failure (RELIABILITY_STRICT_ONCE=1 fails on both).
    // Two sends of one message that straddle a kill: the first by the killed process (before its replacement
    // was spawned) less than 2 s before the kill, the second by the replacement.
    const straddlesKill = (at: number[]) => at.length === 2 && kills.some((k) => at[0] < k.restartAt && k.at - at[0] < 2000 && at[1] >= k.restartAt);
    // Where a repeat's sends fall, in seconds from the nearest kill (the failure says it).
    const fromKill = (at: number[]) => {
      const k = kills.reduce((a, b) => (Math.abs(b.at - at[0]) < Math.abs(a.at - at[0]) ? b : a), kills[0]);
      return at.map((t) => `${t >= k.at ? "+" : ""}${((t - k.at) / 1000).toFixed(2)} s`).join(", ");
    };
    let twice = 0;
    let inFlight = 0;
    const repeats: string[] = [];
    for (const s of sentOk) {
      const at = fake.sent.filter((m) => JSON.stringify(m.body).includes(`"${s.token}"`)).map((m) => m.at.getTime());
      if (at.length < 2) continue;
      if (straddlesKill(at)) inFlight++;
      else {
        twice++;
        repeats.push(`${s.id} at ${fromKill(at)} from the kill`);
      }
    }
    if (twice) failures.push(`${twice} messages were sent twice to the Graph API: ${repeats.slice(0, 5).join("; ")}`);
    // Assistant replies: the same text twice to one customer. The same rule: a reply whose delivery was
    // in flight at the kill is counted apart; a second turn answering one message fails the category.
    const replies = new Map<string, number[]>();
    for (const s of fake.sent) {
      if (s.body?.type === "template") continue;
      const k = `${s.body?.to}|${JSON.stringify(s.body?.text ?? s.body?.interactive ?? "")}`;
      replies.set(k, [...(replies.get(k) ?? []), s.at.getTime()]);
    }
    const repeated = [...replies.values()].filter((at) => at.length > 1);
    const repliesInFlight = repeated.filter(straddlesKill).length;
    const repeatedReplies = repeated.length - repliesInFlight;
    inFlight += repliesInFlight;
    if (repeatedReplies) failures.push(`${repeatedReplies} assistant replies were sent twice to the same customer`);
    if (inFlight && process.env.RELIABILITY_STRICT_ONCE === "1") failures.push(`${inFlight} messages in flight at the kill were sent again`);

    const events = await opts.sql`select id from events where business_id = ${businessId}`;
    const received = new Set(receiver.deliveries.map((d) => d.eventId));
    const lost = events.filter((e) => !received.has(e.id)).length;
    if (lost) failures.push(`${lost} of ${events.length} committed events never delivered`);
    const badSig = receiver.deliveries.filter((d) => !d.signatureOk).length;
    if (badSig) failures.push(`${badSig} deliveries with a bad signature`);
    const dupEvents = receiver.deliveries.length - received.size;
    return [
      {
        name: "crash",
        summary: `${profile.crashRounds} kill -9 under load (${opts.label}): ${tried} requests, ${sentOk.length} sends and ${inboundOk.length} inbound webhooks answered 200, ${missing} missing, ${twice} sent twice (+${inFlight} in flight at the kill, sent again), ${repeatedReplies} replies twice; ${events.length} events, ${lost} undelivered, ${dupEvents} redelivered (at least once); queue drained ${drainSeconds} s after the restart`,
        failures,
      },
    ];
  } finally {
    await server.stop();
    await receiver.close();
    await fake.close();
  }
}

export async function receiverOutage(opts: { port: number; key: string; servers: ServerProcess[] }): Promise<CategoryResult> {
  const failures: string[] = [];
  const secrets: (string | null)[] = [null, null];
  const receivers = [await startReceiver(() => secrets[0]), await startReceiver(() => secrets[1])];
  const server = await startApi(
    opts.port,
    DATABASE_URL,
    {
      RUN_WORKER: "1",
      WEBHOOK_ALLOW_PRIVATE: "1",
      WEBHOOK_RETRY_SCHEDULE: "1,2,2,3,3,4,5,5",
      RATE_LIMIT_PER_SECOND: "100000",
      RATE_LIMIT_BURST: "100000",
    },
    "api-outage",
  );
  opts.servers.push(server);
  const phones: string[] = [];
  try {
    for (const [i, r] of receivers.entries()) {
      const created = await call(server.url, "POST", "/v1/webhook-endpoints", { key: opts.key, json: { url: r.url, events: ["contact.created"] } });
      if (created.status !== 200)
        return { name: "receiver outage", summary: `skipped: endpoint answered ${created.status}`, failures: [created.text.slice(0, 200)] };
      secrets[i] = created.json.secret;
      r.setUp(false);
    }
    const base = randomInt(1_000_000, 9_000_000) * 100;
    for (let i = 0; i < profile.outageEvents; i++) {
      const phone = `+1781${String(base + i).padStart(9, "0")}`;
      const r = await call(server.url, "POST", "/v1/contacts", { key: opts.key, json: { phone } });
      if (r.status === 200) phones.push(phone);
    }
    // Down through the first attempts and retries (1 s, 2 s, 2 s of the short schedule), then back.
    await sleep(4500);
    for (const r of receivers) r.setUp(true);
    const done = await until(() => receivers.every((r) => new Set(r.deliveries.map((d) => d.eventId)).size >= phones.length), 60_000, 200);
    if (!done) failures.push("not every event arrived within 60 s of the receivers coming back");
    await sleep(1500);
  } finally {
    await server.stop();
    for (const r of receivers) await r.close();
  }
  const lines = receivers.map((r, i) => {
    const unique = new Set(r.deliveries.map((d) => d.eventId)).size;
    const twice = r.deliveries.length - unique;
    const bad = r.deliveries.filter((d) => !d.signatureOk).length;
    if (unique < phones.length) failures.push(`endpoint ${i + 1}: ${phones.length - unique} events missing`);
    if (twice) failures.push(`endpoint ${i + 1}: ${twice} events delivered twice`);
    if (bad) failures.push(`endpoint ${i + 1}: ${bad} bad signatures`);
    return `endpoint ${i + 1}: ${unique} delivered, ${twice} twice, ${bad} bad signatures`;
  });
  return { name: "receiver outage", summary: `${phones.length} events while 2 receivers were down ~4.5 s: ${lines.join("; ")}`, failures };
}
