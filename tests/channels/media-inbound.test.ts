import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import * as mediaRoute from "../../app/media/[fileId]/route";
import { db } from "../../lib/db/client";
import { signInAs } from "../dashboard/harness";
import { queryRows } from "../../lib/db/rows";
import type { Worker } from "../../lib/jobs/worker";
import { MEDIA_DOWNLOAD_ATTEMPTS } from "../../lib/channels/whatsapp/inbound-media";
import { inboundWebhook } from "../../lib/channels/whatsapp/inbound";
import { CHUNK_BYTES } from "../../lib/media/postgres-store";
import { api, makeBusiness, uniquePhone } from "../helpers/api";
import {
  type AppServer,
  type Connected,
  channelWorker,
  connectedBusiness,
  eventsOf,
  messagesOf,
  settle,
  setChannelEnv,
  startAppServer,
  waitFor,
} from "./harness";

// Who the dashboard thinks is signed in: an owner of `businessId`, or nobody.
function sessionOf(businessId: string | null) {
  signInAs(businessId ? { userId: "usr_x", businessId, role: "owner", email: "o@example.com", name: null } : null);
}

let app: AppServer;
let worker: Worker;
let biz: Connected | null = null;

beforeAll(async () => {
  setChannelEnv();
  app = await startAppServer();
  worker = channelWorker();
});
afterEach(async () => {
  sessionOf(null);
  await biz?.fake.close();
  biz = null;
});
afterAll(async () => {
  await worker.stop();
  await app.close();
});

/** GET /media/{id}... through the route module, as Next calls it. */
async function fetchMedia(url: string) {
  const u = new URL(url);
  const fileId = decodeURIComponent(u.pathname.split("/").pop() ?? "");
  const res = await mediaRoute.GET(new Request(`http://localhost${u.pathname}${u.search}`), { params: Promise.resolve({ fileId }) });
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
}

async function latestMessages(b: Connected) {
  const rows = await messagesOf(b.businessId);
  const res = await api("GET", `/v1/conversations/${rows[0].conversationId}/messages?limit=50`, { key: b.key });
  expect(res.status).toBe(200);
  return res.body.data as Record<string, any>[];
}

/** Makes the business's waiting inbound retries due now. */
async function fastForwardInbound(phoneNumberId: string) {
  await queryRows(
    db(),
    sql`update jobs set run_at = now() where queue = ${inboundWebhook.name} and status = 'pending' and payload->'phoneNumberIds' ? ${phoneNumberId}`,
  );
}

describe("inbound media", () => {
  it("downloads each kind, stores it, and serves it through a signed link in the API and the webhook event", async () => {
    biz = await connectedBusiness(app);
    const phone = uniquePhone();
    const files = {
      image: { bytes: randomBytes(300 * 1024), mimeType: "image/jpeg" },
      audio: { bytes: randomBytes(40_000), mimeType: "audio/ogg; codecs=opus" },
      video: { bytes: randomBytes(90_000), mimeType: "video/mp4" },
      document: { bytes: randomBytes(600 * 1024), mimeType: "application/pdf", filename: "invoice 42.pdf" },
      sticker: { bytes: randomBytes(20_000), mimeType: "image/webp" },
    } as const;
    const ids = Object.fromEntries(Object.entries(files).map(([k, f]) => [k, biz?.fake.addMedia(f.bytes, { mimeType: f.mimeType })]));
    const at = Date.now() - 60_000;
    const specs = [
      { type: "image" as const, mediaId: ids.image, caption: "my receipt" },
      { type: "audio" as const, mediaId: ids.audio, voice: true },
      { type: "video" as const, mediaId: ids.video },
      { type: "document" as const, mediaId: ids.document, filename: "invoice 42.pdf", mimeType: "application/pdf" },
      { type: "sticker" as const, mediaId: ids.sticker },
    ].map((s, i) => ({ ...s, from: phone, timestamp: new Date(at + i * 1000) }));
    expect(await biz.fake.postInbound(biz.fake.inboundPayload({ messages: specs }))).toBe(200);
    await settle();

    const out = await latestMessages(biz);
    expect(out.map((m) => m.type).reverse()).toEqual(["image", "audio", "video", "document", "sticker"]);
    for (const m of out) {
      const file = files[m.type as keyof typeof files];
      expect(m.media).toMatchObject({ type: m.type, status: "ready", size: file.bytes.length, mimeType: file.mimeType.split(";")[0] });
      expect(m.media.url).toMatch(/\/media\/med_[0-9A-Z]+\?expires=\d+&signature=/);
      const got = await fetchMedia(m.media.url);
      expect(got.status).toBe(200);
      expect(got.headers.get("content-type")).toBe(file.mimeType.split(";")[0]);
      expect(got.bytes.equals(file.bytes)).toBe(true);
    }
    const doc = out.find((m) => m.type === "document");
    expect(doc?.media.filename).toBe("invoice 42.pdf");
    expect(out.find((m) => m.type === "image")?.media.caption).toBe("my receipt");
    const docRes = await fetchMedia(doc?.media.url);
    expect(docRes.headers.get("content-disposition")).toMatch(/^attachment; filename="invoice 42.pdf"/);
    // Bytes larger than a chunk are stored in several rows (CHUNK_BYTES each, the last one shorter).
    const chunks = await queryRows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from media_chunks where storage_key like ${`${biz.businessId}/%`}`,
    );
    expect(chunks[0].n).toBe(Object.values(files).reduce((n, f) => n + Math.ceil(f.bytes.length / CHUNK_BYTES), 0));

    const events = await eventsOf(biz.businessId, "message.received");
    const imageEvent = events.find((e) => (e.payload as { messageType?: string }).messageType === "image");
    const payload = imageEvent?.payload as { media: { url: string; status: string; caption: string } };
    expect(payload.media).toMatchObject({ status: "ready", caption: "my receipt" });
    expect((await fetchMedia(payload.media.url)).bytes.equals(files.image.bytes)).toBe(true);
  });

  it("a redelivered webhook does not download again", async () => {
    biz = await connectedBusiness(app);
    const id = biz.fake.addMedia(randomBytes(1000), { mimeType: "image/png" });
    const payload = biz.fake.inboundPayload({ messages: [{ from: uniquePhone(), type: "image", mediaId: id, mimeType: "image/png" }] });
    await biz.fake.postInbound(payload);
    await settle();
    await biz.fake.postInbound(payload);
    await settle();
    expect(biz.fake.media.get(id)?.downloads).toBe(1);
    expect(await messagesOf(biz.businessId)).toHaveLength(1);
  });

  it("looks the media id up again when the download URL has expired", async () => {
    biz = await connectedBusiness(app);
    const bytes = randomBytes(5000);
    const id = biz.fake.addMedia(bytes, { mimeType: "image/jpeg", expiredOnce: true });
    await biz.fake.postInbound(biz.fake.inboundPayload({ messages: [{ from: uniquePhone(), type: "image", mediaId: id }] }));
    await settle();
    const [m] = await latestMessages(biz);
    expect(m.media.status).toBe("ready");
    expect((await fetchMedia(m.media.url)).bytes.equals(bytes)).toBe(true);
  });

  it("stores a too-large file or a wrong type as unavailable, at once, with nothing kept", async () => {
    biz = await connectedBusiness(app);
    const big = biz.fake.addMedia(Buffer.alloc(5 * 1024 * 1024 + 1), { mimeType: "image/jpeg" });
    const wrong = biz.fake.addMedia(randomBytes(100), { mimeType: "application/x-msdownload" });
    const phone = uniquePhone();
    await biz.fake.postInbound(
      biz.fake.inboundPayload({
        messages: [
          { from: phone, type: "image", mediaId: big, timestamp: new Date(Date.now() - 2000) },
          { from: phone, type: "video", mediaId: wrong, mimeType: "application/x-msdownload" },
        ],
      }),
    );
    await settle();
    const out = await latestMessages(biz);
    expect(out.map((m) => [m.type, m.media.status, m.media.url])).toEqual([
      ["video", "unavailable", null],
      ["image", "unavailable", null],
    ]);
    const chunks = await queryRows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from media_chunks where storage_key like ${`${biz.businessId}/%`}`,
    );
    expect(chunks[0].n).toBe(0);
  });

  it("retries a failing download with the job, then shows the file as unavailable after the last try", async () => {
    biz = await connectedBusiness(app);
    const okId = biz.fake.addMedia(randomBytes(2000), { mimeType: "image/jpeg" });
    // Fails twice, then works.
    biz.fake.failMediaNext(2);
    await biz.fake.postInbound(biz.fake.inboundPayload({ messages: [{ from: uniquePhone(), type: "image", mediaId: okId }] }));
    const c = biz;
    await waitFor(async () => {
      await fastForwardInbound(c.phoneNumberId);
      return (await messagesOf(c.businessId)).length === 1;
    });
    expect((await messagesOf(biz.businessId))[0].media?.status).toBe("ready");

    biz.fake.failMediaNext(1000);
    const phone2 = uniquePhone();
    await biz.fake.postInbound(biz.fake.inboundPayload({ messages: [{ from: phone2, type: "image", mediaId: okId }] }));
    await waitFor(async () => {
      await fastForwardInbound(c.phoneNumberId);
      return (await messagesOf(c.businessId)).length === 2;
    }, 20_000);
    const last = (await messagesOf(biz.businessId))[1];
    expect(last.media).toMatchObject({ status: "unavailable", fileId: null });
    expect(last.text).toBe("[image]");
    expect(MEDIA_DOWNLOAD_ATTEMPTS).toBeGreaterThan(1);
  });

  it("serves a file only with a valid signature or a session of its business; anything else is the same 404", async () => {
    biz = await connectedBusiness(app);
    const bytes = randomBytes(3000);
    const id = biz.fake.addMedia(bytes, { mimeType: "image/png" });
    await biz.fake.postInbound(biz.fake.inboundPayload({ messages: [{ from: uniquePhone(), type: "image", mediaId: id, mimeType: "image/png" }] }));
    await settle();
    const [m] = await latestMessages(biz);
    const url = new URL(m.media.url);
    const fileId = url.pathname.split("/").pop() as string;
    const bare = `http://localhost/media/${fileId}`;

    const expired = new URL(url);
    expired.searchParams.set("expires", String(Math.floor(Date.now() / 1000) - 10));
    const tampered = new URL(url);
    tampered.searchParams.set("signature", `${url.searchParams.get("signature")?.slice(0, -2)}xx`);
    const missing = new URL(url);
    missing.pathname = "/media/med_01JD7X4S9C8A3K2M5N6P7Q8R9T";
    const other = await makeBusiness();
    const answers = [];
    for (const u of [expired.toString(), tampered.toString(), missing.toString(), bare]) answers.push(await fetchMedia(u));
    sessionOf(other.businessId);
    answers.push(await fetchMedia(bare));
    for (const a of answers) {
      expect(a.status).toBe(404);
      expect(JSON.parse(a.bytes.toString()).error.code).toBe("not_found");
    }
    sessionOf(biz.businessId);
    const own = await fetchMedia(bare);
    expect(own.status).toBe(200);
    expect(own.bytes.equals(bytes)).toBe(true);
  });

  it("records a location, and a reaction on the message it reacts to without a new message", async () => {
    biz = await connectedBusiness(app);
    const phone = uniquePhone();
    await biz.fake.postInbound(
      biz.fake.inboundPayload({
        messages: [{ from: phone, type: "location", latitude: 38.7223, longitude: -9.1393, name: "Home", address: "Rua Augusta 1" }],
      }),
    );
    await settle();
    const [loc] = await latestMessages(biz);
    expect(loc.location).toEqual({ latitude: 38.7223, longitude: -9.1393, name: "Home", address: "Rua Augusta 1" });
    const [row] = await messagesOf(biz.businessId);
    await biz.fake.postInbound(
      biz.fake.inboundPayload({ messages: [{ from: phone, type: "reaction", messageId: row.channelMessageId as string, emoji: "❤️" }] }),
    );
    await settle();
    const after = await latestMessages(biz);
    expect(after).toHaveLength(1);
    expect(after[0].reactions).toEqual({ customer: "❤️", business: null });
    await biz.fake.postInbound(
      biz.fake.inboundPayload({ messages: [{ from: phone, type: "reaction", messageId: row.channelMessageId as string, emoji: "" }] }),
    );
    await settle();
    expect((await latestMessages(biz))[0].reactions).toEqual({ customer: null, business: null });
  });
});
