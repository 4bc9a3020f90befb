import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import S3rver from "s3rver";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import * as mediaRoute from "../../app/media/[fileId]/route";
import { inboundWebhook } from "../../lib/channels/whatsapp/inbound";
import { db } from "../../lib/db/client";
import { queryRows } from "../../lib/db/rows";
import { mediaFiles } from "../../lib/db/schema";
import type { Worker } from "../../lib/jobs/worker";
import { api, uniquePhone } from "../helpers/api";
import {
  type AppServer,
  type Connected,
  channelWorker,
  connectedBusiness,
  messagesOf,
  settle,
  setChannelEnv,
  startAppServer,
  waitFor,
} from "./harness";

// The S3 back end against a real S3-compatible server (s3rver, from npm) on loopback, including an
// outage: the server is stopped while a customer's photo arrives, and started again on the same port.

let app: AppServer;
let worker: Worker;
let biz: Connected | null = null;
let s3: S3rver;
let port = 0;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "convo-s3-"));

async function startS3(p = 0) {
  s3 = new S3rver({ port: p, address: "127.0.0.1", silent: true, directory: dir, configureBuckets: [{ name: "convo-media", configs: [] }] });
  const address = await s3.run();
  port = address.port;
}

beforeAll(async () => {
  setChannelEnv();
  await startS3();
  process.env.MEDIA_S3_BUCKET = "convo-media";
  process.env.MEDIA_S3_ENDPOINT = `http://127.0.0.1:${port}`;
  process.env.MEDIA_S3_REGION = "us-east-1";
  process.env.MEDIA_S3_ACCESS_KEY_ID = "S3RVER";
  process.env.MEDIA_S3_SECRET_ACCESS_KEY = "S3RVER";
  app = await startAppServer();
  worker = channelWorker();
});
afterEach(async () => {
  await biz?.fake.close();
  biz = null;
});
afterAll(async () => {
  for (const k of ["MEDIA_S3_BUCKET", "MEDIA_S3_ENDPOINT", "MEDIA_S3_REGION", "MEDIA_S3_ACCESS_KEY_ID", "MEDIA_S3_SECRET_ACCESS_KEY"])
    delete process.env[k];
  await worker.stop();
  await app.close();
  await s3.close().catch(() => {});
  fs.rmSync(dir, { recursive: true, force: true });
});

async function fetchMedia(url: string) {
  const u = new URL(url);
  const fileId = decodeURIComponent(u.pathname.split("/").pop() ?? "");
  const res = await mediaRoute.GET(new Request(`http://localhost${u.pathname}${u.search}`), { params: Promise.resolve({ fileId }) });
  return { status: res.status, bytes: Buffer.from(await res.arrayBuffer()) };
}

const chunkRows = async (businessId: string) =>
  (await queryRows<{ n: number }>(db(), sql`select count(*)::int as n from media_chunks where storage_key like ${`${businessId}/%`}`))[0].n;

describe("S3 storage", () => {
  it("stores inbound and uploaded files in the bucket and serves them back", async () => {
    biz = await connectedBusiness(app);
    const phone = uniquePhone();
    const photo = randomBytes(700 * 1024);
    const id = biz.fake.addMedia(photo, { mimeType: "image/jpeg" });
    await biz.fake.postInbound(biz.fake.inboundPayload({ messages: [{ from: phone, type: "image", mediaId: id }] }));
    await settle();
    const [m] = await messagesOf(biz.businessId);
    const [file] = await db()
      .select()
      .from(mediaFiles)
      .where(eq(mediaFiles.id, m.media?.fileId as string));
    expect(file).toMatchObject({ storage: "s3", size: photo.length });
    expect(await chunkRows(biz.businessId)).toBe(0);
    const listed = await api("GET", `/v1/conversations/${m.conversationId}/messages`, { key: biz.key });
    const got = await fetchMedia(listed.body.data[0].media.url);
    expect(got.status).toBe(200);
    expect(got.bytes.equals(photo)).toBe(true);

    // Out: uploaded to the bucket, then from the bucket to WhatsApp.
    const pdf = randomBytes(6 * 1024 * 1024); // more than one 5 MiB multipart part
    const form = new FormData();
    form.set("file", new Blob([new Uint8Array(pdf)], { type: "application/pdf" }), "catalogue.pdf");
    const encoded = new Response(form);
    const up = await api("POST", "/v1/media", {
      key: biz.key,
      rawBody: new Uint8Array(await encoded.arrayBuffer()),
      headers: { "content-type": encoded.headers.get("content-type") as string },
    });
    expect(up.status).toBe(200);
    const sent = await api("POST", "/v1/messages", { key: biz.key, body: { to: phone, type: "document", media: { id: up.body.id } } });
    expect(sent.status).toBe(200);
    await settle();
    expect(biz.fake.uploads.at(-1)?.bytes.equals(pdf)).toBe(true);
  });

  it("an outage delays the download (the job retries) and the file is stored once the bucket is back", async () => {
    biz = await connectedBusiness(app);
    const photo = randomBytes(50_000);
    const id = biz.fake.addMedia(photo, { mimeType: "image/png" });
    await s3.close();
    try {
      await biz.fake.postInbound(biz.fake.inboundPayload({ messages: [{ from: uniquePhone(), type: "image", mediaId: id, mimeType: "image/png" }] }));
      const c = biz;
      // The first attempt fails against the stopped bucket and is rescheduled, storing nothing.
      const job = await waitFor(async () => {
        const rows = await queryRows<{ attempts: number; last_error: string | null }>(
          db(),
          sql`select attempts, last_error from jobs where queue = ${inboundWebhook.name} and status = 'pending' and payload->'phoneNumberIds' ? ${c.phoneNumberId}`,
        );
        return rows[0]?.last_error ? rows[0] : null;
      }, 20_000);
      expect(job.last_error).toMatch(/not downloaded/);
      expect(await messagesOf(biz.businessId)).toHaveLength(0);
    } finally {
      await startS3(port);
    }
    const c = biz;
    await waitFor(async () => {
      await queryRows(
        db(),
        sql`update jobs set run_at = now() where queue = ${inboundWebhook.name} and status = 'pending' and payload->'phoneNumberIds' ? ${c.phoneNumberId}`,
      );
      return (await messagesOf(c.businessId)).length === 1;
    }, 30_000);
    const [m] = await messagesOf(biz.businessId);
    expect(m.media).toMatchObject({ status: "ready", size: photo.length });
    const listed = await api("GET", `/v1/conversations/${m.conversationId}/messages`, { key: biz.key });
    expect((await fetchMedia(listed.body.data[0].media.url)).bytes.equals(photo)).toBe(true);
  });
});
