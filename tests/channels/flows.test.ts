import { and, eq } from "drizzle-orm";
import { randomBytes } from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { setWhatsApp } from "../../lib/channels";
import { db } from "../../lib/db/client";
import { records, templates } from "../../lib/db/schema";
import { RetryLater, startWorker, type Worker } from "../../lib/jobs/worker";
import { assistantTurn } from "../../lib/messages/receive-message";
import { jobHandlers } from "../../lib/server/jobs";
import { type FakeGraph, startFakeGraph } from "../fakes/graph-server";
import { api, makeBusiness } from "../helpers/api";
import {
  APP_SECRET,
  type AppServer,
  type Connected,
  channelWorker,
  connectedBusiness,
  eventsOf,
  messagesOf,
  newBusinessAccountId,
  newPhoneNumberId,
  own,
  settle,
  setChannelEnv,
  startAppServer,
  waitFor,
} from "./harness";

// Issue 38 item 5: WhatsApp Flows. A business registers a Flow built in Meta's Flow builder (/v1/flows),
// sends it over /v1 (an interactive Flow message), from a skill's Flow node and through a template's FLOW
// button, and the customer's answer (interactive.nfm_reply) lands in the thread, in message.received and
// in the waiting skill's variables, all against the fake Graph server (which checks Flow payloads as Meta does).

let app: AppServer;
let worker: Worker;
let turns: Worker;
const fakes: FakeGraph[] = [];
let biz: Connected | null = null;
const turnsOf = new Set<string>();

beforeAll(async () => {
  setChannelEnv();
  app = await startAppServer();
  worker = channelWorker();
  // The assistant's turns, for this file's businesses only (on Postgres, test files share the jobs table).
  const turn = jobHandlers[assistantTurn.name];
  turns = startWorker(
    {
      [assistantTurn.name]: async (payload, job) => {
        if (!turnsOf.has(String(payload.businessId))) throw new RetryLater(20, "another test process's job", false);
        return turn(payload, job);
      },
    },
    { pollMs: 50 },
  );
});
afterEach(async () => {
  await biz?.fake.close();
  biz = null;
});
afterAll(async () => {
  await worker.stop();
  await turns.stop();
  await Promise.all(fakes.map((f) => f.close()));
  await app.close();
});

const CUSTOMER = "+14155550188";

const booking = {
  flowId: "1197715005513101",
  name: "Book a table",
  screen: "BOOKING",
  cta: "Book a table",
  fields: [
    { name: "date", kind: "date", label: "Date" },
    { name: "party", kind: "number", label: "Party" },
    { name: "name", kind: "text", label: "Name" },
    { name: "area", kind: "choice", options: ["Inside", "Terrace"], required: false },
  ],
};

/** A connected business whose customer has written (the window is open); with `turns`, the assistant answers, its first reply awaited. */
async function talking(turns = false): Promise<Connected> {
  biz = await connectedBusiness(app);
  const b = biz;
  if (turns) turnsOf.add(b.businessId);
  await b.fake.postInbound(b.fake.inboundPayload({ messages: [{ from: CUSTOMER, name: "Ines", text: "hello" }] }));
  await settle();
  if (turns) await waitFor(async () => (await messagesOf(b.businessId)).some((m) => m.direction === "outbound"), 15_000);
  return b;
}

async function register(b: { key: string }, body: object = booking) {
  const res = await api("POST", "/v1/flows", { key: b.key, body });
  expect(res.status).toBe(200);
  return res.body as { id: string; flowId: string };
}

describe("registering WhatsApp Flows", () => {
  it("creates, lists, reads, changes and deletes a Flow; refuses what WhatsApp would with each field's path", async () => {
    const b = await makeBusiness();
    const created = await register(b);
    expect(created).toMatchObject({
      id: expect.stringMatching(/^flw_/),
      flowId: booking.flowId,
      name: "Book a table",
      screen: "BOOKING",
      cta: "Book a table",
    });
    const again = await api("POST", "/v1/flows", { key: b.key, body: booking });
    expect(again.status).toBe(409);
    expect(again.body.error).toMatchObject({ code: "conflict", details: [{ path: "flowId" }] });

    const bad: [object, string][] = [
      [{ cta: "c".repeat(21) }, "cta"],
      [{ cta: "Book 🍷" }, "cta"],
      [{ flowId: "abc" }, "flowId"],
      [{ screen: "1st screen" }, "screen"],
      [{ fields: [] }, "fields"],
      [{ fields: [{ name: "area", kind: "choice" }] }, "fields[0].options"],
      [{ fields: [{ name: "party size", kind: "number" }] }, "fields[0].name"],
      [{ fields: [{ name: "flow_token", kind: "text" }] }, "fields[0].name"],
      [
        {
          fields: [
            { name: "date", kind: "date" },
            { name: "date", kind: "text" },
          ],
        },
        "fields[1].name",
      ],
      [{ fields: [{ name: "when", kind: "timestamp" }] }, "fields[0].kind"],
    ];
    for (const [change, path] of bad) {
      const res = await api("POST", "/v1/flows", { key: b.key, body: { ...booking, flowId: "555", ...change } });
      expect(res.status, JSON.stringify(change)).toBe(400);
      expect(res.body.error.details.map((d: { path: string }) => d.path)).toContain(path);
    }

    const list = await api("GET", "/v1/flows", { key: b.key });
    expect(list.body.data.map((f: { id: string }) => f.id)).toEqual([created.id]);
    const patched = await api("PATCH", `/v1/flows/${created.id}`, { key: b.key, body: { cta: "Reserve", screen: null } });
    expect(patched.body).toMatchObject({ cta: "Reserve", screen: null, name: "Book a table" });
    expect((await api("GET", `/v1/flows/${created.id}`, { key: b.key })).body.cta).toBe("Reserve");
    expect((await api("PATCH", `/v1/flows/${created.id}`, { key: b.key, body: {} })).status).toBe(400);
    // Moving another registration onto a Meta Flow id already registered is a conflict too.
    const second = await register(b, { ...booking, flowId: "777", name: "Survey" });
    const clash = await api("PATCH", `/v1/flows/${second.id}`, { key: b.key, body: { flowId: booking.flowId } });
    expect(clash.status).toBe(409);
    expect(clash.body.error.details[0].path).toBe("flowId");
    await api("DELETE", `/v1/flows/${second.id}`, { key: b.key });

    // Tenancy: another business's Flow looks exactly like a missing one; scopes guard both ways.
    const other = await makeBusiness();
    for (const [method, body] of [["GET"], ["PATCH", { name: "Mine now" }], ["DELETE"]] as const) {
      const res = await api(method, `/v1/flows/${created.id}`, { key: other.key, ...(body ? { body } : {}) });
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe("not_found");
    }
    expect((await api("GET", "/v1/flows", { key: other.key })).body.data).toEqual([]);
    const reader = await makeBusiness({ scopes: ["flows:read"] });
    expect((await api("POST", "/v1/flows", { key: reader.key, body: booking })).status).toBe(403);
    const none = await makeBusiness({ scopes: ["messages:read"] });
    expect((await api("GET", "/v1/flows", { key: none.key })).status).toBe(403);

    expect((await api("DELETE", `/v1/flows/${created.id}`, { key: b.key })).body).toEqual({ id: created.id, deleted: true });
    expect((await api("GET", `/v1/flows/${created.id}`, { key: b.key })).status).toBe(404);
  });
});

describe("sending a Flow over /v1 and receiving its answer", () => {
  it("refuses a Flow message WhatsApp or this business would not take, naming each field", async () => {
    const b = await talking();
    const flow = await register(b);
    const foreign = await register(await makeBusiness(), { ...booking, flowId: "42" });
    const cases: [object, string][] = [
      [{ type: "flow", flow: flow.id }, "interactive.body"],
      [{ type: "flow", body: "Book here" }, "interactive.flow"],
      [{ type: "flow", body: "Book here", flow: flow.id, cta: "c".repeat(21) }, "interactive.cta"],
      [{ type: "flow", body: "Book here", flow: flow.id, cta: "Book 📅" }, "interactive.cta"],
      [{ type: "flow", body: "x".repeat(1025), flow: flow.id }, "interactive.body"],
      [{ type: "flow", body: "Book here", flow: flow.id, data: {} }, "interactive.data"],
      [{ type: "flow", body: "Book here", flow: "flw_01JD7X4S9C8A3K2M5N6P7Q8R9T" }, "interactive.flow"],
      [{ type: "flow", body: "Book here", flow: foreign.id }, "interactive.flow"],
      [{ type: "flow", body: "Book here", flow: flow.id, token: "t".repeat(201) }, "interactive.token"],
    ];
    for (const [interactive, path] of cases) {
      const res = await api("POST", "/v1/messages", { key: b.key, body: { to: CUSTOMER, type: "interactive", interactive } });
      expect(res.status, JSON.stringify(interactive)).toBe(400);
      expect(res.body.error.details.map((d: { path: string }) => d.path)).toContain(path);
    }
    // Outside the 24-hour window only a template goes (a Flow through its FLOW button).
    const stranger = await api("POST", "/v1/messages", {
      key: b.key,
      body: { to: "+14155550999", type: "interactive", interactive: { type: "flow", body: "Book here", flow: flow.id } },
    });
    expect(stranger.status).toBe(422);
    expect((await messagesOf(b.businessId)).filter((m) => m.direction === "outbound")).toHaveLength(0);
  });

  it("sends Meta's Flow message, and the customer's answer shows in the thread, the API and message.received", async () => {
    const b = await talking(true);
    const flow = await register(b);
    const sent = await api("POST", "/v1/messages", {
      key: b.key,
      body: {
        to: CUSTOMER,
        type: "interactive",
        interactive: { type: "flow", flow: flow.id, body: "Book your table in one go", data: { guests: 2 } },
      },
    });
    expect(sent.status).toBe(200);
    await settle();
    const out = b.fake.sent.at(-1);
    expect(out?.body.interactive).toEqual({
      type: "flow",
      body: { text: "Book your table in one go" },
      action: {
        name: "flow",
        parameters: {
          flow_message_version: "3",
          flow_token: sent.body.id,
          flow_id: booking.flowId,
          flow_cta: "Book a table",
          flow_action: "navigate",
          flow_action_payload: { screen: "BOOKING", data: { guests: 2 } },
        },
      },
    });

    // The customer fills it in: WhatsApp's nfm_reply quotes the Flow message and carries the token.
    await b.fake.postInbound(
      b.fake.inboundPayload({
        messages: [
          {
            from: CUSTOMER,
            type: "flow_reply",
            context: out?.wamid,
            token: sent.body.id,
            response: { date: "2026-12-05", party: "4", name: "Ana Lima", area: "Terrace" },
          },
        ],
      }),
    );
    await settle();
    const answer = (await messagesOf(b.businessId)).filter((m) => m.direction === "inbound").at(-1);
    expect(answer).toMatchObject({
      type: "interactive",
      text: "Book a table: Date: 2026-12-05 · Party: 4 · Name: Ana Lima · area: Terrace",
      replyToId: sent.body.id,
    });
    const fields = { date: "2026-12-05", party: 4, name: "Ana Lima", area: "Terrace" };
    const flowReply = { flow: flow.id, flowId: booking.flowId, name: "Book a table", token: sent.body.id, fields };
    const thread = await api("GET", `/v1/conversations/${answer?.conversationId}/messages`, { key: b.key });
    const byId = new Map(thread.body.data.map((m: { id: string }) => [m.id, m]));
    expect(byId.get(answer?.id)).toMatchObject({ flowReply, replyTo: sent.body.id, choice: null });
    expect(byId.get(sent.body.id)).toMatchObject({
      type: "interactive",
      interactive: { type: "flow", flow: flow.id, flowId: booking.flowId, name: "Book a table", cta: "Book a table", screen: "BOOKING" },
      flowReply: null,
    });
    const event = (await eventsOf(b.businessId, "message.received")).at(-1)?.payload;
    expect(event).toMatchObject({ messageId: answer?.id, messageType: "interactive", replyTo: sent.body.id, flowReply, text: answer?.text });
    // No skill waits for it: the assistant says nothing.
    await new Promise((r) => setTimeout(r, 500));
    expect((await messagesOf(b.businessId)).filter((m) => m.direction === "outbound")).toHaveLength(2);
  });

  it("the fake Graph server refuses a Flow message Meta would refuse (131009)", async () => {
    const b = await talking();
    const post = (parameters: object) =>
      fetch(`${b.fake.url}/${b.phoneNumberId}/messages`, {
        method: "POST",
        headers: { authorization: `Bearer ${b.accessToken}`, "content-type": "application/json" },
        body: JSON.stringify({
          messaging_product: "whatsapp",
          to: CUSTOMER,
          type: "interactive",
          interactive: { type: "flow", body: { text: "Book" }, action: { name: "flow", parameters } },
        }),
      }).then(async (r) => ({ status: r.status, body: await r.json() }));
    const good = { flow_message_version: "3", flow_token: "t1", flow_id: "1", flow_cta: "Book", flow_action: "navigate" };
    expect((await post(good)).status).toBe(200);
    expect((await post({ ...good, flow_action_payload: { screen: "BOOKING", data: { a: 1 } } })).status).toBe(200);
    for (const [bad, details] of [
      [{ ...good, flow_cta: "c".repeat(21) }, /Max length is 20/],
      [{ ...good, flow_id: undefined }, /flow_id is required/],
      [{ ...good, flow_message_version: "2" }, /flow_message_version must be 3/],
      [{ ...good, flow_action_payload: { data: { a: 1 } } }, /screen is required/],
      [{ ...good, flow_action_payload: { screen: "A", data: {} } }, /non-empty/],
    ] as const) {
      const res = await post(bad);
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe(131009);
      expect(res.body.error.error_data.details).toMatch(details);
    }
  });
});

describe("a skill's Flow node", () => {
  it("sends the Flow, maps the answer's fields into the skill's variables, and the skill goes on to its record", async () => {
    const b = await talking(true);
    const flow = await register(b);
    const graph = {
      nodes: [
        { id: "start", type: "trigger", data: { keywords: ["book a table"] } },
        {
          id: "form",
          type: "flow",
          data: { flow: flow.id, text: "Tell us when and for how many", fields: { date: "date", party: "party_size", name: "name" } },
        },
        {
          id: "save",
          type: "record",
          data: { collection: "bookings", fields: { date: "{{date}}", party_size: "{{party_size}}", name: "{{name}}" } },
        },
        { id: "done", type: "end", data: { text: "Thanks {{name}}, your table for {{party_size}} is booked." } },
      ],
      edges: [
        { id: "e1", source: "start", target: "form" },
        { id: "e2", source: "form", target: "save" },
        { id: "e3", source: "save", target: "done" },
      ],
    };
    // The Flow must be this business's and return the fields mapped.
    const unknownField = structuredClone(graph);
    (unknownField.nodes[1].data as unknown as { fields: Record<string, string> }).fields.phone = "phone";
    const refused = await api("PUT", "/v1/skills/sk_flow_booking", { key: b.key, body: { name: "Booking", enabled: true, graph: unknownField } });
    expect(refused.status).toBe(400);
    expect(refused.body.error.details.map((d: { path: string }) => d.path)).toEqual(["graph.nodes[1].data.fields.phone"]);
    const saved = await api("PUT", "/v1/skills/sk_flow_booking", { key: b.key, body: { name: "Booking", enabled: true, graph } });
    expect(saved.status).toBe(200);
    expect(saved.body.warnings).toEqual([]);

    await b.fake.postInbound(b.fake.inboundPayload({ messages: [{ from: CUSTOMER, text: "I'd like to book a table please" }] }));
    const flowMessage = await waitFor(
      async () => b.fake.sent.find((s) => s.body.type === "interactive" && s.body.interactive.type === "flow"),
      15_000,
    ).catch(async (err) => {
      throw new Error(`${err.message}: ${JSON.stringify((await messagesOf(b.businessId)).map((m) => [m.direction, m.text, m.status]))}`);
    });
    expect(flowMessage.body.interactive).toMatchObject({
      body: { text: "Tell us when and for how many" },
      action: { name: "flow", parameters: { flow_id: booking.flowId, flow_cta: "Book a table", flow_action_payload: { screen: "BOOKING" } } },
    });

    // Words instead of the form: the Flow again, with the reminder.
    await b.fake.postInbound(b.fake.inboundPayload({ messages: [{ from: CUSTOMER, text: "tomorrow for 4" }] }));
    const reminder = await waitFor(async () => {
      const flows = b.fake.sent.filter((s) => s.body.type === "interactive" && s.body.interactive.type === "flow");
      return flows.length === 2 ? flows[1] : null;
    }, 15_000);
    expect(reminder.body.interactive.body.text).toBe("Please fill in the form: tap the button below.");

    // The answer (to the first Flow message) fills date, party size and name at once; the skill books.
    await b.fake.postInbound(
      b.fake.inboundPayload({
        messages: [
          {
            from: CUSTOMER,
            type: "flow_reply",
            context: flowMessage.wamid,
            token: flowMessage.body.interactive.action.parameters.flow_token,
            response: { date: "2026-12-05", party: "4", name: "Ana Lima" },
          },
        ],
      }),
    );
    const record = await waitFor(async () => {
      const [row] = await db()
        .select()
        .from(records)
        .where(and(eq(records.businessId, b.businessId), eq(records.collection, "bookings")));
      return row;
    }, 15_000);
    expect(record.fields).toMatchObject({ date: "2026-12-05", party_size: 4, name: "Ana Lima" });
    await waitFor(async () => b.fake.sent.find((s) => s.body.text?.body === "Thanks Ana Lima, your table for 4 is booked."), 15_000);
    const event = (await eventsOf(b.businessId, "message.received")).find((e) => (e.payload as { flowReply?: unknown }).flowReply);
    expect(event?.payload).toMatchObject({ flowReply: { flow: flow.id, fields: { date: "2026-12-05", party: 4, name: "Ana Lima" } } });
  }, 60_000);
});

describe("a template's FLOW button", () => {
  it("is submitted as Meta's FLOW button, sent with its flow_token, and its answer is read by the registered Flow", async () => {
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
    const b = await makeBusiness();
    await setWhatsApp(db(), b.businessId, { phoneNumberId, accessToken, displayNumber: "+15550783881", businessAccountId: wabaId });
    own({ businessId: b.businessId, phoneNumberId, businessAccountId: wabaId });
    const flow = await register(b);

    const template = {
      name: "book_flow",
      language: "en",
      category: "utility",
      body: "Hi {{1}}, book your next table in one go.",
      examples: ["Ana"],
      buttons: [{ type: "flow", text: "Book now", flowId: booking.flowId, navigateScreen: "BOOKING" }],
    };
    // What Meta refuses: a navigate button without its screen, a data endpoint's Flow, two Flow buttons.
    for (const [buttons, path] of [
      [[{ type: "flow", text: "Book now", flowId: booking.flowId }], "buttons.0.navigateScreen"],
      [[{ type: "flow", text: "Book now", flowId: booking.flowId, flowAction: "data_exchange" }], "buttons.0.flowAction"],
      [
        [
          { type: "flow", text: "Book now", flowId: booking.flowId, navigateScreen: "A" },
          { type: "flow", text: "Or here", flowId: "77", navigateScreen: "B" },
        ],
        "buttons",
      ],
    ] as const) {
      const res = await api("POST", "/v1/templates", { key: b.key, body: { ...template, buttons } });
      expect(res.status).toBe(400);
      expect(res.body.error.details.map((d: { path: string }) => d.path.replace(/\[(\d+)\]/g, ".$1"))).toContain(path);
    }
    const created = await api("POST", "/v1/templates", { key: b.key, body: template });
    expect(created.status).toBe(200);
    const atMeta = [...fake.templates.all.values()].find((t) => t.name === "book_flow");
    expect(atMeta?.components.at(-1)).toEqual({
      type: "BUTTONS",
      buttons: [{ type: "FLOW", text: "Book now", flow_id: booking.flowId, flow_action: "navigate", navigate_screen: "BOOKING" }],
    });
    expect(await fake.templates.review(atMeta?.id as string, "APPROVED")).toBe(200);
    await waitFor(async () => {
      const [row] = await db()
        .select()
        .from(templates)
        .where(and(eq(templates.businessId, b.businessId), eq(templates.name, "book_flow")));
      return row?.status === "approved";
    });

    const sent = await api("POST", "/v1/messages", {
      key: b.key,
      body: { to: CUSTOMER, type: "template", template: { name: "book_flow", language: "en", variables: ["Ana"] } },
    });
    expect(sent.status).toBe(200);
    await settle();
    const out = fake.sent.find((s) => s.body.type === "template");
    expect(out?.body.template.components).toEqual([
      { type: "body", parameters: [{ type: "text", text: "Ana" }] },
      { type: "button", sub_type: "flow", index: "0", parameters: [{ type: "action", action: { flow_token: sent.body.id } }] },
    ]);
    const thread = await api("GET", `/v1/conversations/${sent.body.conversationId}/messages`, { key: b.key });
    expect(thread.body.data[0].template.buttons).toEqual([{ index: 0, type: "flow", text: "Book now", value: null }]);

    // A button value that is not the token's is refused.
    const wrong = await api("POST", "/v1/messages", {
      key: b.key,
      body: {
        to: CUSTOMER,
        type: "template",
        template: { name: "book_flow", language: "en", variables: ["Ana"], buttons: [{ index: 0, text: "x" }] },
      },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.details[0].path).toBe("template.buttons.0");

    // The customer opens the Flow from the template and answers it.
    await fake.postInbound(
      fake.inboundPayload({
        phoneNumberId,
        messages: [
          {
            from: CUSTOMER,
            type: "flow_reply",
            context: out?.wamid,
            token: sent.body.id,
            response: { date: "1764892800000", party: 2, name: "Rui" },
          },
        ],
      }),
    );
    await settle();
    const event = await waitFor(
      async () => (await eventsOf(b.businessId, "message.received")).at(-1)?.payload as Record<string, unknown> | undefined,
    );
    // A DatePicker of Flow JSON before 5.0 sends a timestamp: read as its day in the business's zone (UTC here).
    expect(event).toMatchObject({
      replyTo: sent.body.id,
      flowReply: {
        flow: flow.id,
        flowId: booking.flowId,
        name: "Book a table",
        token: sent.body.id,
        fields: { date: "2025-12-05", party: 2, name: "Rui" },
      },
    });
  }, 60_000);
});
