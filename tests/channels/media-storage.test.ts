import { randomBytes } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import * as storageRoute from "../../app/v1/internal/media/storage/route";
import { runAdminCommand } from "../../lib/admin/commands";
import { simulateInbound } from "../../lib/channels/sandbox-simulator";
import { db } from "../../lib/db/client";
import { queryRows } from "../../lib/db/rows";
import { messages } from "../../lib/db/schema";
import { holdMediaFile } from "../../lib/media/media-files";
import { CHUNK_BYTES, postgresMediaStore } from "../../lib/media/postgres-store";
import { parseByteSize, setStorageQuota, storageUsage } from "../../lib/media/storage-quota";
import { mediaSweep, mediaSweepJob, sweepUnusedMedia } from "../../lib/media/sweep-unused";
import { newId } from "../../lib/ids";
import { call, makeStaff, signInAs } from "../dashboard/harness";
import { api, makeBusiness, uniquePhone } from "../helpers/api";
import { channelWorker, connectedBusiness, messagesOf, settle, setChannelEnv, startAppServer } from "./harness";

// Issue 34 item 5: uploads (up to 100 MB a document) had no per-business quota and no rate, a file no
// message used was kept forever, and a 10 MB upload held other tenants up for over a second (each
// 256 KiB row held the embedded database, and the process with it, for about 110 ms).

afterEach(() => {
  delete process.env.MEDIA_UPLOADS_PER_MINUTE;
  delete process.env.MEDIA_STORAGE_QUOTA_BYTES;
  signInAs(null);
});

async function upload(key: string, bytes: Buffer, mimeType = "application/pdf", name = "file.pdf") {
  const form = new FormData();
  form.set("file", new Blob([new Uint8Array(bytes)], { type: mimeType }), name);
  const encoded = new Response(form);
  const raw = new Uint8Array(await encoded.arrayBuffer());
  return api("POST", "/v1/media", { key, rawBody: raw, headers: { "content-type": encoded.headers.get("content-type") as string } });
}

const count = async (query: ReturnType<typeof sql>) => Number((await queryRows<{ n: number }>(db(), query))[0].n);
const filesOf = (businessId: string) => count(sql`select count(*)::int as n from media_files where business_id = ${businessId}`);
const chunksOf = (businessId: string) => count(sql`select count(*)::int as n from media_chunks where storage_key like ${`${businessId}/%`}`);
const age = (fileId: string, hours: number) =>
  queryRows(db(), sql`update media_files set created_at = now() - make_interval(hours => ${hours}) where id = ${fileId}`);

describe("storage quota", () => {
  it("refuses an upload that does not fit with 413 storage_quota_exceeded, storing nothing of it", async () => {
    const b = await makeBusiness();
    await setStorageQuota(db(), b.businessId, 300 * 1024);
    const first = await upload(b.key, randomBytes(200 * 1024));
    expect(first.status).toBe(200);
    const second = await upload(b.key, randomBytes(200 * 1024));
    expect(second.status).toBe(413);
    expect(second.body.error.code).toBe("storage_quota_exceeded");
    expect(second.body.error.message).toMatch(/200 KB of 300 KB used/);
    expect(await filesOf(b.businessId)).toBe(1);
    expect(await chunksOf(b.businessId)).toBe(Math.ceil((200 * 1024) / CHUNK_BYTES));
    // What still fits is accepted; the quota counts every file of the business.
    expect((await upload(b.key, randomBytes(90 * 1024))).status).toBe(200);
    expect(await storageUsage(db(), b.businessId)).toMatchObject({
      usedBytes: 290 * 1024,
      files: 2,
      quotaBytes: 300 * 1024,
      quotaSource: "business",
    });
  });

  it("a media.url file that declares a size past the quota is refused before its first byte is stored", async () => {
    const b = await makeBusiness();
    const phone = uniquePhone();
    await simulateInbound(db(), b.businessId, { phone, text: "hi" });
    await setStorageQuota(db(), b.businessId, 64 * 1024);
    let sent = 0;
    const server = createServer((_req, res) => {
      res.writeHead(200, { "content-type": "application/pdf", "content-length": String(1024 * 1024) });
      const piece = Buffer.alloc(64 * 1024);
      const push = () => {
        while (sent < 1024 * 1024 && res.write(piece)) sent += piece.length;
        if (sent < 1024 * 1024) res.once("drain", push);
        else res.end();
      };
      push();
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/big.pdf`;
      const res = await api("POST", "/v1/messages", { key: b.key, body: { to: phone, type: "document", media: { url } } });
      expect(res.status).toBe(413);
      expect(res.body.error.code).toBe("storage_quota_exceeded");
      expect(await chunksOf(b.businessId)).toBe(0);
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });

  it("concurrent uploads never pass the quota together", async () => {
    const b = await makeBusiness();
    await setStorageQuota(db(), b.businessId, 250 * 1024);
    const results = await Promise.all([1, 2, 3, 4].map(() => upload(b.key, randomBytes(100 * 1024))));
    const ok = results.filter((r) => r.status === 200).length;
    expect(ok).toBe(2);
    expect(results.filter((r) => r.status === 413).every((r) => r.body.error.code === "storage_quota_exceeded")).toBe(true);
    expect((await storageUsage(db(), b.businessId)).usedBytes).toBeLessThanOrEqual(250 * 1024);
    expect(await chunksOf(b.businessId)).toBe(ok * Math.ceil((100 * 1024) / CHUNK_BYTES));
  });

  it("defaults to MEDIA_STORAGE_QUOTA_BYTES (1 GiB unset); the operator sets it per business from the command line", async () => {
    const b = await makeBusiness();
    expect(await storageUsage(db(), b.businessId)).toMatchObject({ usedBytes: 0, files: 0, quotaBytes: 1024 ** 3, quotaSource: "deployment" });
    process.env.MEDIA_STORAGE_QUOTA_BYTES = "1000";
    expect((await storageUsage(db(), b.businessId)).quotaBytes).toBe(1000);
    expect((await upload(b.key, randomBytes(2000))).body.error.code).toBe("storage_quota_exceeded");
    const set = (await runAdminCommand("set-storage-quota", { business: b.businessId, bytes: "2MiB" })) as { quotaBytes: number };
    expect(set).toMatchObject({ quotaBytes: 2 * 1024 * 1024, quotaSource: "business" });
    expect((await upload(b.key, randomBytes(2000))).status).toBe(200);
    const audit = await queryRows<{ details: unknown }>(
      db(),
      sql`select details from audit_events where business_id = ${b.businessId} and action = 'settings.storage_quota_changed'`,
    );
    expect(audit).toEqual([{ details: { quotaBytes: 2 * 1024 * 1024 } }]);
    await runAdminCommand("set-storage-quota", { business: b.businessId, bytes: "default" });
    expect((await storageUsage(db(), b.businessId)).quotaSource).toBe("deployment");
    expect(parseByteSize("1.5GiB")).toBe(1.5 * 1024 ** 3);
    expect(parseByteSize("123")).toBe(123);
    expect(() => parseByteSize("-1")).toThrow();
    expect(() => parseByteSize("lots")).toThrow();
  });

  it("the dashboard shows the space used to owners (GET /v1/internal/media/storage); keys and agents do not get it", async () => {
    const owner = await makeStaff();
    const key = await api("GET", "/v1/internal/media/storage", { key: (await makeBusiness()).key });
    expect(key.status).toBe(404);
    signInAs(owner);
    const empty = await call(storageRoute.GET, "GET", "/v1/internal/media/storage");
    expect(empty).toMatchObject({ status: 200, body: { usedBytes: 0, files: 0, quotaBytes: 1024 ** 3 } });
    signInAs(await makeStaff({ role: "agent", businessId: owner.businessId }));
    expect((await call(storageRoute.GET, "GET", "/v1/internal/media/storage")).status).toBe(403);
  });
});

describe("storage quota, inbound and documented", () => {
  it("a customer's file that does not fit is stored as unavailable, saying why", async () => {
    setChannelEnv();
    const app = await startAppServer();
    const worker = channelWorker();
    const biz = await connectedBusiness(app);
    try {
      await setStorageQuota(db(), biz.businessId, 10 * 1024);
      const mediaId = biz.fake.addMedia(randomBytes(20 * 1024), { mimeType: "image/jpeg" });
      await biz.fake.postInbound(biz.fake.inboundPayload({ messages: [{ from: uniquePhone(), type: "image", mediaId }] }));
      await settle();
      const [m] = await messagesOf(biz.businessId);
      expect(m.media).toMatchObject({ kind: "image", status: "unavailable", fileId: null });
      expect(m.media?.problem).toMatch(/file storage/);
      expect(await chunksOf(biz.businessId)).toBe(0);
    } finally {
      await biz.fake.close();
      await worker.stop();
      await app.close();
    }
  });

  it("storage_quota_exceeded is in the OpenAPI document for uploads and media sends", async () => {
    const doc = (await api("GET", "/v1/openapi.json")).body;
    expect(doc.paths["/media"].post.responses["413"].description).toContain("storage_quota_exceeded");
    expect(doc.paths["/messages"].post.responses["413"].description).toContain("storage_quota_exceeded");
    expect(doc.paths["/media"].post.responses["429"].description).toContain("rate_limited");
    expect(doc.components.schemas.Error.properties.error.properties.code.enum).toContain("storage_quota_exceeded");
  });
});

describe("upload rate", () => {
  it("allows MEDIA_UPLOADS_PER_MINUTE files a minute per business, then 429 rate_limited with Retry-After", async () => {
    process.env.MEDIA_UPLOADS_PER_MINUTE = "3";
    const b = await makeBusiness();
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) statuses.push((await upload(b.key, randomBytes(100))).status);
    expect(statuses).toEqual([200, 200, 200]);
    const limited = await upload(b.key, randomBytes(100));
    expect(limited.status).toBe(429);
    expect(limited.body.error.code).toBe("rate_limited");
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect(await filesOf(b.businessId)).toBe(3);
    // Another business has its own bucket; a refused request before the file part is not counted.
    const other = await makeBusiness();
    expect((await api("POST", "/v1/media", { key: other.key, body: { file: "x" } })).status).toBe(415);
    expect((await upload(other.key, randomBytes(100))).status).toBe(200);
  });
});

describe("unused files", () => {
  it("are removed a day after they were stored; files a message uses, and younger ones, stay", async () => {
    const b = await makeBusiness();
    const phone = uniquePhone();
    await simulateInbound(db(), b.businessId, { phone, text: "hi" });
    const used = await upload(b.key, randomBytes(100 * 1024));
    const unused = await upload(b.key, randomBytes(100 * 1024));
    const young = await upload(b.key, randomBytes(1000));
    const send = await api("POST", "/v1/messages", { key: b.key, body: { to: phone, type: "document", media: { id: used.body.id } } });
    expect(send.status).toBe(200);
    // Saving a file queued the business's sweep, once, for a day later.
    const jobs = await queryRows<{ due_in_hours: number }>(
      db(),
      sql`select extract(epoch from run_at - now()) / 3600 as due_in_hours from jobs where queue = ${mediaSweep.name} and business_id = ${b.businessId}`,
    );
    expect(jobs).toHaveLength(1);
    expect(Number(jobs[0].due_in_hours)).toBeGreaterThan(23.5);
    await age(used.body.id, 25);
    await age(unused.body.id, 25);

    const { removed, next } = await sweepUnusedMedia(db(), b.businessId);
    expect(removed).toBe(1);
    const left = await queryRows<{ id: string }>(db(), sql`select id from media_files where business_id = ${b.businessId} order by id`);
    expect(left.map((r) => r.id).sort()).toEqual([used.body.id, young.body.id].sort());
    expect(await chunksOf(b.businessId)).toBe(Math.ceil((100 * 1024) / CHUNK_BYTES) + 1);
    // The next run is due when the young file comes of age.
    expect(next).not.toBeNull();
    expect(((next as Date).getTime() - Date.now()) / 3_600_000).toBeGreaterThan(23.5);
    // A send naming the removed file is refused like any unknown file, storing nothing.
    const late = await api("POST", "/v1/messages", { key: b.key, body: { to: phone, type: "document", media: { id: unused.body.id } } });
    expect(late.status).toBe(404);
  });

  it("the job sweeps and queues the next run; two sweeps at once remove each file once", async () => {
    const b = await makeBusiness();
    const ids: string[] = [];
    for (let i = 0; i < 6; i++) ids.push((await upload(b.key, randomBytes(70 * 1024))).body.id);
    for (const id of ids.slice(0, 5)) await age(id, 30);
    const results = await Promise.all([sweepUnusedMedia(db(), b.businessId), sweepUnusedMedia(db(), b.businessId)]);
    expect(results[0].removed + results[1].removed).toBe(5);
    expect(await filesOf(b.businessId)).toBe(1);
    expect(await chunksOf(b.businessId)).toBe(Math.ceil((70 * 1024) / CHUNK_BYTES));
    await age(ids[5], 30);
    await queryRows(db(), sql`delete from jobs where queue = ${mediaSweep.name} and business_id = ${b.businessId}`);
    await mediaSweepJob({ businessId: b.businessId }, { id: 0, queue: mediaSweep.name, payload: {}, attempts: 1, maxAttempts: 5 });
    expect(await filesOf(b.businessId)).toBe(0);
    // Nothing left to wait for: the chain ends until the next file is stored.
    expect(await count(sql`select count(*)::int as n from jobs where queue = ${mediaSweep.name} and business_id = ${b.businessId}`)).toBe(0);
  });

  it("a file held by a send in progress is seen in use once that send commits", async () => {
    const b = await makeBusiness();
    const customer = await simulateInbound(db(), b.businessId, { phone: uniquePhone(), text: "hi" });
    const file = await upload(b.key, randomBytes(1000));
    await age(file.body.id, 30);
    let sweep: Promise<{ removed: number }> | null = null;
    await db().transaction(async (tx) => {
      await holdMediaFile(tx, b.businessId, file.body.id);
      sweep = sweepUnusedMedia(db(), b.businessId);
      await new Promise((r) => setTimeout(r, 100)); // lets the sweep reach the file's row on Postgres
      await tx.insert(messages).values({
        id: newId("msg"),
        businessId: b.businessId,
        conversationId: customer.conversationId,
        contactId: customer.contactId,
        direction: "outbound",
        source: "api",
        type: "document",
        text: "[document]",
        media: { fileId: file.body.id, kind: "document", mimeType: "application/pdf", size: 1000, filename: null, caption: null, status: "ready" },
        status: "queued",
        channel: "sandbox",
      });
    });
    expect((await (sweep as unknown as Promise<{ removed: number }>)).removed).toBe(0);
    expect(await filesOf(b.businessId)).toBe(1);
  });
});

describe("writing a file's bytes", () => {
  it("goes in small rows, one statement each, giving the event loop a turn between them", async () => {
    const store = postgresMediaStore(db());
    const key = `test-${newId("med")}`;
    const bytes = randomBytes(1024 * 1024);
    async function* atOnce() {
      yield bytes; // all of it available at once, as a buffered request body is
    }
    let turns = 0;
    const ticker = setInterval(() => turns++, 0);
    try {
      await store.put(key, atOnce(), "application/pdf");
    } finally {
      clearInterval(ticker);
    }
    const [rows] = await queryRows<{ n: number; largest: number }>(
      db(),
      sql`select count(*)::int as n, max(length(data))::int as largest from media_chunks where storage_key = ${key}`,
    );
    expect(rows.largest).toBeLessThanOrEqual(64 * 1024);
    expect(rows.n).toBe(Math.ceil(bytes.length / rows.largest));
    // Other requests get their turn between the rows (timers stand for them here), not only after the file.
    expect(turns).toBeGreaterThanOrEqual(rows.n / 2);
    const back: Buffer[] = [];
    for await (const piece of await store.open(key)) back.push(Buffer.from(piece));
    expect(Buffer.concat(back).equals(bytes)).toBe(true);
    await store.delete(key);
    expect(await count(sql`select count(*)::int as n from media_chunks where storage_key = ${key}`)).toBe(0);
  });
});
