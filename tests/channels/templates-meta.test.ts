import { randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "../../lib/db/client";
import { queryRows } from "../../lib/db/rows";
import { businesses, messages, templates } from "../../lib/db/schema";
import { setWhatsApp, templateSync, templateSyncJob } from "../../lib/channels";
import { sql } from "drizzle-orm";
import { type FakeGraph, startFakeGraph } from "../fakes/graph-server";
import { api, makeBusiness, type TestBusiness, uniquePhone } from "../helpers/api";
import {
  APP_SECRET,
  type AppServer,
  channelWorker,
  newBusinessAccountId,
  newPhoneNumberId,
  own,
  setChannelEnv,
  settle,
  startAppServer,
  waitFor,
} from "./harness";
import type { Worker } from "../../lib/jobs/worker";

// Templates that Meta knows: on a WhatsApp number saved with its business account id (WABA), a
// template is submitted to Meta, follows Meta's review (status webhook, periodic sync), and only an
// approved one can be sent. Without an account id, and on the sandbox, templates are approved at once.

type Account = TestBusiness & { fake: FakeGraph; wabaId: string; phoneNumberId: string; accessToken: string };

let app: AppServer;
let worker: Worker;
const fakes: FakeGraph[] = [];

beforeAll(async () => {
  app = await startAppServer();
  worker = channelWorker();
});

afterAll(async () => {
  await worker.stop();
  await Promise.all(fakes.map((f) => f.close()));
  await app.close();
});

async function account(opts: { withWaba?: boolean } = {}): Promise<Account> {
  const phoneNumberId = newPhoneNumberId();
  const wabaId = newBusinessAccountId();
  const accessToken = `EAAG${randomBytes(12).toString("hex")}`;
  const fake = await startFakeGraph({
    appWebhookUrl: app.webhookUrl,
    appSecret: APP_SECRET,
    accessTokens: { [phoneNumberId]: accessToken },
    businessAccountIds: [wabaId],
    enforceTemplates: true,
  });
  fakes.push(fake);
  setChannelEnv(fake.url);
  const business = await makeBusiness();
  await setWhatsApp(db(), business.businessId, {
    phoneNumberId,
    accessToken,
    displayNumber: "+15550783881",
    businessAccountId: opts.withWaba === false ? undefined : wabaId,
  });
  own({ businessId: business.businessId, phoneNumberId, businessAccountId: wabaId });
  return { ...business, fake, wabaId, phoneNumberId, accessToken };
}

const reminder = { name: "table_reminder", language: "en", category: "utility", body: "Hi {{1}}, see you at {{2}} tonight." };

async function templateRow(businessId: string, name: string) {
  const [row] = await db()
    .select()
    .from(templates)
    .where(and(eq(templates.businessId, businessId), eq(templates.name, name)));
  return row;
}

describe("a template on a number with its WhatsApp Business Account", () => {
  it("goes to Meta with its examples, waits for review, and cannot be sent until approved", async () => {
    const a = await account();
    const created = await api("POST", "/v1/templates", { key: a.key, body: { ...reminder, examples: ["Ana", "8 pm"] } });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ status: "pending", reviewedByMeta: true, examples: ["Ana", "8 pm"], statusReason: null });

    const atMeta = [...a.fake.templates.all.values()];
    expect(atMeta).toHaveLength(1);
    expect(atMeta[0]).toMatchObject({ name: "table_reminder", language: "en", category: "UTILITY", wabaId: a.wabaId });
    expect(atMeta[0].components).toEqual([{ type: "BODY", text: reminder.body, example: { body_text: [["Ana", "8 pm"]] } }]);

    const to = uniquePhone();
    const send = () =>
      api("POST", "/v1/messages", {
        key: a.key,
        body: { to, type: "template", template: { name: "table_reminder", language: "en", variables: ["Ana", "8 pm"] } },
      });
    const refused = await send();
    expect(refused.status).toBe(422);
    expect(refused.body.error.code).toBe("template_not_approved");
    expect(await db().select().from(messages).where(eq(messages.businessId, a.businessId))).toHaveLength(0);

    // Meta approves: the status webhook arrives signed, is queued, and the job applies it.
    expect(await a.fake.templates.review(atMeta[0].id, "APPROVED")).toBe(200);
    await waitFor(async () => (await templateRow(a.businessId, "table_reminder"))?.status === "approved");
    const sent = await send();
    expect(sent.status).toBe(200);
    await settle();
    await waitFor(async () => a.fake.sent.some((m) => m.body.type === "template" && m.body.template.name === "table_reminder"));
  });

  it("refuses a body with variables but no examples, and Meta's own refusal, storing nothing", async () => {
    const a = await account();
    const noExamples = await api("POST", "/v1/templates", { key: a.key, body: reminder });
    expect(noExamples.status).toBe(400);
    expect(noExamples.body.error.details).toEqual([expect.objectContaining({ path: "examples" })]);
    expect(a.fake.templates.all.size).toBe(0);

    // Made in Meta's own tools, unknown here: Meta refuses a second one with the same name and language.
    a.fake.templates.seed({ wabaId: a.wabaId, name: "table_reminder", language: "en", body: "Hello {{1}}" });
    const duplicate = await api("POST", "/v1/templates", { key: a.key, body: { ...reminder, examples: ["Ana", "8 pm"] } });
    expect(duplicate.status).toBe(400);
    expect(duplicate.body.error.message).toContain("Meta refused");
    expect(duplicate.body.error.details[0].message).toContain("already exists");
    expect(await templateRow(a.businessId, "table_reminder")).toBeUndefined();
  });

  it("shows Meta's rejection with its reason, a pause, and the quality rating", async () => {
    const a = await account();
    const instant = await api("POST", "/v1/templates", {
      key: a.key,
      body: { name: "promo_link", language: "es", category: "marketing", body: "Oferta: bit.ly/abc {{1}}", examples: ["hoy"] },
    });
    expect(instant.status).toBe(200);
    expect(instant.body.status).toBe("rejected");

    await api("POST", "/v1/templates", { key: a.key, body: { ...reminder, examples: ["Ana", "8 pm"] } });
    const id = (await templateRow(a.businessId, "table_reminder")).metaTemplateId as string;
    await a.fake.templates.review(id, "REJECTED", "INCORRECT_CATEGORY");
    await waitFor(async () => (await templateRow(a.businessId, "table_reminder"))?.status === "rejected");
    let listed = await api("GET", "/v1/templates", { key: a.key });
    expect(listed.body.data.find((t: { name: string }) => t.name === "table_reminder")).toMatchObject({
      status: "rejected",
      statusReason: "INCORRECT_CATEGORY",
    });

    await a.fake.templates.review(id, "APPROVED");
    await a.fake.templates.rate(id, "YELLOW");
    await waitFor(async () => (await templateRow(a.businessId, "table_reminder"))?.qualityRating === "YELLOW");
    await a.fake.templates.review(id, "PAUSED", "QUALITY_PAUSED");
    await waitFor(async () => (await templateRow(a.businessId, "table_reminder"))?.status === "paused");
    listed = await api("GET", "/v1/templates", { key: a.key });
    expect(listed.body.data.find((t: { name: string }) => t.name === "table_reminder")).toMatchObject({
      status: "paused",
      statusReason: "QUALITY_PAUSED",
      qualityRating: "YELLOW",
    });
    const paused = await api("POST", "/v1/messages", {
      key: a.key,
      body: { to: uniquePhone(), type: "template", template: { name: "table_reminder", language: "en", variables: ["A", "B"] } },
    });
    expect(paused.status).toBe(422);
    expect(paused.body.error.code).toBe("template_not_approved");
    expect(paused.body.error.message).toContain("QUALITY_PAUSED");
  });

  it("edits a known template at Meta (back to review) and deletes it there too", async () => {
    const a = await account();
    await api("POST", "/v1/templates", { key: a.key, body: { ...reminder, examples: ["Ana", "8 pm"] } });
    const row = await templateRow(a.businessId, "table_reminder");
    await a.fake.templates.review(row.metaTemplateId as string, "APPROVED");
    await waitFor(async () => (await templateRow(a.businessId, "table_reminder"))?.status === "approved");

    const edited = await api("POST", "/v1/templates", {
      key: a.key,
      body: { ...reminder, body: "Hi {{1}}, your table is ready at {{2}}.", examples: ["Ana", "9 pm"] },
    });
    expect(edited.body.status).toBe("pending");
    const atMeta = a.fake.templates.all.get(row.metaTemplateId as string);
    expect(atMeta?.edits).toBe(1);
    expect(atMeta?.components[0].text).toBe("Hi {{1}}, your table is ready at {{2}}.");
    expect(a.fake.templates.all.size).toBe(1);

    const { deleteTemplate } = await import("../../lib/channels");
    expect(await deleteTemplate(db(), a.businessId, row.id)).toBe(true);
    expect(a.fake.templates.all.size).toBe(0);
    expect(await templateRow(a.businessId, "table_reminder")).toBeUndefined();
  });

  it("imports every page of the account's templates, follows later changes, and reads the number's messaging limit", async () => {
    const a = await account();
    for (let i = 0; i < 130; i++) {
      a.fake.templates.seed({
        wabaId: a.wabaId,
        name: `existing_${String(i).padStart(3, "0")}`,
        language: i % 2 ? "pt_BR" : "es",
        category: "MARKETING",
        body: `Olá {{1}}, oferta ${i}`,
        components: [{ type: "BODY", text: `Olá {{1}}, oferta ${i}`, example: { body_text: [["Ana"]] } }],
        status: i === 7 ? "REJECTED" : "APPROVED",
        rejectedReason: i === 7 ? "TAG_CONTENT_MISMATCH" : "NONE",
      });
    }
    // Another account's templates are never ours.
    a.fake.templates.seed({ wabaId: newBusinessAccountId(), name: "someone_else", language: "en", body: "Hi" });
    a.fake.templates.messagingLimit = "TIER_10K";

    const first = await api("POST", "/v1/templates/sync", { key: a.key });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ imported: 130, updated: 0, removed: 0, total: 130 });
    expect(first.body.account).toMatchObject({ reviewedByMeta: true, messagingLimit: "TIER_10K", qualityRating: "GREEN" });
    expect(a.fake.templates.requests.filter((r) => r.method === "GET" && r.path.includes("message_templates"))).toHaveLength(2);

    const rejected = await templateRow(a.businessId, "existing_007");
    expect(rejected).toMatchObject({ status: "rejected", statusReason: "TAG_CONTENT_MISMATCH", category: "marketing", examples: ["Ana"] });
    expect(await templateRow(a.businessId, "someone_else")).toBeUndefined();

    // Changes made at Meta without a webhook reaching us: the next sync catches up.
    const paused = [...a.fake.templates.all.values()].find((t) => t.name === "existing_010");
    if (paused) paused.status = "PAUSED";
    const gone = [...a.fake.templates.all.values()].find((t) => t.name === "existing_011");
    if (gone) a.fake.templates.all.delete(gone.id);
    const second = await api("POST", "/v1/templates/sync", { key: a.key });
    expect(second.body).toMatchObject({ imported: 0, updated: 129, removed: 1, total: 129 });
    expect((await templateRow(a.businessId, "existing_010")).status).toBe("paused");
    expect((await templateRow(a.businessId, "existing_011")).status).toBe("disabled");
  });

  it("syncs in the background after the account is saved, one chain per business", async () => {
    const a = await account();
    const pending = () =>
      queryRows<{ n: number }>(
        db(),
        sql`select count(*)::int as n from jobs where queue = ${templateSync.name} and business_id = ${a.businessId} and status = 'pending'`,
      ).then((r) => Number(r[0].n));
    expect(await pending()).toBe(1);
    a.fake.templates.seed({ wabaId: a.wabaId, name: "made_at_meta", language: "en", body: "Your order is ready" });
    await templateSyncJob({ businessId: a.businessId }, { id: 0, queue: templateSync.name, payload: {}, attempts: 1, maxAttempts: 5 });
    expect((await templateRow(a.businessId, "made_at_meta"))?.status).toBe("approved");
    // The waiting job stands for the next run: no second chain.
    expect(await pending()).toBe(1);
    const [b] = await db().select().from(businesses).where(eq(businesses.id, a.businessId));
    expect(b.whatsappTemplatesSyncedAt).not.toBeNull();
  });

  it("ignores a status webhook for another account's template of the same id", async () => {
    const a = await account();
    await api("POST", "/v1/templates", { key: a.key, body: { ...reminder, examples: ["Ana", "8 pm"] } });
    const row = await templateRow(a.businessId, "table_reminder");
    const other = await account();
    // The other account's fake sends an update naming our template's Meta id under its own account id.
    const forged = other.fake.templates.seed({ id: row.metaTemplateId as string, wabaId: other.wabaId, name: "x", language: "en", body: "x" });
    await other.fake.templates.review(forged.id, "APPROVED");
    await settle();
    expect((await templateRow(a.businessId, "table_reminder")).status).toBe("pending");
  });
});

describe("templates without Meta's review", () => {
  it("are approved at once on a number saved without its account id, and on the sandbox, with nothing sent to Meta", async () => {
    const a = await account({ withWaba: false });
    const created = await api("POST", "/v1/templates", { key: a.key, body: reminder });
    expect(created.body).toMatchObject({ status: "approved", reviewedByMeta: false, examples: [] });
    expect(a.fake.templates.requests).toHaveLength(0);
    const sync = await api("POST", "/v1/templates/sync", { key: a.key });
    expect(sync.status).toBe(400);

    const sandbox = await makeBusiness();
    const plain = await api("POST", "/v1/templates", { key: sandbox.key, body: { ...reminder, examples: ["Ana", "8 pm"] } });
    expect(plain.body).toMatchObject({ status: "approved", reviewedByMeta: false });
  });

  it("refuses a business account id the token cannot manage, saving nothing", async () => {
    const a = await account({ withWaba: false });
    const [before] = await db().select().from(businesses).where(eq(businesses.id, a.businessId));
    await expect(
      setWhatsApp(db(), a.businessId, { phoneNumberId: a.phoneNumberId, accessToken: a.accessToken, businessAccountId: "123456789" }),
    ).rejects.toMatchObject({ code: "invalid_request", details: [expect.objectContaining({ path: "businessAccountId" })] });
    const [after] = await db().select().from(businesses).where(eq(businesses.id, a.businessId));
    expect(after.whatsappBusinessAccountId).toBeNull();
    expect(after.whatsappAccessTokenEnc).toBe(before.whatsappAccessTokenEnc);
  });
});
