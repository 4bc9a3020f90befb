import { sql } from "drizzle-orm";
import { getPathMatch } from "next/dist/shared/lib/router/utils/path-match";
import { matchHas } from "next/dist/shared/lib/router/utils/prepare-destination";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import * as mediaRoute from "../../app/media/[fileId]/route";
import { db } from "../../lib/db/client";
import { queryRows } from "../../lib/db/rows";
import type { Worker } from "../../lib/jobs/worker";
import { normalMimeType } from "../../lib/shared/media-limits";
import { saveMediaFile } from "../../lib/media/media-files";
import { signedMediaPath } from "../../lib/media/signed-url";
import nextConfig from "../../next.config.mjs";
import { api, makeBusiness, uniquePhone } from "../helpers/api";
import { type AppServer, type Connected, channelWorker, connectedBusiness, messagesOf, settle, setChannelEnv, startAppServer } from "./harness";

// Issue 34 item 2: a customer's document whose type Graph reported as `image/png,text/html` passed the
// inline check (a prefix test), was served inline with that exact Content-Type, and Chromium rendered it
// as HTML on the dashboard's origin; the route's sandbox policy was replaced by the site's global one.

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

const HTML = Buffer.from("<!doctype html><script>fetch('/v1/internal/api-keys',{method:'POST'})</script>");

/** GET /media/{id} with a signed link, through the route module as Next calls it. */
async function served(fileId: string, businessId: string) {
  const path = signedMediaPath(fileId, businessId);
  const res = await mediaRoute.GET(new Request(`http://localhost${path}`), { params: Promise.resolve({ fileId }) });
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
}

function expectSafe(headers: Headers) {
  expect(headers.get("content-security-policy")).toMatch(/^sandbox(;|$)/);
  expect(headers.get("x-content-type-options")).toBe("nosniff");
}

async function upload(key: string, bytes: Buffer, mimeType: string, fields: Record<string, string> = {}) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  form.set("file", new Blob([new Uint8Array(bytes)], { type: mimeType }), "file.bin");
  const encoded = new Response(form);
  const raw = new Uint8Array(await encoded.arrayBuffer());
  return api("POST", "/v1/media", { key, rawBody: raw, headers: { "content-type": encoded.headers.get("content-type") as string } });
}

describe("hostile MIME types", () => {
  it("normalises to a token type/subtype, anything else to application/octet-stream", () => {
    expect(normalMimeType("image/png,text/html")).toBe("application/octet-stream");
    expect(normalMimeType("text/html image/png")).toBe("application/octet-stream");
    expect(normalMimeType("image/png\r\nX-Evil: 1")).toBe("application/octet-stream");
    expect(normalMimeType("image/")).toBe("application/octet-stream");
    expect(normalMimeType("image/png/x")).toBe("application/octet-stream");
    expect(normalMimeType("")).toBe("application/octet-stream");
    expect(normalMimeType("Audio/OGG; codecs=opus")).toBe("audio/ogg");
    expect(normalMimeType("application/vnd.openxmlformats-officedocument.wordprocessingml.document")).toBe(
      "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    );
  });

  it("an inbound document Graph calls image/png,text/html is stored as application/octet-stream and downloads, sandboxed", async () => {
    biz = await connectedBusiness(app);
    const mediaId = biz.fake.addMedia(HTML, { mimeType: "image/png,text/html" });
    const phone = uniquePhone();
    await biz.fake.postInbound(
      biz.fake.inboundPayload({ messages: [{ from: phone, type: "document", mediaId, filename: "receipt.png", mimeType: "image/png,text/html" }] }),
    );
    await settle();
    const [m] = await messagesOf(biz.businessId);
    expect(m.media).toMatchObject({ status: "ready", mimeType: "application/octet-stream" });
    const [row] = await queryRows<{ mime_type: string }>(db(), sql`select mime_type from media_files where id = ${m.media?.fileId}`);
    expect(row.mime_type).toBe("application/octet-stream");
    const got = await served(String(m.media?.fileId), biz.businessId);
    expect(got.status).toBe(200);
    expect(got.headers.get("content-type")).toBe("application/octet-stream");
    expect(got.headers.get("content-disposition")).toMatch(/^attachment;/);
    expectSafe(got.headers);
  });

  it("uploads: HTML or SVG declared as a picture or a document is refused or stays a picture, sandboxed", async () => {
    const b = await makeBusiness();
    for (const [type, mimeType] of [
      ["document", "text/html"],
      ["document", "image/svg+xml"],
      ["image", "image/svg+xml"],
      ["image", "text/html"],
    ]) {
      const refused = await upload(b.key, HTML, mimeType, { type });
      expect(refused.status, `${type} ${mimeType}`).toBe(415);
    }
    // HTML bytes sent as a PNG are a PNG to the browser: nosniff, inline only as image/png.
    const disguised = await upload(b.key, HTML, "image/png");
    expect(disguised.status).toBe(200);
    const picture = await served(disguised.body.id, b.businessId);
    expect(picture.headers.get("content-type")).toBe("image/png");
    expect(picture.headers.get("content-disposition")).toMatch(/^inline;/);
    expectSafe(picture.headers);
  });

  it("rows stored before the fix, with a compound type, are served normalised, as attachments", async () => {
    const b = await makeBusiness();
    async function* body() {
      yield new Uint8Array(HTML);
    }
    const declaredTypes = {
      image: "image/png,text/html",
      video: "video/mp4,text/html",
      audio: "audio/ogg;,text/html",
      sticker: "image/webp text/html",
    };
    for (const [kind, declared] of Object.entries(declaredTypes)) {
      const file = await saveMediaFile(db(), b.businessId, { kind: "document", mimeType: "application/pdf", direction: "inbound", body: body() });
      await queryRows(db(), sql`update media_files set kind = ${kind}, mime_type = ${declared} where id = ${file.id}`);
      const got = await served(file.id, b.businessId);
      expect(got.status).toBe(200);
      const type = got.headers.get("content-type");
      expect(type === "application/octet-stream" || type === "audio/ogg", `${kind}: ${type}`).toBe(true);
      if (type === "application/octet-stream") expect(got.headers.get("content-disposition")).toMatch(/^attachment;/);
      expectSafe(got.headers);
    }
  });

  it("a refused /media/ request is sandboxed too", async () => {
    const res = await mediaRoute.GET(new Request("http://localhost/media/med_01JD7X4S9C8A3K2M5N6P7Q8R9T"), {
      params: Promise.resolve({ fileId: "med_01JD7X4S9C8A3K2M5N6P7Q8R9T" }),
    });
    expect(res.status).toBe(404);
    expectSafe(res.headers);
  });

  it("next.config gives /media/ the sandbox policy and never the site's (which replaced the route's)", async () => {
    type Rule = { source: string; has?: unknown[]; missing?: unknown[]; headers: { key: string; value: string }[] };
    const rules = ((await nextConfig.headers?.()) ?? []) as Rule[];
    const policies = (path: string, headers: Record<string, string>) =>
      rules
        .filter((r) => {
          const params = getPathMatch(r.source, { strict: true, removeUnnamedParams: true })(path);
          return params !== false && matchHas({ headers } as any, {}, r.has as any, r.missing as any) !== false;
        })
        .flatMap((r) => r.headers)
        .filter((h) => h.key === "Content-Security-Policy")
        .map((h) => h.value);
    for (const path of ["/media/med_1", "/MEDIA/med_1", "/media"]) {
      for (const headers of [{}, { authorization: "Bearer cak_live_x" }, { cookie: "s=1" }] as Record<string, string>[]) {
        const found = policies(path, headers);
        expect(found, `${path} ${JSON.stringify(headers)}`).toHaveLength(1);
        expect(found[0]).toMatch(/^sandbox;/);
      }
    }
    for (const path of ["/sign-in", "/inbox", "/mediakit", "/v1/usage/wallet"]) {
      const found = policies(path, {});
      expect(found, path).toHaveLength(1);
      expect(found[0]).toContain("frame-ancestors 'none'");
      expect(found[0]).not.toMatch(/sandbox/);
    }
  });
});
