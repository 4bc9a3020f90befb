import { randomBytes } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { ChannelError } from "../../lib/channels/channel";
import { uploadWhatsAppMedia } from "../../lib/channels/whatsapp/media";
import { db } from "../../lib/db/client";
import { queryRows } from "../../lib/db/rows";
import type { Worker } from "../../lib/jobs/worker";
import { api, makeBusiness, uniquePhone } from "../helpers/api";
import {
  type AppServer,
  type Connected,
  channelWorker,
  connectedBusiness,
  message,
  messagesOf,
  settle,
  setChannelEnv,
  startAppServer,
} from "./harness";

let app: AppServer;
let worker: Worker;
let biz: Connected | null = null;

beforeAll(async () => {
  setChannelEnv();
  app = await startAppServer();
  worker = channelWorker();
});
afterEach(async () => {
  await biz?.fake.close();
  biz = null;
});
afterAll(async () => {
  await worker.stop();
  await app.close();
});

/** POST /v1/media with one file (and optional fields before it), as multipart/form-data. */
async function upload(key: string, bytes: Buffer, mimeType: string, filename: string, fields: Record<string, string> = {}) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  form.set("file", new Blob([new Uint8Array(bytes)], { type: mimeType }), filename);
  const encoded = new Response(form);
  const raw = new Uint8Array(await encoded.arrayBuffer());
  return api("POST", "/v1/media", { key, rawBody: raw, headers: { "content-type": encoded.headers.get("content-type") as string } });
}

async function customerWrites(b: Connected, phone: string) {
  await b.fake.postInbound(b.fake.inboundPayload({ messages: [{ from: phone, text: "hello" }] }));
  await settle();
}

const storedFiles = async (businessId: string) =>
  (await queryRows<{ n: number }>(db(), sql`select count(*)::int as n from media_files where business_id = ${businessId}`))[0].n;

describe("outbound media", () => {
  it("uploads each type, sends it to WhatsApp by uploading to /{phone-number-id}/media and naming the id", async () => {
    biz = await connectedBusiness(app);
    const phone = uniquePhone();
    await customerWrites(biz, phone);
    const files = [
      { type: "image", mimeType: "image/png", name: "photo.png", caption: "Your parcel" },
      { type: "document", mimeType: "application/pdf", name: "invoice-42.pdf", caption: "Your invoice" },
      { type: "audio", mimeType: "audio/mpeg", name: "hello.mp3" },
      { type: "video", mimeType: "video/mp4", name: "how-to.mp4", caption: "How to" },
    ];
    const sentIds: string[] = [];
    for (const f of files) {
      const bytes = randomBytes(270 * 1024);
      const up = await upload(biz.key, bytes, f.mimeType, f.name);
      expect(up.status).toBe(200);
      expect(up.body).toMatchObject({ type: f.type, mimeType: f.mimeType, size: bytes.length, filename: f.name });
      const res = await api("POST", "/v1/messages", {
        key: biz.key,
        body: { to: phone, type: f.type, media: { id: up.body.id }, ...(f.caption && { text: f.caption }) },
      });
      expect(res.status).toBe(200);
      sentIds.push(res.body.id);
      await settle();
      const uploaded = biz.fake.uploads.at(-1);
      expect(uploaded?.bytes.equals(bytes)).toBe(true);
      expect(uploaded?.mimeType).toBe(f.mimeType);
      const sent = biz.fake.sent.at(-1)?.body;
      expect(sent.type).toBe(f.type);
      expect(sent[f.type].id).toBe(uploaded?.id);
      expect(sent[f.type].caption).toBe(f.caption);
      if (f.type === "document") expect(sent.document.filename).toBe("invoice-42.pdf");
    }
    for (const id of sentIds) expect((await message(id)).status).toBe("sent");
    const listed = await api("GET", `/v1/conversations/${(await message(sentIds[0])).conversationId}/messages`, { key: biz.key });
    const doc = listed.body.data.find((m: { type: string }) => m.type === "document");
    expect(doc).toMatchObject({
      text: "[document] Your invoice",
      media: { type: "document", status: "ready", filename: "invoice-42.pdf", caption: "Your invoice" },
    });
  });

  it("fetches media: {url} through the webhook SSRF guard", async () => {
    biz = await connectedBusiness(app);
    const phone = uniquePhone();
    await customerWrites(biz, phone);
    const pdf = randomBytes(10_000);
    const server = createServer((req, res) => {
      if (req.url === "/files/menu.pdf") res.writeHead(200, { "content-type": "application/pdf", "content-length": String(pdf.length) }).end(pdf);
      else if (req.url === "/moved") res.writeHead(302, { location: "/files/menu.pdf" }).end();
      else res.writeHead(404).end();
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const ok = await api("POST", "/v1/messages", { key: biz.key, body: { to: phone, type: "document", media: { url: `${base}/files/menu.pdf` } } });
      expect(ok.status).toBe(200);
      await settle();
      expect(biz.fake.uploads.at(-1)?.bytes.equals(pdf)).toBe(true);
      expect(biz.fake.sent.at(-1)?.body.document.filename).toBe("menu.pdf");

      const redirect = await api("POST", "/v1/messages", { key: biz.key, body: { to: phone, type: "document", media: { url: `${base}/moved` } } });
      expect(redirect.status).toBe(400);
      expect(redirect.body.error.details[0].message).toMatch(/redirect/);

      // Without the development switch, loopback and private addresses are refused before any request.
      process.env.WEBHOOK_ALLOW_PRIVATE = "0";
      const before = await storedFiles(biz.businessId);
      const internal = await api("POST", "/v1/messages", {
        key: biz.key,
        body: { to: phone, type: "document", media: { url: `${base}/files/menu.pdf` } },
      });
      expect(internal.status).toBe(400);
      expect(internal.body.error.details[0].path).toBe("media.url");
      const metadata = await api("POST", "/v1/messages", {
        key: biz.key,
        body: { to: phone, type: "image", media: { url: "https://169.254.169.254/latest/x.png" } },
      });
      expect(metadata.status).toBe(400);
      expect(await storedFiles(biz.businessId)).toBe(before);
    } finally {
      process.env.WEBHOOK_ALLOW_PRIVATE = "1";
      server.close();
    }
  });

  it("refuses files past WhatsApp's limits, wrong types, foreign ids and sends outside the window, storing nothing", async () => {
    biz = await connectedBusiness(app);
    const phone = uniquePhone();
    await customerWrites(biz, phone);
    const big = await upload(biz.key, Buffer.alloc(5 * 1024 * 1024 + 1), "image/jpeg", "big.jpg");
    expect(big.status).toBe(413);
    expect(big.body.error.code).toBe("payload_too_large");
    const sticker = await upload(biz.key, Buffer.alloc(500 * 1024 + 1), "image/webp", "s.webp");
    expect(sticker.status).toBe(413);
    const exe = await upload(biz.key, randomBytes(100), "application/x-msdownload", "setup.exe");
    expect(exe.status).toBe(415);
    expect(exe.body.error.code).toBe("unsupported_media_type");
    const asImage = await upload(biz.key, randomBytes(100), "application/pdf", "x.pdf", { type: "image" });
    expect(asImage.status).toBe(415);
    const notMultipart = await api("POST", "/v1/media", { key: biz.key, body: { file: "x" } });
    expect(notMultipart.status).toBe(415);
    const noFile = await api("POST", "/v1/media", {
      key: biz.key,
      rawBody: "--b--\r\n",
      headers: { "content-type": "multipart/form-data; boundary=b" },
    });
    expect(noFile.status).toBe(400);
    expect(await storedFiles(biz.businessId)).toBe(0);
    const chunks = await queryRows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from media_chunks where storage_key like ${`${biz.businessId}/%`}`,
    );
    expect(chunks[0].n).toBe(0);

    // A PDF uploaded as a document cannot go out as an image.
    const pdf = await upload(biz.key, randomBytes(100), "application/pdf", "x.pdf");
    expect(pdf.status).toBe(200);
    const mismatch = await api("POST", "/v1/messages", { key: biz.key, body: { to: phone, type: "image", media: { id: pdf.body.id } } });
    expect(mismatch.status).toBe(415);
    const other = await makeBusiness();
    const foreign = await api("POST", "/v1/messages", { key: other.key, body: { to: uniquePhone(), type: "document", media: { id: pdf.body.id } } });
    expect(foreign.status).toBe(422); // outside the window is checked first, for anyone
    const otherUp = await upload(other.key, randomBytes(100), "application/pdf", "y.pdf");
    const foreignId = await api("POST", "/v1/messages", { key: biz.key, body: { to: phone, type: "document", media: { id: otherUp.body.id } } });
    expect(foreignId.status).toBe(404);
    const missing = await api("POST", "/v1/messages", {
      key: biz.key,
      body: { to: phone, type: "document", media: { id: "med_01JD7X4S9C8A3K2M5N6P7Q8R9T" } },
    });
    expect(missing.status).toBe(404);
    expect(foreignId.body.error.message).toBe(missing.body.error.message);

    const stranger = uniquePhone();
    const outside = await api("POST", "/v1/messages", { key: biz.key, body: { to: stranger, type: "document", media: { id: pdf.body.id } } });
    expect(outside.status).toBe(422);
    expect(outside.body.error.code).toBe("outside_messaging_window");
    const badShape = await api("POST", "/v1/messages", {
      key: biz.key,
      body: { to: phone, type: "audio", media: { id: pdf.body.id }, text: "caption" },
    });
    expect(badShape.status).toBe(400);
    const noMedia = await api("POST", "/v1/messages", { key: biz.key, body: { to: phone, type: "image" } });
    expect(noMedia.status).toBe(400);
    expect((await messagesOf(biz.businessId)).filter((m) => m.direction === "outbound")).toHaveLength(0);
  });

  it("the fake Graph server refuses uploads WhatsApp refuses (type, size), as permanent errors", async () => {
    biz = await connectedBusiness(app);
    const connection = { phoneNumberId: biz.phoneNumberId, accessToken: biz.accessToken };
    async function* bytes(b: Buffer) {
      yield b;
    }
    const refused = async (mimeType: string, b: Buffer) =>
      uploadWhatsAppMedia(connection, { bytes: bytes(b), mimeType, filename: "f", size: b.length }).catch((e: unknown) => e);
    const wrongType = await refused("application/zip", randomBytes(10));
    expect(wrongType).toBeInstanceOf(ChannelError);
    expect(wrongType).toMatchObject({ kind: "permanent", code: 131053 });
    const tooBig = await refused("image/png", Buffer.alloc(5 * 1024 * 1024 + 1));
    expect(tooBig).toMatchObject({ kind: "permanent", code: 131053 });
    expect(await refused("image/png", randomBytes(10))).toMatch(/^\d+$/);
  });

  it("is documented in the OpenAPI document: the upload as multipart, media on messages", async () => {
    const doc = (await api("GET", "/v1/openapi.json")).body;
    const upload = doc.paths["/media"].post;
    expect(upload["x-required-scope"]).toBe("messages:write");
    expect(Object.keys(upload.requestBody.content)).toEqual(["multipart/form-data"]);
    expect(Object.keys(upload.responses)).toEqual(expect.arrayContaining(["200", "413", "415"]));
    expect(doc.components.schemas.MessageMedia.properties).toHaveProperty("url");
    const send = doc.paths["/messages"].post.requestBody.content["application/json"].schema;
    const sendSchema = send.$ref ? doc.components.schemas[send.$ref.split("/").pop()] : send;
    expect(JSON.stringify(sendSchema)).toContain("document");
    expect(JSON.stringify(sendSchema)).toContain("media");
  });
});
