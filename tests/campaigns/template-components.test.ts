import { randomBytes } from "node:crypto";
import { createServer, type Server } from "node:http";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { runCampaignPass } from "../../lib/campaigns/send-job";
import { db } from "../../lib/db/client";
import { campaigns, contacts, mediaFiles } from "../../lib/db/schema";
import { sweepUnusedMedia } from "../../lib/media/sweep-unused";
import { type AppServer, type Connected, connectedBusiness, setChannelEnv, startAppServer } from "../channels/harness";
import { api } from "../helpers/api";
import { bulkContacts, campaignStatus, ownCampaignBusiness, recipientsOf } from "./harness";

// Issue 38 item 3: a campaign whose template has a media header and button variables takes the header
// file (an upload or a URL, fetched once) and the buttons' values (expressions filled per contact),
// refuses a campaign that leaves one out (400 with the field's path), and sends them as a send does.

let app: AppServer;
let biz: Connected | null = null;
let files: Server | null = null;

beforeAll(async () => {
  setChannelEnv();
  app = await startAppServer();
});
afterEach(async () => {
  await biz?.fake.close();
  biz = null;
  files?.close();
  files = null;
});
afterAll(async () => {
  await app.close();
});

const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(400), Buffer.from([0xff, 0xd9])]);

const shipped = {
  name: "order_shipped",
  language: "en",
  category: "utility",
  header: { format: "image" },
  body: "Hi {{1}}, your order is on its way.",
  footer: "Reply STOP to opt out",
  buttons: [
    { type: "quick_reply", text: "Thanks!" },
    { type: "url", text: "Track order", url: "https://shop.example/track/{{1}}", example: "https://shop.example/track/A-1" },
    { type: "copy_code", example: "SAVE10" },
  ],
};

async function upload(key: string, bytes: Uint8Array, mimeType: string, filename: string) {
  const form = new FormData();
  form.set("file", new Blob([new Uint8Array(bytes)], { type: mimeType }), filename);
  const encoded = new Response(form);
  const raw = new Uint8Array(await encoded.arrayBuffer());
  return api("POST", "/v1/media", { key, rawBody: raw, headers: { "content-type": encoded.headers.get("content-type") as string } });
}

async function setUp(prefix: string) {
  biz = await connectedBusiness(app);
  const b = biz;
  ownCampaignBusiness(b.businessId, b.phoneNumberId);
  expect((await api("POST", "/v1/templates", { key: b.key, body: shipped })).status).toBe(200);
  const phones = await bulkContacts(b.businessId, 3, prefix, ["regular"]);
  // Each contact's order number is in its metadata: the URL button's value is filled per contact.
  for (const [i, phone] of phones.entries()) {
    await db()
      .update(contacts)
      .set({ metadata: { order: `A-${100 + i}` } })
      .where(eq(contacts.phone, phone));
  }
  return { b, phones };
}

const campaign = (template: Record<string, unknown>) => ({
  name: "Shipped",
  template: { name: "order_shipped", language: "en", variables: ["{{name|there}}"], ...template },
  audience: { tags: { any: ["regular"] } },
});

const values = {
  buttons: [
    { index: 1, text: "{{order|none}}" },
    { index: 2, text: "SAVE10" },
  ],
};

describe("campaigns fill a template's header file and button values", () => {
  it("refuses a campaign without the header file or a button's value, naming the field, and stores nothing", async () => {
    const { b } = await setUp("1471");
    const cases: [Record<string, unknown>, string][] = [
      [values, "template.header.media"],
      [{ header: { media: { id: "med_x" } }, buttons: [{ index: 2, text: "SAVE10" }] }, "template.buttons.1"],
      [{ header: { media: { id: "med_x" } }, buttons: [{ index: 1, text: "A" }] }, "template.buttons.2"],
      [{ ...values, header: { text: "Hello" } }, "template.header.media"],
      [{ ...values, header: { media: { id: "med_x" } }, buttons: [...values.buttons, { index: 0, text: "x" }] }, "template.buttons.0"],
    ];
    for (const [template, path] of cases) {
      for (const endpoint of ["/v1/campaigns", "/v1/campaigns/preview"]) {
        const { name: _name, ...preview } = campaign(template);
        const res = await api("POST", endpoint, { key: b.key, body: endpoint.endsWith("preview") ? preview : campaign(template) });
        expect(res.status, `${endpoint} ${JSON.stringify(template)}`).toBe(400);
        expect(res.body.error.details[0].path).toBe(path);
      }
    }
    // A header file of another business (or none at all) is not found.
    const foreign = await api("POST", "/v1/campaigns", {
      key: b.key,
      body: campaign({ ...values, header: { media: { id: "med_01JD7X4S9C8A3K2M5N6P7Q8R9T" } } }),
    });
    expect(foreign.status).toBe(404);
    expect(await db().select().from(campaigns).where(eq(campaigns.businessId, b.businessId))).toHaveLength(0);
  });

  it("sends the uploaded header image (uploaded to WhatsApp once a pass) and each contact's button values, shown in the thread", async () => {
    const { b, phones } = await setUp("1472");
    const image = await upload(b.key, JPEG, "image/jpeg", "parcel.jpg");
    expect(image.status).toBe(200);
    const created = await api("POST", "/v1/campaigns", { key: b.key, body: campaign({ ...values, header: { media: { id: image.body.id } } }) });
    expect(created.status).toBe(200);
    expect(created.body.template).toMatchObject({ header: { media: { id: image.body.id } }, buttons: values.buttons });

    // The file is the campaign's while it may still send it: the unused-file sweep leaves it.
    await db()
      .update(mediaFiles)
      .set({ createdAt: new Date(Date.now() - 3 * 24 * 3600_000) })
      .where(eq(mediaFiles.id, image.body.id));
    await sweepUnusedMedia(db(), b.businessId);
    expect(await db().select().from(mediaFiles).where(eq(mediaFiles.id, image.body.id))).toHaveLength(1);

    await runCampaignPass(db(), b.businessId);
    expect((await campaignStatus(created.body.id)).status).toBe("completed");
    expect(b.fake.uploads).toHaveLength(1);
    expect(b.fake.uploads[0].bytes.equals(JPEG)).toBe(true);
    expect(b.fake.sent).toHaveLength(3);
    const byTo = new Map(b.fake.sent.map((s) => [s.body.to, s.body]));
    for (const [i, phone] of phones.entries()) {
      const body = byTo.get(phone);
      expect(body.template.components).toEqual([
        { type: "header", parameters: [{ type: "image", image: { id: b.fake.uploads[0].id } }] },
        { type: "body", parameters: [{ type: "text", text: `Guest ${i}` }] },
        { type: "button", sub_type: "url", index: "1", parameters: [{ type: "text", text: `A-${100 + i}` }] },
        { type: "button", sub_type: "copy_code", index: "2", parameters: [{ type: "coupon_code", coupon_code: "SAVE10" }] },
      ]);
    }
    const recipients = await recipientsOf(created.body.id);
    expect(recipients.map((r) => r.components?.buttons?.[0]?.text).sort()).toEqual(["A-100", "A-101", "A-102"]);

    // The thread shows what went out: the picture, the footer and the buttons with this customer's values.
    const messageId = recipients[0].messageId as string;
    const conversations = await api("GET", `/v1/conversations?contactId=${recipients[0].contactId}`, { key: b.key });
    const thread = await api("GET", `/v1/conversations/${conversations.body.data[0].id}/messages`, { key: b.key });
    const shown = thread.body.data.find((m: { id: string }) => m.id === messageId);
    expect(shown.media).toMatchObject({ type: "image", mimeType: "image/jpeg" });
    expect(shown.template).toMatchObject({
      header: { format: "image" },
      footer: "Reply STOP to opt out",
      buttons: [
        { index: 0, type: "quick_reply", text: "Thanks!" },
        { index: 1, type: "url", value: recipients[0].components?.buttons?.[0]?.text },
        { index: 2, type: "copy_code", value: "SAVE10" },
      ],
    });
  }, 60_000);

  it("fetches a header given by URL once, when the campaign is created", async () => {
    const { b } = await setUp("1473");
    let fetched = 0;
    files = createServer((req, res) => {
      fetched++;
      if (req.url === "/promo.jpg") res.writeHead(200, { "content-type": "image/jpeg", "content-length": String(JPEG.length) }).end(JPEG);
      else res.writeHead(404).end();
    });
    await new Promise<void>((r) => files?.listen(0, "127.0.0.1", r));
    const address = files.address();
    const base = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
    const missing = await api("POST", "/v1/campaigns", { key: b.key, body: campaign({ ...values, header: { media: { url: `${base}/gone.jpg` } } }) });
    expect(missing.status).toBeGreaterThanOrEqual(400);
    expect(missing.status).toBeLessThan(500);
    const created = await api("POST", "/v1/campaigns", {
      key: b.key,
      body: campaign({ ...values, header: { media: { url: `${base}/promo.jpg` } } }),
    });
    expect(created.status).toBe(200);
    expect(created.body.template.header.media.id).toMatch(/^med_/);
    await runCampaignPass(db(), b.businessId);
    expect(fetched).toBe(2);
    expect(b.fake.sent).toHaveLength(3);
    expect(b.fake.uploads[0].bytes.equals(JPEG)).toBe(true);
  }, 60_000);
});
