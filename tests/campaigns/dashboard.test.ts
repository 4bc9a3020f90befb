import { and, eq, asc } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import * as pause from "@/app/v1/campaigns/[campaignId]/pause/route";
import * as resume from "@/app/v1/campaigns/[campaignId]/resume/route";
import * as recipients from "@/app/v1/campaigns/[campaignId]/recipients/route";
import * as one from "@/app/v1/campaigns/[campaignId]/route";
import * as preview from "@/app/v1/campaigns/preview/route";
import * as campaigns from "@/app/v1/campaigns/route";
import * as settings from "@/app/v1/internal/campaigns/settings/route";
import * as optOut from "@/app/v1/internal/contacts/[contactId]/opt-out/route";
import type { DashboardSession } from "@/lib/auth/session";
import { simulateInbound } from "@/lib/channels/sandbox-simulator";
import { db } from "@/lib/db/client";
import { events } from "@/lib/db/schema";
import { upsertTemplate } from "@/lib/channels";
import { call, makeStaff, signInAs } from "../dashboard/harness";

let owner: DashboardSession;
let agent: DashboardSession;
let stranger: DashboardSession;
let contactId: string;
const phone = `+1888${String(Math.floor(Math.random() * 1e7)).padStart(7, "0")}`;

beforeAll(async () => {
  owner = await makeStaff();
  agent = await makeStaff({ role: "agent", businessId: owner.businessId });
  stranger = await makeStaff();
  contactId = (await simulateInbound(db(), owner.businessId, { phone, name: "Carla", text: "Hello" })).contactId;
  await upsertTemplate(db(), owner.businessId, { name: "sunday", language: "en", category: "marketing", body: "Hi {{1}}, open Sunday!" });
});

describe("the Campaigns page's endpoints", () => {
  it("let an owner preview, create, follow and pause a campaign, and refuse agents", async () => {
    signInAs(owner);
    const body = { audience: { search: "Carla" }, template: { name: "sunday", language: "en", variables: ["{{name|there}}"] } };
    const p = await call(preview.POST, "POST", "/v1/campaigns/preview", { body });
    expect(p.status).toBe(200);
    expect(p.body).toMatchObject({ count: 1, optedOut: 0, sample: [{ phone, text: "Hi Carla, open Sunday!" }] });
    const created = await call(campaigns.POST, "POST", "/v1/campaigns", {
      body: { name: "Sunday", ...body, scheduledAt: "2027-01-10T19:00" },
    });
    expect(created.status).toBe(200);
    expect(created.body.status).toBe("scheduled");
    const id = created.body.id;
    expect((await call(campaigns.GET, "GET", "/v1/campaigns")).body.data.map((c: { id: string }) => c.id)).toContain(id);
    expect((await call(one.GET, "GET", `/v1/campaigns/${id}`, { params: { campaignId: id } })).body.counts.total).toBe(1);
    const rs = await call(recipients.GET, "GET", `/v1/campaigns/${id}/recipients`, { params: { campaignId: id } });
    expect(rs.body.data[0]).toMatchObject({ phone, variables: ["Carla"], status: "pending" });
    const paused = await call(pause.POST, "POST", `/v1/campaigns/${id}/pause`, { params: { campaignId: id } });
    expect(paused.body.status).toBe("paused");
    // Resumed before its time, it goes back to waiting for it.
    const resumed = await call(resume.POST, "POST", `/v1/campaigns/${id}/resume`, { params: { campaignId: id } });
    expect(resumed.body.status).toBe("scheduled");

    signInAs(agent);
    expect((await call(campaigns.GET, "GET", "/v1/campaigns")).status).toBe(403);
    expect((await call(preview.POST, "POST", "/v1/campaigns/preview", { body })).status).toBe(403);
    signInAs(stranger);
    expect((await call(one.GET, "GET", `/v1/campaigns/${id}`, { params: { campaignId: id } })).status).toBe(404);
  });

  it("save the sending limits, refusing a pace above the throughput", async () => {
    signInAs(owner);
    const saved = await call(settings.PUT, "PUT", "/v1/internal/campaigns/settings", {
      body: { throughputPerSecond: 80, ratePerSecond: 40, dailyLimit: 1000, optOutWords: ["basta"] },
    });
    expect(saved.status).toBe(200);
    expect((await call(settings.GET, "GET", "/v1/internal/campaigns/settings")).body).toEqual({
      throughputPerSecond: 80,
      ratePerSecond: 40,
      dailyLimit: 1000,
      optOutWords: ["basta"],
    });
    const bad = await call(settings.PUT, "PUT", "/v1/internal/campaigns/settings", { body: { ratePerSecond: 500 } });
    expect(bad.status).toBe(400);
    expect((await call(settings.GET, "GET", "/v1/internal/campaigns/settings")).body.ratePerSecond).toBe(40);
  });
});

describe("a contact's campaign opt-out on the dashboard", () => {
  it("is seen and changed by staff (agents too), emitting contact.updated, and is a 404 for another business", async () => {
    signInAs(agent);
    const url = `/v1/internal/contacts/${contactId}/opt-out`;
    expect((await call(optOut.GET, "GET", url, { params: { contactId } })).body).toMatchObject({ optedOut: false, source: null });
    const out = await call(optOut.PUT, "PUT", url, { params: { contactId }, body: { optedOut: true } });
    expect(out.body).toMatchObject({ optedOut: true, source: "staff" });
    signInAs(owner);
    const p = await call(preview.POST, "POST", "/v1/campaigns/preview", { body: { audience: { search: "Carla" } } });
    expect(p.body).toMatchObject({ count: 0, optedOut: 1 });
    const back = await call(optOut.PUT, "PUT", url, { params: { contactId }, body: { optedOut: false } });
    expect(back.body.optedOut).toBe(false);
    const updates = await db()
      .select()
      .from(events)
      .where(and(eq(events.businessId, owner.businessId), eq(events.type, "contact.updated")))
      .orderBy(asc(events.createdAt), asc(events.id));
    expect(updates.map((e) => (e.payload as { contact: { optedOut: boolean } }).contact.optedOut)).toEqual([true, false]);

    signInAs(stranger);
    expect((await call(optOut.GET, "GET", url, { params: { contactId } })).status).toBe(404);
    const foreign = await call(optOut.PUT, "PUT", url, { params: { contactId }, body: { optedOut: true } });
    expect(foreign.status).toBe(404);
    signInAs(owner);
    expect((await call(optOut.GET, "GET", url, { params: { contactId } })).body.optedOut).toBe(false);
  });
});
