import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { buildWhatsAppPayload, choicePresentation } from "../../lib/channels/whatsapp/build-payload";
import { classifyWhatsAppError, retryDelayMs } from "../../lib/channels/whatsapp/errors";
import { type ParsedWhatsAppWebhook, parseWhatsAppWebhook } from "../../lib/channels/whatsapp/parse-webhook";
import { signWhatsAppBody, verifyWhatsAppSignature } from "../../lib/channels/whatsapp/signature";
import { type FakeGraph, inboundPayload, metaJson, startFakeGraph } from "../fakes/graph-server";

/** A parsed message or status without its own-body builder and type flag (tests/channels/unusable.test.ts checks those). */
const plain = <T extends object>(items: T[]) =>
  items.map(({ raw, unknownType, standby, ...rest }: T & { raw?: unknown; unknownType?: unknown; standby?: unknown }) => rest);

const SECRET = "app-secret";
const PHONE_ID = "106540352242922";
const TOKEN = "EAAG-test-token";

describe("signature", () => {
  it("signs with lower-case hex HMAC-SHA256 (known vector)", () => {
    expect(signWhatsAppBody("The quick brown fox jumps over the lazy dog", "key")).toBe(
      "sha256=f7bc83f430538424b13298e6aa6fb143ef4d59a14946175997479dbc2d1a3cd8",
    );
  });

  it("accepts the right signature and refuses wrong, tampered, missing or malformed ones", () => {
    const raw = Buffer.from('{"object":"whatsapp_business_account","entry":[]}');
    const header = signWhatsAppBody(raw, SECRET);
    expect(verifyWhatsAppSignature(raw, header, SECRET)).toBe(true);
    expect(verifyWhatsAppSignature(raw, header, "other-secret")).toBe(false);
    expect(verifyWhatsAppSignature(Buffer.from(`${raw} `), header, SECRET)).toBe(false);
    expect(verifyWhatsAppSignature(raw, null, SECRET)).toBe(false);
    expect(verifyWhatsAppSignature(raw, "", SECRET)).toBe(false);
    expect(verifyWhatsAppSignature(raw, header.replace("sha256=", "sha1="), SECRET)).toBe(false);
    expect(verifyWhatsAppSignature(raw, "sha256=abc", SECRET)).toBe(false);
    expect(verifyWhatsAppSignature(raw, `sha256=${"z".repeat(64)}`, SECRET)).toBe(false);
  });

  it("signs the raw bytes, so a re-serialised non-ASCII body no longer verifies", () => {
    const raw = Buffer.from('{"text":{"body":"Ol\\u00e1, caf\\u00e9 \\ud83d\\udc4b"}}');
    const header = signWhatsAppBody(raw, SECRET);
    expect(verifyWhatsAppSignature(raw, header, SECRET)).toBe(true);
    const reserialised = Buffer.from(JSON.stringify(JSON.parse(raw.toString("utf8"))));
    expect(reserialised.toString()).toContain("café 👋");
    expect(verifyWhatsAppSignature(reserialised, header, SECRET)).toBe(false);

    const utf8 = Buffer.from('{"text":"héllo 👋"}', "utf8");
    expect(verifyWhatsAppSignature(utf8, signWhatsAppBody(utf8, SECRET), SECRET)).toBe(true);
  });
});

const at = new Date("2025-06-08T20:59:43Z");
const ts = String(at.getTime() / 1000);

/** One webhook change holding the given raw messages, for types the fake does not build. */
function webhookWith(messages: unknown[], statuses: unknown[] = []) {
  return {
    object: "whatsapp_business_account",
    entry: [
      {
        id: "WABA",
        changes: [
          {
            field: "messages",
            value: {
              messaging_product: "whatsapp",
              metadata: { display_phone_number: "15550783881", phone_number_id: PHONE_ID },
              contacts: [{ profile: { name: "Sheena" }, wa_id: "16505551234" }],
              messages,
              statuses,
            },
          },
        ],
      },
    ],
  };
}
const raw = (type: string, body: unknown) => ({ from: "16505551234", id: `wamid.${type}`, timestamp: ts, type, [type]: body });
const only = (message: unknown) => {
  const parsed = parseWhatsAppWebhook(webhookWith([message]));
  expect(parsed.skipped).toEqual([]);
  return parsed.messages[0];
};

describe("parseWhatsAppWebhook", () => {
  it("reads every entry, change and message, with profile names matched by wa_id", () => {
    const body = inboundPayload({
      phoneNumberId: PHONE_ID,
      entryPerMessage: true,
      messages: [
        { from: "+16505551234", name: "Sheena", text: "Hi", timestamp: at, id: "wamid.A" },
        { from: "447700900123", text: "Hello", timestamp: at, id: "wamid.B" },
        { from: "5511987654321", name: "João", text: "Oi", phoneNumberId: "222", id: "wamid.C", timestamp: at },
      ],
    });
    expect(body.entry).toHaveLength(3);
    const { messages, statuses, skipped } = parseWhatsAppWebhook(body);
    expect(skipped).toEqual([]);
    expect(statuses).toEqual([]);
    expect(plain(messages)).toEqual([
      {
        phoneNumberId: PHONE_ID,
        displayPhoneNumber: "15550783881",
        from: "+16505551234",
        // Issue 37: no BSUID or username in a phone-only webhook.
        waUserId: null,
        username: null,
        // Issue 38: the quoted message's wamid (context.id); none here.
        replyTo: null,
        profileName: "Sheena",
        wamid: "wamid.A",
        timestamp: at,
        type: "text",
        text: "Hi",
        content: null,
      },
      {
        phoneNumberId: PHONE_ID,
        displayPhoneNumber: "15550783881",
        from: "+447700900123",
        // Issue 37: no BSUID or username in a phone-only webhook.
        waUserId: null,
        username: null,
        // Issue 38: the quoted message's wamid (context.id); none here.
        replyTo: null,
        profileName: null,
        wamid: "wamid.B",
        timestamp: at,
        type: "text",
        text: "Hello",
        content: null,
      },
      {
        phoneNumberId: "222",
        displayPhoneNumber: "15550783881",
        from: "+5511987654321",
        // Issue 37: no BSUID or username in a phone-only webhook.
        waUserId: null,
        username: null,
        // Issue 38: the quoted message's wamid (context.id); none here.
        replyTo: null,
        profileName: "João",
        wamid: "wamid.C",
        timestamp: at,
        type: "text",
        text: "Oi",
        content: null,
      },
    ]);
  });

  it("groups messages from one number into one change", () => {
    const body = inboundPayload({
      phoneNumberId: PHONE_ID,
      messages: [
        { from: "1555000001", text: "a" },
        { from: "1555000002", text: "b" },
      ],
    });
    expect(body.entry).toHaveLength(1);
    expect(parseWhatsAppWebhook(body).messages.map((m) => m.text)).toEqual(["a", "b"]);
  });

  it("gives every inbound type a readable text and structured content", () => {
    const built = parseWhatsAppWebhook(
      inboundPayload({
        messages: [
          { from: "1555000001", type: "interactive", replyId: "opt_2", title: "Tomorrow" },
          { from: "1555000001", type: "interactive", kind: "list_reply", replyId: "opt_7", title: "Margherita" },
          { from: "1555000001", type: "button", payload: "STOP_PROMOS", text: "Stop promotions" },
          {
            from: "1555000001",
            type: "order",
            catalogId: "CAT1",
            text: "asap",
            items: [
              { productRetailerId: "SKU1", quantity: 2, itemPrice: 9.5, currency: "EUR" },
              { productRetailerId: "SKU2", quantity: 1, itemPrice: 3, currency: "EUR" },
            ],
          },
          { from: "1555000001", type: "image", mediaId: "M1", mimeType: "image/png", caption: "my receipt" },
          { from: "1555000001", type: "image", mediaId: "M2" },
        ],
      }),
    );
    expect(built.skipped).toEqual([]);
    expect(built.messages.map((m) => [m.type, m.text, m.content])).toEqual([
      ["interactive", "Tomorrow", { kind: "button_reply", id: "opt_2", title: "Tomorrow" }],
      ["interactive", "Margherita", { kind: "list_reply", id: "opt_7", title: "Margherita" }],
      [
        "button",
        "Stop promotions",
        { kind: "button_reply", id: "STOP_PROMOS", title: "Stop promotions", payload: "STOP_PROMOS", text: "Stop promotions" },
      ],
      [
        "order",
        "Order: 2 × SKU1, 1 × SKU2 (asap)",
        {
          catalogId: "CAT1",
          text: "asap",
          items: [
            { productRetailerId: "SKU1", quantity: 2, itemPrice: 9.5, currency: "EUR" },
            { productRetailerId: "SKU2", quantity: 1, itemPrice: 3, currency: "EUR" },
          ],
        },
      ],
      ["image", "[image] my receipt", { id: "M1", mimeType: "image/png", caption: "my receipt" }],
      ["image", "[image]", { id: "M2", mimeType: "image/jpeg", caption: null }],
    ]);
  });

  it("reads a WhatsApp Flow's answer (nfm_reply): response_json parsed, its flow_token kept; one that does not parse kept as text", () => {
    const [answer, broken] = parseWhatsAppWebhook(
      inboundPayload({
        messages: [
          { from: "1555000001", type: "flow_reply", token: "msg_1", response: { date: "2026-12-05", party: 4 }, context: "wamid.FLOW" },
          { from: "1555000001", type: "interactive", kind: "button_reply", replyId: "x", title: "x" },
        ],
      }),
    ).messages;
    expect(answer).toMatchObject({
      type: "interactive",
      text: "Sent",
      replyTo: "wamid.FLOW",
      content: { kind: "nfm_reply", name: "flow", body: "Sent", token: "msg_1", response: { flow_token: "msg_1", date: "2026-12-05", party: 4 } },
    });
    expect(broken.content).toMatchObject({ kind: "button_reply" });
    const bad = only(raw("interactive", { type: "nfm_reply", nfm_reply: { name: "flow", body: "Sent", response_json: "{not json" } }));
    expect(bad.content).toEqual({ kind: "nfm_reply", name: "flow", body: "Sent", token: null, response: { response_json: "{not json" } });
  });

  it("uses placeholders for media, location, contacts, reactions and unsupported types", () => {
    expect(only(raw("audio", { id: "A1", mime_type: "audio/ogg; codecs=opus", voice: true })).text).toBe("[audio]");
    expect(only(raw("video", { id: "V1", mime_type: "video/mp4", caption: "look" })).text).toBe("[video] look");
    expect(only(raw("sticker", { id: "S1", mime_type: "image/webp" })).text).toBe("[sticker]");
    const doc = only(raw("document", { id: "D1", mime_type: "application/pdf", filename: "menu.pdf" }));
    expect([doc.text, doc.content]).toEqual(["[document] menu.pdf", { id: "D1", mimeType: "application/pdf", caption: null, filename: "menu.pdf" }]);
    expect(only(raw("location", { latitude: 38.7223, longitude: -9.1393, name: "Lisbon office" })).text).toBe(
      "[location] 38.7223,-9.1393 Lisbon office",
    );
    expect(only(raw("reaction", { message_id: "wamid.X", emoji: "👍" })).text).toBe("[reaction] 👍");
    expect(only(raw("reaction", { message_id: "wamid.X" })).text).toBe("[reaction removed]");
    const contacts = { ...raw("contacts", undefined), contacts: [{ name: { formatted_name: "Ada Lovelace" }, phones: [] }] };
    expect(only(contacts).text).toBe("[contacts] Ada Lovelace");
    const unsupported = { ...raw("unsupported", undefined), errors: [{ code: 131051, title: "Message type unknown" }] };
    expect(only(unsupported)).toMatchObject({ type: "unsupported", text: "[unsupported]", profileName: "Sheena" });
  });

  it("reads statuses, with the error of a failed one", () => {
    const statuses = [
      { id: "wamid.1", status: "delivered", timestamp: ts, recipient_id: "16505551234", conversation: { id: "c" } },
      {
        id: "wamid.2",
        status: "failed",
        timestamp: ts,
        recipient_id: "16505551234",
        errors: [{ code: 131026, title: "Message undeliverable", message: "Message undeliverable", error_data: { details: "x" } }],
      },
      { id: "wamid.3", status: "failed", timestamp: ts, recipient_id: "16505551234", errors: [{ code: 131047, title: "Re-engagement message" }] },
      { id: "wamid.4", status: "deleted", timestamp: ts, recipient_id: "16505551234" },
      { id: "wamid.5", status: "read", recipient_id: "16505551234" },
    ];
    const parsed = parseWhatsAppWebhook(webhookWith([], statuses));
    expect(plain(parsed.statuses)).toEqual([
      { phoneNumberId: PHONE_ID, wamid: "wamid.1", status: "delivered", timestamp: at, recipient: "+16505551234", error: null, pricing: null },
      {
        phoneNumberId: PHONE_ID,
        wamid: "wamid.2",
        status: "failed",
        timestamp: at,
        recipient: "+16505551234",
        error: { code: 131026, message: "Message undeliverable" },
        pricing: null,
      },
      {
        phoneNumberId: PHONE_ID,
        wamid: "wamid.3",
        status: "failed",
        timestamp: at,
        recipient: "+16505551234",
        error: { code: 131047, message: "Re-engagement message" },
        pricing: null,
      },
    ]);
    expect(parsed.skipped).toHaveLength(2);
  });

  it("reads a status's pricing object, with the recipient's country from the number", () => {
    const statuses = [
      {
        id: "wamid.p1",
        status: "sent",
        timestamp: ts,
        recipient_id: "5511987654321",
        pricing: { billable: true, pricing_model: "PMP", type: "regular", category: "marketing" },
      },
      // Since October 2026 a service reply is charged too.
      {
        id: "wamid.p2",
        status: "delivered",
        timestamp: ts,
        recipient_id: "14155550123",
        pricing: { billable: true, pricing_model: "PMP", type: "regular", category: "SERVICE" },
      },
      // A free one, and a fictional number whose country is its calling code's main one.
      {
        id: "wamid.p3",
        status: "sent",
        timestamp: ts,
        recipient_id: "15550001234",
        pricing: { billable: false, pricing_model: "PMP", type: "free_customer_service", category: "utility" },
      },
      { id: "wamid.p4", status: "sent", timestamp: ts, recipient_id: "14155550123", pricing: { billable: true } },
    ];
    const parsed = parseWhatsAppWebhook(webhookWith([], statuses));
    expect(parsed.statuses.map((s) => [s.wamid, s.pricing])).toEqual([
      ["wamid.p1", { billable: true, category: "marketing", model: "PMP", type: "regular", country: "BR" }],
      ["wamid.p2", { billable: true, category: "service", model: "PMP", type: "regular", country: "US" }],
      ["wamid.p3", { billable: false, category: "utility", model: "PMP", type: "free_customer_service", country: "US" }],
      // No category: nothing to count it under, so no pricing.
      ["wamid.p4", null],
    ]);
  });

  it("never throws, and reports what it skipped", () => {
    for (const body of [undefined, null, 42, "x", [], {}, { entry: "no" }, { entry: [null, { changes: [null, 7] }] }]) {
      expect(() => parseWhatsAppWebhook(body)).not.toThrow();
      expect(parseWhatsAppWebhook(body).messages).toEqual([]);
    }
    const mixed = webhookWith([raw("text", { body: "ok" }), { type: "text" }, "junk", { ...raw("text", {}), timestamp: "soon" }]);
    mixed.entry.push({ id: "x", changes: [{ field: "account_update", value: {} } as never] });
    mixed.entry.push({ id: "y", changes: [{ field: "messages", value: { messages: [] } } as never] });
    const parsed = parseWhatsAppWebhook(mixed);
    expect(parsed.messages.map((m) => m.text)).toEqual(["ok"]);
    expect(parsed.skipped).toHaveLength(5);
    expect(parsed.skipped.every((s) => typeof s.reason === "string" && s.reason.length > 0)).toBe(true);
  });
});

describe("buildWhatsAppPayload", () => {
  const envelope = { messaging_product: "whatsapp", recipient_type: "individual", to: "+16505551234" };

  it("builds a text message", () => {
    expect(buildWhatsAppPayload({ to: "+16505551234", type: "text", text: "Hello" })).toStrictEqual({
      ...envelope,
      type: "text",
      text: { preview_url: false, body: "Hello" },
    });
  });

  it("builds a template, omitting components when there are no variables", () => {
    const template = (variables: string[]) =>
      buildWhatsAppPayload({ to: "+16505551234", type: "template", text: "", template: { name: "order_update", language: "en_US", variables } });
    expect(template(["Ada", "#1234"])).toStrictEqual({
      ...envelope,
      type: "template",
      template: {
        name: "order_update",
        language: { code: "en_US" },
        components: [
          {
            type: "body",
            parameters: [
              { type: "text", text: "Ada" },
              { type: "text", text: "#1234" },
            ],
          },
        ],
      },
    });
    expect(template([])).toStrictEqual({ ...envelope, type: "template", template: { name: "order_update", language: { code: "en_US" } } });
    expect(() => buildWhatsAppPayload({ to: "+1", type: "template", text: "" })).toThrow();
  });

  const choice = (options: string[], kind: "buttons" | "list" = "buttons", button?: string) =>
    buildWhatsAppPayload({ to: "+16505551234", type: "interactive", text: "When?", interactive: { kind, options, button } });

  it("sends up to three options as reply buttons, titles cut to 20 characters", () => {
    expect(choice(["Today", "Tomorrow", "Some other day this week"])).toStrictEqual({
      ...envelope,
      type: "interactive",
      interactive: {
        type: "button",
        body: { text: "When?" },
        action: {
          buttons: [
            { type: "reply", reply: { id: "opt_1", title: "Today" } },
            { type: "reply", reply: { id: "opt_2", title: "Tomorrow" } },
            { type: "reply", reply: { id: "opt_3", title: "Some other day this…" } },
          ],
        },
      },
    });
  });

  it("sends four to ten options as a list, row titles cut to 24 and the button label to 20", () => {
    const options = ["Mon", "Tue", "Wed", "Thursday afternoon or evening"];
    const rows = [
      { id: "opt_1", title: "Mon" },
      { id: "opt_2", title: "Tue" },
      { id: "opt_3", title: "Wed" },
      { id: "opt_4", title: "Thursday afternoon or e…" },
    ];
    const list = (button: string) => ({
      ...envelope,
      type: "interactive",
      interactive: { type: "list", body: { text: "When?" }, action: { button, sections: [{ title: "Options", rows }] } },
    });
    expect(choice(options)).toStrictEqual(list("Choose"));
    expect(choice(options, "list", "Pick a day of the week please")).toStrictEqual(list("Pick a day of the w…"));
    const asList = choice(["A", "B"], "list") as { interactive: { type: string } };
    expect(asList.interactive.type).toBe("list");
  });

  it("falls back to numbered text past ten options or when truncation makes titles collide", () => {
    const eleven = Array.from({ length: 11 }, (_, i) => `Slot ${i + 1}`);
    expect(choice(eleven)).toStrictEqual({
      ...envelope,
      type: "text",
      text: { preview_url: false, body: `When?\n\n${eleven.map((o, i) => `${i + 1}. ${o}`).join("\n")}` },
    });
    const clash = choice(["Appointment on Monday morning", "Appointment on Monday evening"]) as { type: string };
    expect(clash.type).toBe("text");
  });

  it("never splits an emoji when truncating", () => {
    const out = choice(["1234567890123456789😀x", "b"]) as { interactive: { action: { buttons: { reply: { title: string } }[] } } };
    expect(out.interactive.action.buttons[0].reply.title).toBe("1234567890123456789…");
  });

  it("choicePresentation follows WhatsApp's limits", () => {
    const n = (k: number) => Array.from({ length: k }, (_, i) => String(i));
    expect([1, 3, 4, 10, 11].map((k) => choicePresentation(n(k)))).toEqual(["buttons", "buttons", "list", "list", "text"]);
  });
});

describe("classifyWhatsAppError and retryDelayMs", () => {
  it("classifies codes per the table", () => {
    const kinds = [131047, 130429, 131056, 131000, 131016, 2, 131026, 131030, 132000, 132001, 190, 999].map((c) => classifyWhatsAppError(c).kind);
    expect(kinds).toEqual(["window", "rate_limited", "rate_limited", "transient", "transient", "transient", ...Array(6).fill("permanent")]);
  });

  it("backs off per code, capped", () => {
    expect([1, 2, 3, 4, 5].map((a) => retryDelayMs(131056, a))).toEqual([4000, 16000, 64000, 256000, 300000]);
    expect([1, 2, 3, 6, 7, 20].map((a) => retryDelayMs(130429, a))).toEqual([1000, 2000, 4000, 32000, 60000, 60000]);
    expect([1, 2, 3, 8, 9].map((a) => retryDelayMs(131000, a))).toEqual([2000, 4000, 8000, 256000, 300000]);
    expect(retryDelayMs(131047, 1)).toBe(0);
    expect(retryDelayMs(131026, 3)).toBe(0);
  });
});

/** A stand-in for the app's webhook route: verifies the signature, then parses. */
async function startApp() {
  const received: ParsedWhatsAppWebhook[] = [];
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const rawBody = Buffer.concat(chunks);
    const header = req.headers["x-hub-signature-256"];
    if (!verifyWhatsAppSignature(rawBody, typeof header === "string" ? header : null, SECRET)) {
      res.writeHead(401).end();
      return;
    }
    received.push(parseWhatsAppWebhook(JSON.parse(rawBody.toString("utf8"))));
    res.writeHead(200).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/channels/whatsapp/webhook`;
  const close = () => {
    server.closeAllConnections();
    return new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return { url, received, close };
}

describe("fake Graph server", () => {
  const cleanup: (() => Promise<void>)[] = [];
  afterEach(async () => {
    while (cleanup.length) await cleanup.pop()?.();
  });

  async function start(opts: Parameters<typeof startFakeGraph>[0] = {}) {
    const graph = await startFakeGraph({ accessTokens: { [PHONE_ID]: TOKEN }, appSecret: SECRET, ...opts });
    cleanup.push(() => graph.close());
    return graph;
  }

  async function send(graph: FakeGraph, body: object, token = TOKEN, phoneNumberId = PHONE_ID) {
    const res = await fetch(`${graph.url}/${phoneNumberId}/messages`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    return { status: res.status, json: await res.json() };
  }
  const text = (to: string, body = "Hi") => buildWhatsAppPayload({ to, type: "text", text: body });
  const template = (to: string) =>
    buildWhatsAppPayload({ to, type: "template", text: "", template: { name: "order_update", language: "en", variables: ["Ada"] } });

  it("accepts a template outside the window with Meta's success shape", async () => {
    const graph = await start();
    expect(graph.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v26\.0$/);
    const { status, json } = await send(graph, template("+16505551234"));
    expect(status).toBe(200);
    expect(json).toEqual({
      messaging_product: "whatsapp",
      contacts: [{ input: "+16505551234", wa_id: "16505551234" }],
      messages: [{ id: expect.stringMatching(/^wamid\./) }],
    });
    expect(graph.sent).toEqual([{ phoneNumberId: PHONE_ID, body: template("+16505551234"), wamid: json.messages[0].id, at: expect.any(Date) }]);
  });

  it("refuses a wrong or missing token with 190 and an unknown number with 100", async () => {
    const graph = await start();
    const wrong = await send(graph, template("+16505551234"), "nope");
    expect([wrong.status, wrong.json.error.code]).toEqual([401, 190]);
    const missing = await fetch(`${graph.url}/${PHONE_ID}/messages`, { method: "POST", body: "{}" });
    expect(missing.status).toBe(401);
    const unknown = await send(graph, template("+16505551234"), TOKEN, "999");
    expect([unknown.status, unknown.json.error.code]).toEqual([400, 100]);
    expect(graph.sent).toEqual([]);
    expect(graph.attempts.map((a) => a.errorCode)).toEqual([190, 190, 100]);
  });

  it("enforces the 24-hour window for anything but templates", async () => {
    const graph = await start();
    const closed = await send(graph, text("+16505551234"));
    expect(closed.status).toBe(400);
    expect(closed.json.error).toEqual({
      message: expect.any(String),
      type: "OAuthException",
      code: 131047,
      error_data: { messaging_product: "whatsapp", details: expect.any(String) },
      fbtrace_id: expect.any(String),
    });
    graph.customerWrote("+16505551234", new Date(Date.now() - 25 * 60 * 60 * 1000));
    expect((await send(graph, text("+16505551234"))).json.error.code).toBe(131047);
    graph.customerWrote("16505551234", new Date(Date.now() - 23 * 60 * 60 * 1000));
    expect((await send(graph, text("+16505551234"))).status).toBe(200);
    const interactive = buildWhatsAppPayload({
      to: "+447700900123",
      type: "interactive",
      text: "?",
      interactive: { kind: "buttons", options: ["a"] },
    });
    expect((await send(graph, interactive)).json.error.code).toBe(131047);
    expect(graph.sent).toHaveLength(1);
    expect(graph.attempts).toHaveLength(4);
  });

  it("fails the next sends on demand, then recovers", async () => {
    const graph = await start();
    graph.failNext(131000, 2);
    graph.failNext(131026, 1, "Message undeliverable.");
    const results = [];
    for (let i = 0; i < 4; i++) results.push(await send(graph, template("+16505551234")));
    expect(results.map((r) => [r.status, r.json.error?.code])).toEqual([
      [400, 131000],
      [400, 131000],
      [400, 131026],
      [200, undefined],
    ]);
    expect(results[2].json.error.message).toBe("Message undeliverable.");
  });

  it("applies the pair rate limit per recipient when asked", async () => {
    const graph = await start({ pairRateLimit: { perSeconds: 6, burst: 3 } });
    const codes = [];
    for (let i = 0; i < 4; i++) codes.push((await send(graph, template("+16505551234"))).json.error?.code ?? 200);
    codes.push((await send(graph, template("+447700900123"))).json.error?.code ?? 200);
    expect(codes).toEqual([200, 200, 200, 131056, 200]);
  });

  it("posts signed inbound webhooks (Meta-escaped) that open the window", async () => {
    const app = await startApp();
    cleanup.push(app.close);
    const graph = await start({ appWebhookUrl: app.url });
    const body = graph.inboundPayload({ messages: [{ from: "+5511987654321", name: "João ☕", text: "Olá, café?" }] });
    expect(metaJson({ name: "João ☕" })).toBe('{"name":"Jo\\u00e3o \\u2615"}');
    expect(await graph.postInbound(body)).toBe(200);
    expect(app.received[0].messages[0]).toMatchObject({ phoneNumberId: PHONE_ID, profileName: "João ☕", text: "Olá, café?" });
    expect(await graph.postInbound(body, { signature: "sha256=bad" })).toBe(401);
    expect(await graph.postInbound(body, { signature: null })).toBe(401);
    expect((await send(graph, text("+5511987654321"))).status).toBe(200);
  });

  it("posts status callbacks, including failures with errors", async () => {
    const app = await startApp();
    cleanup.push(app.close);
    const graph = await start({ appWebhookUrl: app.url });
    const { json } = await send(graph, template("+16505551234"));
    const wamid = json.messages[0].id;
    expect(await graph.postStatus(wamid, "sent")).toBe(200);
    expect(await graph.postStatus(wamid, "failed", { error: { code: 131026, title: "Message undeliverable" } })).toBe(200);
    expect(plain(app.received.flatMap((r) => r.statuses))).toEqual([
      // The fake prices a template it does not know as marketing, as Meta's status webhooks do.
      {
        phoneNumberId: PHONE_ID,
        wamid,
        status: "sent",
        timestamp: expect.any(Date),
        recipient: "+16505551234",
        error: null,
        pricing: { billable: true, category: "marketing", model: "PMP", type: "regular", country: "US" },
      },
      {
        phoneNumberId: PHONE_ID,
        wamid,
        status: "failed",
        timestamp: expect.any(Date),
        recipient: "+16505551234",
        error: { code: 131026, message: "Message undeliverable" },
        pricing: null,
      },
    ]);
  });

  it("calls back sent, delivered, read after each send, or a chaotic mix of them", async () => {
    const app = await startApp();
    cleanup.push(app.close);
    const orderly = await start({ appWebhookUrl: app.url, autoStatuses: true });
    await send(orderly, template("+16505551234"));
    await orderly.idle();
    expect(app.received.flatMap((r) => r.statuses.map((s) => s.status))).toEqual(["sent", "delivered", "read"]);

    app.received.length = 0;
    const chaotic = await start({ appWebhookUrl: app.url, autoStatuses: true, chaos: true });
    for (let i = 0; i < 5; i++) await send(chaotic, template("+16505551234"));
    await chaotic.idle();
    const statuses = app.received.flatMap((r) => r.statuses);
    expect(new Set(statuses.map((s) => s.wamid)).size).toBe(5);
    expect(statuses.every((s) => ["sent", "delivered", "read"].includes(s.status))).toBe(true);
    expect(chaotic.callbacks.every((c) => c.httpStatus === 200)).toBe(true);
  });
});
