// The template half of the fake Graph API: a WhatsApp Business Account's message templates as Meta
// keeps them (submission with its checks, review, cursor-paged listing, edit, delete) and the
// `message_template_status_update` / `message_template_quality_update` webhooks Meta sends.
import { randomInt } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";

export type FakeTemplateStatus = "APPROVED" | "PENDING" | "REJECTED" | "PAUSED" | "DISABLED";

export type FakeTemplate = {
  id: string;
  wabaId: string;
  name: string;
  language: string;
  category: string;
  status: FakeTemplateStatus;
  rejectedReason: string;
  quality: "GREEN" | "YELLOW" | "RED" | "UNKNOWN";
  // `any`: Meta's component objects, stored as sent.
  components: any[];
  edits: number;
};

export type FakeTemplates = {
  /** Every template, by Meta id. */
  all: Map<string, FakeTemplate>;
  /** Requests the app made to the template endpoints (method and path), for tests to assert on. */
  requests: { method: string; path: string }[];
  /** A template made in Meta's own tools (for the import). */
  seed(t: Partial<FakeTemplate> & { wabaId: string; name: string; language: string; body: string }): FakeTemplate;
  /** Meta's reviewer: sets the status and, when the app's webhook URL is known, posts the status update. */
  review(id: string, status: FakeTemplateStatus, reason?: string): Promise<number | null>;
  /** Meta's quality rating of a template changed: posts the quality update. */
  rate(id: string, quality: FakeTemplate["quality"]): Promise<number | null>;
  /** The portfolio's messaging limit tier (GET /{phone-number-id}?fields=whatsapp_business_manager_messaging_limit). */
  messagingLimit: string;
  /** Whether a template message may be sent (what the send endpoint checks): null when it may, else a Graph error code. */
  sendRefusal(name: string, language: string): number | null;
  /**
   * A send's `template` object checked against the template it names, as Meta checks it: the header's
   * file or text, the body's parameters (named ones by name), and each button's value. Null when it
   * passes or the fake does not know the template.
   */
  sendProblem(template: unknown): { code: number; message?: string } | null;
};

type Reply = (status: number, payload: object) => true;
type PostToApp = ((body: unknown) => Promise<number>) | null;
type GraphError = (code: number, message?: string) => { error: Record<string, unknown> };

const CATEGORIES = ["UTILITY", "MARKETING", "AUTHENTICATION"];

export function fakeTemplates(opts: {
  version: string;
  /** Every version the fake answers on (the paths' first part). */
  versions?: string[];
  businessAccountIds?: string[];
  authorized: (auth: string | undefined) => boolean;
  postToApp: PostToApp;
  graphError: GraphError;
}): FakeTemplates & { serve(req: IncomingMessage, res: ServerResponse, path: string, raw: string): boolean } {
  const all = new Map<string, FakeTemplate>();
  const requests: FakeTemplates["requests"] = [];
  const isAccount = (id: string) => (opts.businessAccountIds ? opts.businessAccountIds.includes(id) : /^9\d+$/.test(id));

  const userError = (message: string, code = 100) => {
    const e = opts.graphError(code, `(#${code}) ${message}`);
    e.error.error_user_msg = message;
    return e;
  };

  function submit(wabaId: string, body: Record<string, unknown>): [number, object] {
    const name = String(body.name ?? "");
    const language = String(body.language ?? "");
    if (!/^[a-z0-9_]{1,512}$/.test(name)) return [400, userError("Invalid parameter: name must be lower-case letters, digits and underscores")];
    if (!language) return [400, userError("The parameter language is required.")];
    if (!CATEGORIES.includes(String(body.category))) return [400, userError("Invalid parameter: category")];
    const components = Array.isArray(body.components) ? body.components : [];
    const main = components.find((c) => c?.type === "BODY");
    if (typeof main?.text !== "string" || !main.text) return [400, userError("Message template BODY component is required")];
    const problem = componentProblem(components, String(body.parameter_format ?? "POSITIONAL"));
    if (problem) return [400, userError(problem.message, problem.code)];
    for (const t of all.values()) {
      if (t.wabaId === wabaId && t.name === name && t.language === language) {
        return [400, userError(`Content in this language already exists for ${name}`, 2388024)];
      }
    }
    // Meta rejects some templates at once (here: a shortened link, a classic reason for INVALID_FORMAT).
    const rejected = /bit\.ly\//.test(main.text);
    const t: FakeTemplate = {
      id: String(randomInt(1e14, 2e14)),
      wabaId,
      name,
      language,
      category: String(body.category),
      status: rejected ? "REJECTED" : "PENDING",
      rejectedReason: rejected ? "INVALID_FORMAT" : "NONE",
      quality: "UNKNOWN",
      components,
      edits: 0,
    };
    all.set(t.id, t);
    return [200, { id: t.id, status: t.status, category: t.category }];
  }

  function list(wabaId: string, search: URLSearchParams): [number, object] {
    const limit = Math.min(Number(search.get("limit") ?? 25) || 25, 100);
    const mine = [...all.values()].filter((t) => t.wabaId === wabaId).sort((a, b) => a.id.localeCompare(b.id));
    const after = search.get("after");
    const start = after ? mine.findIndex((t) => Buffer.from(t.id).toString("base64") === after) + 1 : 0;
    const page = mine.slice(start, start + limit);
    const cursor = (t: FakeTemplate | undefined) => (t ? Buffer.from(t.id).toString("base64") : undefined);
    const more = start + limit < mine.length;
    return [
      200,
      {
        data: page.map((t) => ({
          id: t.id,
          name: t.name,
          language: t.language,
          status: t.status,
          category: t.category,
          components: t.components,
          rejected_reason: t.rejectedReason,
          quality_score: { score: t.quality },
        })),
        paging: {
          cursors: { before: cursor(page[0]), after: cursor(page[page.length - 1]) },
          ...(more ? { next: `http://fake/${opts.version}/${wabaId}/message_templates?after=${cursor(page[page.length - 1])}` } : {}),
        },
      },
    ];
  }

  async function webhook(t: FakeTemplate, field: string, value: object): Promise<number | null> {
    if (!opts.postToApp) return null;
    return opts.postToApp({
      object: "whatsapp_business_account",
      entry: [{ id: t.wabaId, time: Math.floor(Date.now() / 1000), changes: [{ field, value }] }],
    });
  }

  const api: FakeTemplates = {
    all,
    requests,
    messagingLimit: "TIER_1K",
    seed(s) {
      const t: FakeTemplate = {
        id: s.id ?? String(randomInt(1e14, 2e14)),
        wabaId: s.wabaId,
        name: s.name,
        language: s.language,
        category: s.category ?? "UTILITY",
        status: s.status ?? "APPROVED",
        rejectedReason: s.rejectedReason ?? "NONE",
        quality: s.quality ?? "GREEN",
        components: s.components ?? [{ type: "BODY", text: s.body }],
        edits: 0,
      };
      all.set(t.id, t);
      return t;
    },
    async review(id, status, reason) {
      const t = all.get(id);
      if (!t) throw new Error(`fake Graph: no template ${id}`);
      t.status = status;
      t.rejectedReason = status === "REJECTED" ? (reason ?? "INVALID_FORMAT") : "NONE";
      return webhook(t, "message_template_status_update", {
        event: status,
        message_template_id: Number(t.id),
        message_template_name: t.name,
        message_template_language: t.language,
        reason: reason ?? (status === "REJECTED" ? t.rejectedReason : "NONE"),
      });
    },
    async rate(id, quality) {
      const t = all.get(id);
      if (!t) throw new Error(`fake Graph: no template ${id}`);
      const previous = t.quality;
      t.quality = quality;
      return webhook(t, "message_template_quality_update", {
        previous_quality_score: previous,
        new_quality_score: quality,
        message_template_id: Number(t.id),
        message_template_name: t.name,
        message_template_language: t.language,
      });
    },
    sendProblem(raw) {
      const sent = (raw ?? {}) as { name?: unknown; language?: { code?: unknown }; components?: unknown };
      const t = [...all.values()].find((x) => x.name === sent.name && x.language === sent.language?.code);
      if (!t) return null;
      return sendProblem(t, Array.isArray(sent.components) ? sent.components : []);
    },
    sendRefusal(name, language) {
      const t = [...all.values()].find((x) => x.name === name && x.language === language);
      if (!t || t.status === "PENDING" || t.status === "REJECTED") return 132001;
      if (t.status === "PAUSED") return 132015;
      if (t.status === "DISABLED") return 132016;
      return null;
    },
  };

  return Object.assign(api, {
    serve(req: IncomingMessage, res: ServerResponse, path: string, raw: string): boolean {
      const reply: Reply = (status, payload) => {
        res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(payload));
        return true;
      };
      const url = new URL(req.url ?? "/", "http://fake");
      // For browser specs, whose fake runs in another process: play Meta's reviewer over HTTP.
      if (path === "/__control/templates/review" && req.method === "POST") {
        let order: { name?: string; language?: string; status?: FakeTemplateStatus; reason?: string } = {};
        try {
          order = JSON.parse(raw);
        } catch {}
        const t = [...all.values()].find((x) => x.name === order.name && (!order.language || x.language === order.language));
        if (!t || !order.status) return reply(404, { error: "no such template" });
        void api.review(t.id, order.status, order.reason).catch(() => null);
        return reply(200, { id: t.id, status: t.status });
      }
      const prefix = (opts.versions ?? [opts.version]).map((v) => `/${v}/`).find((p) => path.startsWith(p));
      if (!prefix) return false;
      const parts = path.slice(prefix.length).split("/").map(decodeURIComponent);
      const method = req.method ?? "GET";
      let body: Record<string, unknown> = {};
      try {
        body = raw ? JSON.parse(raw) : {};
      } catch {}
      const account = parts.length >= 1 && isAccount(parts[0]);
      const template = parts.length === 1 ? all.get(parts[0]) : undefined;
      const ours = (account && (parts.length === 1 || parts[1] === "message_templates")) || (template && method === "POST");
      if (!ours) return false;
      requests.push({ method, path: url.pathname + url.search });
      if (!opts.authorized(req.headers.authorization)) return reply(401, opts.graphError(190));
      if (template) {
        template.components = Array.isArray(body.components) ? body.components : template.components;
        if (typeof body.category === "string") template.category = body.category;
        template.status = "PENDING";
        template.edits++;
        return reply(200, { success: true });
      }
      const wabaId = parts[0];
      if (parts.length === 1 && method === "GET") return reply(200, { id: wabaId, name: "Fake WhatsApp Business Account" });
      if (method === "POST") {
        const [status, payload] = submit(wabaId, body);
        return reply(status, payload);
      }
      if (method === "GET") {
        const [status, payload] = list(wabaId, url.searchParams);
        return reply(status, payload);
      }
      if (method === "DELETE") {
        const id = url.searchParams.get("hsm_id");
        const found = [...all.values()].find((t) => t.wabaId === wabaId && (id ? t.id === id : t.name === url.searchParams.get("name")));
        if (!found) return reply(404, userError("Message template not found", 100));
        all.delete(found.id);
        return reply(200, { success: true });
      }
      return reply(400, userError(`Unsupported ${method} request`));
    },
  });
}

// Meta's rules for a template's components on submission (WhatsApp Business Management API).
const VARIABLE = /\{\{\s*([A-Za-z0-9_]+)\s*\}\}/g;
const keysOf = (text: string) => [...text.matchAll(VARIABLE)].map((m) => m[1]);
const distinct = (text: string) => {
  const keys = keysOf(text);
  if (keys.every((k) => /^\d+$/.test(k))) return keys.length ? Math.max(...keys.map(Number)) : 0;
  return new Set(keys).size;
};

// `any`: Meta's component objects as the app sent them.
function componentProblem(components: any[], format: string): { code: number; message: string } | null {
  const invalid = (message: string) => ({ code: 100, message: `Invalid parameter: ${message}` });
  const named = format === "NAMED";
  if (format !== "NAMED" && format !== "POSITIONAL") return invalid("parameter_format must be NAMED or POSITIONAL");
  const types = components.map((c) => c?.type);
  if (new Set(types).size !== types.length) return invalid("each component type may appear once");
  for (const c of components) {
    const text = typeof c?.text === "string" ? c.text : "";
    const keys = keysOf(text);
    if (named ? keys.some((k) => !/^[a-z][a-z0-9_]*$/.test(k)) : keys.some((k) => !/^\d+$/.test(k))) {
      return { code: 2388043, message: `Message template variables must match parameter_format ${format}` };
    }
  }
  const body = components.find((c) => c?.type === "BODY");
  const bodyVars = distinct(body.text);
  if (bodyVars > 0) {
    const ok = named
      ? Array.isArray(body.example?.body_text_named_params) && body.example.body_text_named_params.length === bodyVars
      : Array.isArray(body.example?.body_text?.[0]) && body.example.body_text[0].length === bodyVars;
    if (!ok) return { code: 131009, message: "Message template variables require sample values: provide one example per variable" };
  }
  const header = components.find((c) => c?.type === "HEADER");
  if (header) {
    const f = String(header.format ?? "");
    if (f === "TEXT") {
      if (typeof header.text !== "string" || !header.text || header.text.length > 60) return invalid("HEADER text is 1..60 characters");
      const vars = keysOf(header.text).length;
      if (vars > 1) return invalid("HEADER text may contain at most 1 variable");
      const example = named ? header.example?.header_text_named_params?.[0]?.example : header.example?.header_text?.[0];
      if (vars === 1 && typeof example !== "string") return { code: 131009, message: "HEADER variable requires a sample value" };
    } else if (["IMAGE", "VIDEO", "DOCUMENT"].includes(f)) {
      if (typeof header.example?.header_handle?.[0] !== "string") return { code: 131009, message: `HEADER ${f} requires a sample (header_handle)` };
    } else return invalid("HEADER format must be TEXT, IMAGE, VIDEO, DOCUMENT or LOCATION");
  }
  const footer = components.find((c) => c?.type === "FOOTER");
  if (footer) {
    if (typeof footer.text !== "string" || !footer.text || footer.text.length > 60) return invalid("FOOTER text is 1..60 characters");
    if (keysOf(footer.text).length) return invalid("FOOTER may not contain variables");
  }
  const buttons = components.find((c) => c?.type === "BUTTONS")?.buttons;
  if (buttons !== undefined) {
    if (!Array.isArray(buttons) || buttons.length === 0 || buttons.length > 10) return invalid("BUTTONS has 1..10 buttons");
    const count = (type: string) => buttons.filter((b: any) => b?.type === type).length;
    if (count("URL") > 2) return invalid("at most 2 URL buttons");
    if (count("PHONE_NUMBER") > 1) return invalid("at most 1 PHONE_NUMBER button");
    if (count("COPY_CODE") > 1) return invalid("at most 1 COPY_CODE button");
    if (count("FLOW") > 1) return invalid("at most 1 FLOW button");
    const quick = buttons.map((b: any, i: number) => (b?.type === "QUICK_REPLY" ? i : -1)).filter((i: number) => i >= 0);
    if (quick.length && quick[quick.length - 1] - quick[0] !== quick.length - 1) return invalid("QUICK_REPLY buttons must be grouped together");
    for (const b of buttons) {
      if (b?.type === "COPY_CODE") {
        if (typeof b.example !== "string" || !b.example || b.example.length > 15) return invalid("COPY_CODE example is 1..15 characters");
        continue;
      }
      if (typeof b?.text !== "string" || !b.text || b.text.length > 25) return invalid("button text is 1..25 characters");
      if (b.type === "URL") {
        const vars = keysOf(String(b.url ?? ""));
        if (!/^https?:\/\//.test(String(b.url ?? ""))) return invalid("URL button needs an http(s) url");
        if (vars.length > 1 || (vars.length === 1 && !/\{\{\s*1\s*\}\}$/.test(b.url)))
          return invalid("URL button variable {{1}} may only end the url");
        if (vars.length === 1 && typeof b.example?.[0] !== "string") return { code: 131009, message: "URL button variable requires a sample URL" };
      } else if (b.type === "PHONE_NUMBER") {
        if (!/^\+?\d{6,20}$/.test(String(b.phone_number ?? ""))) return invalid("PHONE_NUMBER button needs phone_number");
      } else if (b.type === "FLOW") {
        // Meta's FLOW button: the Flow (flow_id, or flow_name / flow_json), navigate to navigate_screen or data_exchange.
        if (typeof b.flow_id !== "string" && typeof b.flow_name !== "string" && typeof b.flow_json !== "string") {
          return invalid("FLOW button needs flow_id, flow_name or flow_json");
        }
        const action = b.flow_action ?? "navigate";
        if (action !== "navigate" && action !== "data_exchange") return invalid("FLOW button flow_action is navigate or data_exchange");
        if (action === "navigate" && (typeof b.navigate_screen !== "string" || !b.navigate_screen)) {
          return invalid("FLOW button with flow_action navigate needs navigate_screen");
        }
      } else if (b.type !== "QUICK_REPLY") return invalid(`unknown button type ${b.type}`);
    }
  }
  return null;
}

/** A send's components against the template, as Meta checks them (error codes as Meta answers). */
function sendProblem(t: FakeTemplate, sent: any[]): { code: number; message?: string } | null {
  const part = (type: string) => sent.find((c) => String(c?.type).toLowerCase() === type);
  const find = (type: string) => t.components.find((c) => c?.type === type);
  const named = t.components.some((c) => keysOf(String(c?.text ?? "")).some((k) => !/^\d+$/.test(k)));
  const header = find("HEADER");
  const sentHeader = part("header")?.parameters?.[0];
  if (header && header.format !== "TEXT") {
    const kind = String(header.format).toLowerCase();
    const ref = sentHeader?.[kind];
    if (sentHeader?.type !== kind || (!ref?.id && !ref?.link)) return { code: 132012 };
  } else if (header) {
    const vars = keysOf(header.text).length;
    if ((vars === 1) !== (sentHeader?.type === "text" && typeof sentHeader.text === "string")) return { code: 132000 };
  } else if (sentHeader) return { code: 132000 };
  const body = find("BODY");
  const params = part("body")?.parameters ?? [];
  if (params.length !== distinct(body.text)) return { code: 132000 };
  if (named) {
    const names = new Set(keysOf(body.text));
    if (params.some((p: any) => !names.has(p?.parameter_name))) return { code: 132012 };
  } else if (params.some((p: any) => p?.parameter_name !== undefined)) return { code: 132012 };
  if (params.some((p: any) => p?.type !== "text" || typeof p.text !== "string")) return { code: 132012 };
  const buttons: any[] = find("BUTTONS")?.buttons ?? [];
  const sentButtons = sent.filter((c) => String(c?.type).toLowerCase() === "button");
  for (const [i, b] of buttons.entries()) {
    const given = sentButtons.find((c) => String(c.index) === String(i));
    if (b.type === "URL" && keysOf(String(b.url)).length) {
      if (given?.sub_type !== "url" || typeof given.parameters?.[0]?.text !== "string") return { code: 131008 };
    }
    if (b.type === "COPY_CODE") {
      const code = given?.parameters?.[0]?.coupon_code;
      if (given?.sub_type !== "copy_code" || typeof code !== "string" || code.length > 15) return { code: 131008 };
    }
  }
  for (const c of sentButtons) {
    const b = buttons[Number(c.index)];
    const expected = b ? { URL: "url", COPY_CODE: "copy_code", QUICK_REPLY: "quick_reply", FLOW: "flow" }[String(b.type)] : undefined;
    if (!expected || c.sub_type !== expected) return { code: 132012 };
    // A FLOW button's one parameter is an action with the flow_token the answer carries back.
    if (expected === "flow") {
      const p = c.parameters?.[0];
      if (c.parameters?.length !== 1 || p?.type !== "action" || (p.action?.flow_token !== undefined && typeof p.action.flow_token !== "string")) {
        return { code: 132012 };
      }
    }
  }
  return null;
}
