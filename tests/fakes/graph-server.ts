// A fake WhatsApp Graph API on loopback. It enforces the rules the adapter must survive (bearer
// token, the 24-hour window, the pair rate limit, scripted failures) and calls the app back with
// signed status and inbound webhooks, JSON-escaped the way Meta escapes them.
import { randomBytes, randomInt } from "node:crypto";
import { Agent, createServer, type IncomingMessage, request, type ServerResponse } from "node:http";
import busboy from "busboy";
import type { AddressInfo } from "node:net";
import { signWhatsAppBody } from "../../lib/channels/whatsapp/signature";
import { type FakeTemplates, fakeTemplates } from "./graph-templates";

export type FakeGraphOptions = {
  appWebhookUrl?: string;
  appSecret?: string;
  /** phoneNumberId -> token (sends and `GET /{phone-number-id}`). Unset: any bearer token works for any number. */
  accessTokens?: Record<string, string>;
  /** More than `burst` sends to one recipient within `perSeconds` get 131056. Off by default. */
  pairRateLimit?: { perSeconds: number; burst: number };
  /** More than this many accepted sends in any trailing second get 130429, as Meta's throughput limit. */
  throughputPerSecond?: number;
  /** After each accepted send, call back `sent`, `delivered`, `read`. */
  autoStatuses?: boolean;
  /** Answer each send after this many milliseconds, as Meta's servers take (a real send: about 100-400 ms). */
  sendLatencyMs?: number;
  /** With autoStatuses: shuffle, duplicate and sometimes skip `delivered`, as Meta may. */
  chaos?: boolean;
  version?: string;
  displayPhoneNumber?: string;
  /** Listen on this port instead of a free one (the e2e server, which must know the URL before it starts). */
  port?: number;
  now?: () => Date;
  /**
   * WhatsApp Business Account ids this fake knows (template endpoints, `GET /{waba-id}`). Unset: any id
   * starting with 9 is an account.
   */
  businessAccountIds?: string[];
  /** Template sends must name a template Meta approved (graph-templates.ts), as on a real number. Off by default. */
  enforceTemplates?: boolean;
};

type Status = "sent" | "delivered" | "read" | "failed";
// `any`: tests read whatever the adapter sent.
type SentBody = any;
export type SentMessage = { phoneNumberId: string; body: SentBody; wamid: string; at: Date };
export type GraphAttempt = { phoneNumberId: string; body: SentBody; at: Date; httpStatus: number; errorCode: number | null };
export type StatusOptions = {
  error?: { code: number; title?: string; message?: string };
  timestamp?: Date;
  phoneNumberId?: string;
  /** Only needed for a wamid this fake never sent. */
  recipient?: string;
  /**
   * The status's `pricing` object (Meta's shape: billable, pricing_model, type, category). Default on
   * sent and delivered: a template is priced in its template's category, any other message as service,
   * all billable (per-message pricing, which since October 2026 charges service replies too); null omits it.
   */
  pricing?: { billable: boolean; pricing_model?: string; type?: string; category: string } | null;
};

export type FakeMedia = { id: string; bytes: Buffer; mimeType: string; filename?: string; downloads: number };
export type MediaOptions = {
  id?: string;
  mimeType: string;
  filename?: string /** The first download of its URL answers 404, as an expired URL does. */;
  expiredOnce?: boolean;
};

export type FakeGraph = {
  url: string;
  sent: SentMessage[];
  /** Files customers sent (served at GET /{media-id}) and files the app uploaded. */
  media: Map<string, FakeMedia>;
  uploads: FakeMedia[];
  /** Read receipts the app sent (the wamids it marked read). */
  reads: string[];
  /** The message ids marked read with the typing indicator (also listed in `reads`). */
  typing: string[];
  /** A file a customer sends: its media id for the webhook. */
  addMedia(bytes: Buffer, opts: MediaOptions): string;
  /** The next `times` media lookups or downloads answer HTTP 500. */
  failMediaNext(times?: number): void;
  attempts: GraphAttempt[];
  /** The business account's message templates, Meta's review, and its webhooks. */
  templates: FakeTemplates;
  callbacks: { wamid: string; status: Status; httpStatus: number | null }[];
  failNext(code: number, times?: number, message?: string): void;
  /** Sends refused by the throughput limit (not the scripted ones). */
  throttled: GraphAttempt[];
  /** From now on, hold every send request unanswered (a worker killed mid-request never hears back). */
  stall(): void;
  /** Answer new requests again (the held ones stay unanswered). */
  unstall(): void;
  /** Request bodies held by stall(): WhatsApp may or may not have delivered them. */
  stalled: SentBody[];
  /** From now on, keep each send waiting (unanswered) until release(); then it is answered as usual. */
  hold(): void;
  /** Answers the sends held by hold() and stops holding. */
  release(): void;
  /** How many sends hold() keeps waiting now: the sends in flight at once. */
  readonly held: number;
  customerWrote(phone: string, at?: Date): void;
  postStatus(wamid: string, status: Status, opts?: StatusOptions): Promise<number>;
  inboundPayload(opts: InboundOptions): object;
  /** Signs and posts a webhook body (object, or raw string/bytes as-is); also opens the senders' windows. */
  postInbound(body: unknown, opts?: { signature?: string | null }): Promise<number>;
  /** Resolves once every automatic status callback has been posted. */
  idle(): Promise<void>;
  close(): Promise<void>;
};

const DAY_MS = 24 * 60 * 60 * 1000;
const DEFAULT_PHONE_NUMBER_ID = "106540352242922";
const ERROR_TEXT: Record<number, string> = {
  2: "Service temporarily unavailable",
  100: "(#100) Invalid parameter",
  190: "Error validating access token: Session has expired",
  130429: "(#130429) Rate limit hit",
  131000: "Something went wrong",
  131016: "(#131016) Service unavailable",
  131009: "(#131009) Parameter value is not valid",
  131026: "Message undeliverable",
  131030: "(#131030) Recipient phone number not in allowed list",
  131047: "(#131047) Re-engagement message",
  131056: "(#131056) (Business Account, Consumer Account) pair rate limit hit",
  132000: "(#132000) Number of parameters does not match the expected number of params",
  132001: "(#132001) Template name does not exist in the translation",
  131008: "(#131008) Required parameter is missing",
  132012: "(#132012) Parameter format does not match format in the created template",
};

const digits = (phone: unknown) => String(phone ?? "").replace(/\D/g, "");
// A business-scoped user id (BSUID, "US.13491208655302741918"): how WhatsApp names a customer whose
// number it withholds (a username user). Sends to one carry it in `recipient` instead of `to`.
const BSUID = /^[A-Z]{2}(?:\.ENT)?\.[A-Za-z0-9]{1,128}$/;
export const isFakeBsuid = (v: unknown) => typeof v === "string" && BSUID.test(v);
/** The key a customer's window is kept under: a BSUID as is, a phone as its digits. */
const customerKey = (v: unknown) => (isFakeBsuid(v) ? String(v) : digits(v));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export function graphError(code: number, message = ERROR_TEXT[code] ?? `(#${code}) Error`, detail?: string) {
  const details =
    detail ??
    (code === 131047 ? "Message failed to send because more than 24 hours have passed since the customer last replied to this number." : message);
  const fbtrace_id = randomBytes(8).toString("base64url");
  return { error: { message, type: "OAuthException", code, error_data: { messaging_product: "whatsapp", details }, fbtrace_id } };
}

/** The Graph API versions the fake serves: the app's default (v26.0) and the one before it. */
export const GRAPH_VERSIONS = ["v25.0", "v26.0"];

export async function startFakeGraph(opts: FakeGraphOptions = {}): Promise<FakeGraph> {
  // `url` carries this one; requests may name any of GRAPH_VERSIONS.
  const version = opts.version ?? "v26.0";
  const versions = [...new Set([...GRAPH_VERSIONS, version])];
  const anyVersion = `(?:${versions.map((v) => v.replace(/\./g, "\\.")).join("|")})`;
  const now = opts.now ?? (() => new Date());
  const phoneNumberId0 = Object.keys(opts.accessTokens ?? {})[0] ?? DEFAULT_PHONE_NUMBER_ID;
  const displayPhoneNumber = opts.displayPhoneNumber ?? "15550783881";
  const sent: SentMessage[] = [];
  const sentByWamid = new Map<string, SentMessage>();
  // The app's webhook is posted to over node:http with kept-alive connections: at the benchmark's rates
  // (four posts a reply) fetch's own work was a fifth of the load generator's CPU (docs/performance.md).
  const toApp = new Agent({ keepAlive: true, maxSockets: 64 });
  const attempts: GraphAttempt[] = [];
  const callbacks: FakeGraph["callbacks"] = [];
  const failures: { code: number; remaining: number; message?: string }[] = [];
  const lastWrote = new Map<string, number>();
  const pairSends = new Map<string, number[]>();
  const pending = new Set<Promise<void>>();
  const media = new Map<string, FakeMedia>();
  const uploads: FakeMedia[] = [];
  const reads: string[] = [];
  const typing: string[] = [];
  const expiredOnce = new Set<string>();
  let mediaFailures = 0;
  const throttled: GraphAttempt[] = [];
  const acceptedAt: number[] = [];
  const stalled: SentBody[] = [];
  let stalling = false;
  let holding: { waiting: number; released: Promise<void>; release: () => void } | null = null;

  function decide(phoneNumberId: string, auth: string | undefined, body: SentBody, at: Date): [number, object] {
    const token = /^Bearer (.+)$/.exec(auth ?? "")?.[1];
    const expected = opts.accessTokens?.[phoneNumberId];
    if (!token || (opts.accessTokens && expected !== undefined && token !== expected)) return [401, graphError(190)];
    if (opts.accessTokens && expected === undefined) {
      return [400, graphError(100, `Unsupported post request. Object with ID '${phoneNumberId}' does not exist`)];
    }
    if (body?.status === "read") {
      if (!body.message_id || body.messaging_product !== "whatsapp") return [400, graphError(100, "(#100) The parameter message_id is required.")];
      if (body.typing_indicator !== undefined) {
        // Meta's one kind of indicator: { type: "text" }.
        const kind = (body.typing_indicator as { type?: unknown } | null)?.type;
        if (kind !== "text") return [400, graphError(100, "(#100) Param typing_indicator[type] must be one of {TEXT} - got something else.")];
        typing.push(String(body.message_id));
      }
      reads.push(String(body.message_id));
      return [200, { success: true }];
    }
    const failure = failures[0];
    if (failure) {
      if (--failure.remaining <= 0) failures.shift();
      return [400, graphError(failure.code, failure.message)];
    }
    const invalid = invalidReason(body, media);
    if (invalid) return [400, graphError(100, invalid)];
    if (body.type === "template") {
      // Meta checks a send's components against the template it names (header file, variables, buttons).
      const problem = templates.sendProblem(body.template);
      if (problem) return [400, graphError(problem.code, problem.message)];
    }
    // Interactive messages past WhatsApp's limits: 131009 with the limit in error_data.details, as Meta answers.
    const badInteractive = body.type === "interactive" ? interactiveInvalid(body.interactive) : null;
    if (badInteractive) return [400, graphError(131009, undefined, badInteractive)];
    if (body.context !== undefined && (typeof body.context?.message_id !== "string" || !body.context.message_id.startsWith("wamid.")))
      return [400, graphError(100, "(#100) Invalid parameter context['message_id']: a message id (wamid) is required.")];
    if (opts.enforceTemplates && body.type === "template") {
      const refusal = templates.sendRefusal(String(body.template.name), String(body.template.language.code));
      if (refusal) return [400, graphError(refusal)];
    }
    if (opts.throughputPerSecond) {
      while (acceptedAt.length && at.getTime() - acceptedAt[0] >= 1000) acceptedAt.shift();
      if (acceptedAt.length >= opts.throughputPerSecond) {
        throttled.push({ phoneNumberId, body, at, httpStatus: 400, errorCode: 130429 });
        return [400, graphError(130429)];
      }
    }
    // `to` (a phone) wins over `recipient` (a BSUID) when both are given, as Meta documents.
    const to = body.to ? digits(body.to) : String(body.recipient);
    const wrote = lastWrote.get(to);
    if (body.type !== "template" && (wrote === undefined || at.getTime() - wrote > DAY_MS)) return [400, graphError(131047)];
    if (opts.pairRateLimit) {
      const { perSeconds, burst } = opts.pairRateLimit;
      const recent = (pairSends.get(to) ?? []).filter((t) => at.getTime() - t < perSeconds * 1000);
      if (recent.length >= burst) return [400, graphError(131056)];
      pairSends.set(to, [...recent, at.getTime()]);
    }
    const wamid = newWamid();
    if (opts.throughputPerSecond) acceptedAt.push(at.getTime());
    const record = { phoneNumberId, body, wamid, at };
    sent.push(record);
    sentByWamid.set(wamid, record);
    if (opts.autoStatuses) track(autoStatuses(wamid, at));
    const contact = body.to ? { input: body.to, wa_id: to } : { input: body.recipient, user_id: to };
    return [200, { messaging_product: "whatsapp", contacts: [contact], messages: [{ id: wamid }] }];
  }

  // GET /{phone-number-id}: what the app asks before saving a channel. Meta answers a token that cannot
  // see the number as if the number did not exist.
  function describeNumber(id: string, auth: string | undefined): [number, object] {
    const token = /^Bearer (.+)$/.exec(auth ?? "")?.[1];
    if (!token) return [400, graphError(2500, "An active access token must be used to query information about the current user.")];
    if (opts.accessTokens && opts.accessTokens[id] !== token) {
      const known = Object.values(opts.accessTokens).includes(token);
      if (!known) return [401, graphError(190)];
      return [
        400,
        graphError(
          100,
          `Unsupported get request. Object with ID '${id}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`,
        ),
      ];
    }
    return [
      200,
      {
        id,
        display_phone_number: displayPhoneNumber,
        verified_name: "Fake Business",
        quality_rating: "GREEN",
        // Since October 2025 the business portfolio's limit; messaging_limit_tier is deprecated and gone.
        whatsapp_business_manager_messaging_limit: templates.messagingLimit,
      },
    ];
  }

  function authorized(phoneNumberId: string | null, auth: string | undefined): boolean {
    const token = /^Bearer (.+)$/.exec(auth ?? "")?.[1];
    if (!token) return false;
    if (!opts.accessTokens) return true;
    return phoneNumberId ? opts.accessTokens[phoneNumberId] === token : Object.values(opts.accessTokens).includes(token);
  }

  // Media: GET /{version}/{media-id} -> a short-lived URL; GET that URL -> the bytes; POST
  // /{version}/{phone-number-id}/media (multipart) -> an id, refused for types and sizes WhatsApp refuses.
  async function serveMedia(req: IncomingMessage, res: ServerResponse, path: string): Promise<boolean> {
    const send = (status: number, payload: object) => {
      res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(payload));
      return true;
    };
    const bytesMatch = /^\/media-bytes\/([^/]+)$/.exec(path);
    if (req.method === "GET" && bytesMatch) {
      const id = decodeURIComponent(bytesMatch[1]);
      const file = media.get(id);
      if (!authorized(null, req.headers.authorization)) return send(401, graphError(190));
      if (mediaFailures > 0) {
        mediaFailures--;
        return send(500, { error: "boom" });
      }
      if (!file || expiredOnce.delete(id)) {
        res.writeHead(404, { "content-type": "text/plain" }).end("URL expired");
        return true;
      }
      file.downloads++;
      res.writeHead(200, { "content-type": file.mimeType, "content-length": String(file.bytes.length) }).end(file.bytes);
      return true;
    }
    const lookup = new RegExp(`^/${anyVersion}/([^/]+)$`).exec(path);
    // GET /{id} of an id that is no media file is the phone-number lookup (describeNumber), below.
    const file = req.method === "GET" && lookup ? media.get(decodeURIComponent(lookup[1])) : undefined;
    if (lookup && file) {
      const id = file.id;
      if (!authorized(null, req.headers.authorization)) return send(401, graphError(190));
      if (mediaFailures > 0) {
        mediaFailures--;
        return send(500, graphError(131016));
      }
      const url = `http://127.0.0.1:${port}/media-bytes/${encodeURIComponent(id)}`;
      return send(200, { messaging_product: "whatsapp", url, mime_type: file.mimeType, sha256: "x", file_size: file.bytes.length, id });
    }
    const upload = new RegExp(`^/${anyVersion}/([^/]+)/media$`).exec(path);
    if (req.method === "POST" && upload) {
      const phoneNumberId = decodeURIComponent(upload[1]);
      if (!authorized(phoneNumberId, req.headers.authorization)) return send(401, graphError(190));
      const form = await readMultipart(req);
      if (form.fields.messaging_product !== "whatsapp" || !form.file) return send(400, graphError(100, "(#100) The parameter file is required."));
      const type = String(form.fields.type ?? form.file.mimeType).split(";")[0];
      const limit = UPLOAD_LIMITS.find((l) => l.types.includes(type));
      if (!limit) return send(400, graphError(131053, `(#131053) Media upload error: unsupported file type ${type}`));
      if (form.file.bytes.length > limit.maxBytes) return send(400, graphError(131053, "(#131053) Media upload error: file too large"));
      const id = String(randomInt(1e14, 2e14));
      const file = { id, bytes: form.file.bytes, mimeType: type, filename: form.file.filename, downloads: 0 };
      media.set(id, file);
      uploads.push(file);
      return send(200, { id });
    }
    return false;
  }

  const templates = fakeTemplates({
    version,
    versions,
    businessAccountIds: opts.businessAccountIds,
    authorized: (auth) => authorized(null, auth),
    postToApp: opts.appWebhookUrl ? (body) => postToApp(body) : null,
    graphError,
  });

  const server = createServer(async (req, res) => {
    const path = new URL(req.url ?? "/", "http://fake").pathname;
    if (await serveMedia(req, res, path)) return;
    const match = /^\/([^/]+)\/([^/]+)\/messages\/?$/.exec(path);
    const phoneNumberId = match ? decodeURIComponent(match[2]) : "";
    const raw = await readBody(req).catch(() => "");
    let body: SentBody = null;
    try {
      body = JSON.parse(raw);
    } catch {}
    const at = now();
    if (stalling && req.method === "POST" && match) {
      stalled.push(body);
      return;
    }
    if (templates.serve(req, res, path, raw)) return;
    const lookup = req.method === "GET" ? new RegExp(`^/${anyVersion}/([^/]+)/?$`).exec(path) : null;
    if (lookup) {
      const [status, payload] = describeNumber(decodeURIComponent(lookup[1]), req.headers.authorization);
      res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(payload));
      return;
    }
    if (opts.sendLatencyMs && req.method === "POST" && match) await sleep(opts.sendLatencyMs);
    if (holding && req.method === "POST" && match) {
      const gate = holding;
      gate.waiting++;
      await gate.released;
    }
    const [status, payload] =
      req.method === "POST" && versions.includes(match?.[1] ?? "")
        ? decide(phoneNumberId, req.headers.authorization, body, at)
        : [404, graphError(100, `Unknown path components: ${path}`)];
    const errorCode = "error" in payload ? (payload as ReturnType<typeof graphError>).error.code : null;
    attempts.push({ phoneNumberId, body, at, httpStatus: status, errorCode });
    res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(payload));
  });
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  function track(job: Promise<void>) {
    pending.add(job);
    void job.finally(() => pending.delete(job));
  }

  async function autoStatuses(wamid: string, at: Date) {
    const order: Status[] = ["sent", "delivered", "read"];
    let arrivals = [...order];
    if (opts.chaos) {
      if (Math.random() < 0.3) arrivals = arrivals.filter((s) => s !== "delivered");
      if (Math.random() < 0.5) arrivals.push(arrivals[Math.floor(Math.random() * arrivals.length)]);
      arrivals.sort(() => Math.random() - 0.5);
    }
    for (const status of arrivals) {
      await sleep(opts.chaos ? Math.random() * 10 : 2);
      // Timestamps keep the true order even when arrivals do not.
      const timestamp = new Date(at.getTime() + (order.indexOf(status) + 1) * 1000);
      await postStatus(wamid, status, { timestamp }).catch(() => callbacks.push({ wamid, status, httpStatus: null }));
    }
  }

  async function postToApp(body: unknown, signature?: string | null): Promise<number> {
    if (!opts.appWebhookUrl) throw new Error("startFakeGraph: appWebhookUrl is not set");
    const raw = Buffer.from(typeof body === "string" || Buffer.isBuffer(body) ? body : metaJson(body));
    const headers: Record<string, string> = { "content-type": "application/json" };
    if (signature === undefined && opts.appSecret === undefined) throw new Error("startFakeGraph: appSecret is not set");
    const sig = signature === undefined ? signWhatsAppBody(raw, opts.appSecret ?? "") : signature;
    if (sig !== null) headers["x-hub-signature-256"] = sig;
    headers["content-length"] = String(raw.byteLength);
    const url = new URL(opts.appWebhookUrl);
    const post = (retried: boolean) =>
      new Promise<number>((resolve, reject) => {
        const req = request({ host: url.hostname, port: url.port, path: url.pathname + url.search, method: "POST", headers, agent: toApp }, (res) => {
          res.resume();
          res.on("end", () => resolve(res.statusCode ?? 0));
          res.on("error", reject);
        });
        // A kept-alive connection the app closed as it was reused: sent again once on a new one (Node's advice).
        req.on("error", (err: NodeJS.ErrnoException) =>
          !retried && req.reusedSocket && err.code === "ECONNRESET" ? post(true).then(resolve, reject) : reject(err),
        );
        req.end(raw);
      });
    return post(false);
  }

  // What Meta would price a sent message as: a template in its category, anything else as service.
  function defaultPricing(body: SentBody["body"] | undefined): { billable: boolean; category: string } {
    const template = body?.type === "template" ? (body as { template?: { name?: string } }).template : undefined;
    if (!template) return { billable: true, category: "service" };
    const known = [...templates.all.values()].find((t) => t.name === template.name);
    return { billable: true, category: (known?.category ?? "MARKETING").toLowerCase() };
  }

  async function postStatus(wamid: string, status: Status, o: StatusOptions = {}): Promise<number> {
    const known = sentByWamid.get(wamid);
    const entry: Record<string, unknown> = {
      id: wamid,
      status,
      timestamp: String(Math.floor((o.timestamp ?? now()).getTime() / 1000)),
    };
    // A message sent to a BSUID (or a status for one) names its recipient by recipient_user_id.
    const recipient = o.recipient ?? known?.body?.to ?? known?.body?.recipient ?? "16505551234";
    if (isFakeBsuid(recipient)) entry.recipient_user_id = recipient;
    else entry.recipient_id = digits(recipient);
    if (status === "sent" || status === "delivered") {
      entry.conversation = { id: randomBytes(16).toString("hex"), origin: { type: "service" } };
      const pricing = o.pricing === undefined ? defaultPricing(known?.body) : o.pricing;
      if (pricing) entry.pricing = { pricing_model: "PMP", type: pricing.billable ? "regular" : "free_customer_service", ...pricing };
    }
    if (o.error || status === "failed") {
      const { code, title, message } = o.error ?? { code: 131026 };
      const text = message ?? title ?? ERROR_TEXT[code] ?? "Error";
      entry.errors = [{ code, title: title ?? text, message: text, error_data: { details: text } }];
    }
    const phoneNumberId = o.phoneNumberId ?? known?.phoneNumberId ?? phoneNumberId0;
    const body = metaEnvelope([{ phoneNumberId, displayPhoneNumber, value: { statuses: [entry] } }]);
    const httpStatus = await postToApp(body);
    callbacks.push({ wamid, status, httpStatus });
    return httpStatus;
  }

  const fake: FakeGraph = {
    url: `http://127.0.0.1:${port}/${version}`,
    templates,
    sent,
    media,
    uploads,
    reads,
    typing,
    addMedia(bytes, o) {
      const id = o.id ?? String(randomInt(1e14, 2e14));
      media.set(id, { id, bytes, mimeType: o.mimeType, filename: o.filename, downloads: 0 });
      if (o.expiredOnce) expiredOnce.add(id);
      return id;
    },
    failMediaNext(times = 1) {
      mediaFailures += times;
    },
    attempts,
    callbacks,
    throttled,
    stalled,
    stall() {
      stalling = true;
    },
    hold() {
      let release = () => {};
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      holding ??= { waiting: 0, released, release };
    },
    release() {
      holding?.release();
      holding = null;
    },
    get held() {
      return holding?.waiting ?? 0;
    },
    unstall() {
      stalling = false;
    },
    failNext(code, times = 1, message) {
      if (times > 0) failures.push({ code, remaining: times, message });
    },
    customerWrote(phone, at = now()) {
      const key = customerKey(phone);
      lastWrote.set(key, Math.max(lastWrote.get(key) ?? 0, at.getTime()));
    },
    postStatus,
    inboundPayload: (o) => inboundPayload({ phoneNumberId: phoneNumberId0, displayPhoneNumber, now, ...o }),
    async postInbound(body, o = {}) {
      for (const m of inboundSenders(body)) fake.customerWrote(m.from, m.at);
      return postToApp(body, o.signature);
    },
    async idle() {
      while (pending.size) await Promise.allSettled([...pending]);
    },
    async close() {
      await fake.idle();
      toApp.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return fake;
}

const MB = 1024 * 1024;
const UPLOAD_LIMITS = [
  { types: ["image/jpeg", "image/png"], maxBytes: 5 * MB },
  { types: ["image/webp"], maxBytes: 500 * 1024 },
  { types: ["audio/aac", "audio/amr", "audio/mpeg", "audio/mp4", "audio/ogg"], maxBytes: 16 * MB },
  { types: ["video/mp4", "video/3gpp"], maxBytes: 16 * MB },
  {
    types: [
      "text/plain",
      "text/csv",
      "application/pdf",
      "application/msword",
      "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
      "application/vnd.ms-excel",
      "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      "application/vnd.ms-powerpoint",
      "application/vnd.openxmlformats-officedocument.presentationml.presentation",
    ],
    maxBytes: 100 * MB,
  },
];
const MEDIA_MESSAGE_TYPES = ["image", "audio", "video", "document", "sticker"];

function readMultipart(
  req: IncomingMessage,
): Promise<{ fields: Record<string, string>; file: { bytes: Buffer; mimeType: string; filename: string } | null }> {
  return new Promise((resolve, reject) => {
    const fields: Record<string, string> = {};
    let file: { bytes: Buffer; mimeType: string; filename: string } | null = null;
    const parser = busboy({ headers: req.headers });
    parser.on("field", (name, value) => {
      fields[name] = value;
    });
    parser.on("file", (_name, stream, info) => {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        file = { bytes: Buffer.concat(chunks), mimeType: info.mimeType, filename: info.filename ?? "file" };
      });
    });
    parser.on("close", () => resolve({ fields, file }));
    parser.on("error", reject);
    req.pipe(parser);
  });
}

function invalidReason(body: SentBody, media?: Map<string, FakeMedia>): string | null {
  if (!body || typeof body !== "object") return "(#100) The request body must be JSON";
  if (body.messaging_product !== "whatsapp") return "(#100) The parameter messaging_product is required.";
  if (!digits(body.to) && !isFakeBsuid(body.recipient)) return "(#100) The parameter to is required.";
  if (body.type === "text" && !body.text?.body) return "(#100) The parameter text['body'] is required.";
  if (body.type === "template" && (!body.template?.name || !body.template?.language?.code)) {
    return "(#100) The parameter template['name'] and template['language']['code'] are required.";
  }
  if (body.type === "interactive" && !body.interactive?.body?.text) return "(#100) The parameter interactive['body']['text'] is required.";
  if (MEDIA_MESSAGE_TYPES.includes(body.type)) {
    const ref = body[body.type];
    if (!ref?.id && !ref?.link) return `(#100) The parameter ${body.type}['id'] or ${body.type}['link'] is required.`;
    if (ref.id && media && !media.has(String(ref.id))) return `(#100) Invalid media id ${ref.id}.`;
    if (body.type === "audio" && ref.caption) return "(#100) audio messages take no caption.";
  }
  return null;
}

/**
 * What Meta refuses in an interactive object (Cloud API "Interactive messages": reply buttons, lists,
 * CTA URL buttons, location requests): the details text of its 131009 error, or null when it is valid.
 */
export function interactiveInvalid(raw: unknown): string | null {
  // `any`: walking the loosely shaped body the app posted.
  const i = raw as any;
  const len = (v: unknown) => (typeof v === "string" ? [...v].length : -1);
  const within = (v: unknown, max: number, what: string) =>
    len(v) < 1 ? `${what} is required.` : len(v) > max ? `${what} is too long. Max length is ${max}.` : null;
  if (!i || typeof i !== "object") return "interactive is required.";
  const bodyErr = within(i.body?.text, 1024, "Body text");
  if (i.type === "location_request_message") {
    if (bodyErr) return bodyErr;
    return i.action?.name === "send_location" ? null : "action.name must be send_location.";
  }
  if (bodyErr) return bodyErr;
  if (i.header !== undefined) {
    if (i.header?.type !== "text") return "Only a text header is supported here.";
    const e = within(i.header.text, 60, "Header text");
    if (e) return e;
  }
  if (i.footer !== undefined) {
    const e = within(i.footer?.text, 60, "Footer text");
    if (e) return e;
  }
  if (i.type === "button") {
    const buttons = Array.isArray(i.action?.buttons) ? i.action.buttons : [];
    if (buttons.length < 1 || buttons.length > 3) return "Buttons count is invalid. Min 1, max 3.";
    const ids = new Set<string>();
    const titles = new Set<string>();
    for (const b of buttons) {
      if (b?.type !== "reply") return "Button type must be reply.";
      const e = within(b.reply?.title, 20, "Button title") ?? within(b.reply?.id, 256, "Button id");
      if (e) return e;
      if (ids.has(b.reply.id)) return "Button id is duplicated.";
      if (titles.has(b.reply.title)) return "Button title is duplicated.";
      ids.add(b.reply.id);
      titles.add(b.reply.title);
    }
    return null;
  }
  if (i.type === "list") {
    const e = within(i.action?.button, 20, "Button label");
    if (e) return e;
    const sections = Array.isArray(i.action?.sections) ? i.action.sections : [];
    if (sections.length < 1 || sections.length > 10) return "Sections count is invalid. Min 1, max 10.";
    const ids = new Set<string>();
    let rows = 0;
    for (const s of sections) {
      if (sections.length > 1 || s?.title !== undefined) {
        const t = within(s?.title, 24, "Section title");
        if (t) return t;
      }
      for (const r of Array.isArray(s?.rows) ? s.rows : []) {
        rows++;
        const re = within(r?.title, 24, "Row title") ?? within(r?.id, 200, "Row id");
        if (re) return re;
        if (r.description !== undefined && len(r.description) > 72) return "Row description is too long. Max length is 72.";
        if (ids.has(r.id)) return "Row id is duplicated.";
        ids.add(r.id);
      }
    }
    if (rows < 1 || rows > 10) return "Total row count is invalid. Min 1, max 10.";
    return null;
  }
  if (i.type === "flow") {
    // Meta's "Sending a Flow": action.name flow, flow_message_version "3", the Flow's id, a CTA of at
    // most 20 characters without emoji, navigate (with a screen when a payload is given) or data_exchange.
    if (i.action?.name !== "flow") return "action.name must be flow.";
    const p = i.action.parameters;
    if (!p || typeof p !== "object") return "action.parameters is required.";
    if (p.flow_message_version !== "3") return "flow_message_version must be 3.";
    if ((typeof p.flow_id !== "string" || !p.flow_id) && (typeof p.flow_name !== "string" || !p.flow_name)) return "flow_id is required.";
    const cta = within(p.flow_cta, 20, "Flow CTA");
    if (cta) return cta;
    if (/\p{Extended_Pictographic}/u.test(p.flow_cta)) return "Flow CTA may not contain emoji.";
    if (p.flow_token !== undefined && (typeof p.flow_token !== "string" || !p.flow_token)) return "flow_token must be a non-empty string.";
    const action = p.flow_action ?? "navigate";
    if (action !== "navigate" && action !== "data_exchange") return "flow_action must be navigate or data_exchange.";
    const payload = p.flow_action_payload;
    if (action === "data_exchange" && payload !== undefined) return "flow_action_payload is only for navigate.";
    if (payload !== undefined) {
      if (typeof payload?.screen !== "string" || !payload.screen) return "flow_action_payload.screen is required.";
      if (payload.data !== undefined && (typeof payload.data !== "object" || !Object.keys(payload.data ?? {}).length)) {
        return "flow_action_payload.data must be a non-empty object.";
      }
    }
    return null;
  }
  if (i.type === "cta_url") {
    if (i.action?.name !== "cta_url") return "action.name must be cta_url.";
    const e = within(i.action.parameters?.display_text, 20, "Display text");
    if (e) return e;
    const url = i.action.parameters?.url;
    return typeof url === "string" && /^https?:\/\//.test(url) ? null : "url must be an http(s) URL.";
  }
  return `Interactive type ${String(i.type)} is not supported.`;
}

/** Who wrote, and when, in a webhook body: Meta knows this, so posting inbound opens the window. */
function inboundSenders(body: unknown): { from: string; at: Date }[] {
  let parsed = body;
  if (typeof body === "string" || Buffer.isBuffer(body)) {
    try {
      parsed = JSON.parse(body.toString());
    } catch {
      return [];
    }
  }
  // `any`: walking a loosely shaped test payload.
  const entries: unknown = (parsed as any)?.entry;
  if (!Array.isArray(entries)) return [];
  const messages = entries.flatMap((e) => [e?.changes ?? []].flat().flatMap((c) => [c?.value?.messages ?? []].flat()));
  // Either identifier opens the window for later sends by it: the phone (`from`) and the BSUID (`from_user_id`).
  return messages.flatMap((m) =>
    [m?.from, m?.from_user_id].filter(Boolean).map((from) => ({ from: String(from), at: new Date(Number(m.timestamp) * 1000) })),
  );
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

// ---- Webhook bodies, shaped like Meta's ----

/**
 * `from`: the customer's phone or, for a customer WhatsApp names without a number, their BSUID (the
 * message then has `from_user_id` and no phone; `bsuidInFrom` puts the BSUID in `from` as well).
 * `userId` is the BSUID sent beside a phone; `username` goes in the contact's profile.
 */
export type InboundSpec = {
  from: string;
  name?: string;
  id?: string;
  timestamp?: Date;
  phoneNumberId?: string;
  userId?: string;
  username?: string;
  bsuidInFrom?: boolean;
  /** The wamid of the message this one replies to (Meta's `context.id`: a quoted reply, or the interactive message answered). */
  context?: string;
} & (
  | { type?: "text"; text: string }
  | { type: "interactive"; kind?: "button_reply" | "list_reply"; replyId: string; title: string; description?: string }
  /** A WhatsApp Flow's answer (`interactive.nfm_reply`): `response` becomes `response_json` with `flow_token`. */
  | { type: "flow_reply"; token?: string; response: Record<string, unknown>; body?: string }
  | { type: "button"; payload: string; text: string }
  | {
      type: "order";
      catalogId?: string;
      text?: string;
      items: { productRetailerId: string; quantity: number; itemPrice: number; currency: string }[];
    }
  | {
      type: "image" | "audio" | "video" | "document" | "sticker";
      mediaId?: string;
      mimeType?: string;
      caption?: string;
      filename?: string;
      voice?: boolean;
    }
  | { type: "location"; latitude: number; longitude: number; name?: string; address?: string }
  | { type: "reaction"; messageId: string; emoji: string }
);

export type InboundOptions = {
  messages: InboundSpec[];
  phoneNumberId?: string;
  displayPhoneNumber?: string;
  /** One entry per message instead of one per phone number, as Meta sometimes batches. */
  entryPerMessage?: boolean;
  now?: () => Date;
  /**
   * WhatsApp Business Account ids this fake knows (template endpoints, `GET /{waba-id}`). Unset: any id
   * starting with 9 is an account.
   */
  businessAccountIds?: string[];
  /** Template sends must name a template Meta approved (graph-templates.ts), as on a real number. Off by default. */
  enforceTemplates?: boolean;
};

export const newWamid = () => `wamid.${randomBytes(24).toString("base64url")}`;

/** Meta escapes non-ASCII as \uXXXX, so an app that re-serialises the JSON fails the signature check. */
export const metaJson = (value: unknown) =>
  JSON.stringify(value).replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);

type ChangeSpec = { phoneNumberId: string; displayPhoneNumber: string; value: Record<string, unknown> };

export function metaEnvelope(changes: ChangeSpec[]) {
  return {
    object: "whatsapp_business_account",
    entry: changes.map((c) => ({
      id: "102290129340398",
      changes: [
        {
          field: "messages",
          value: {
            messaging_product: "whatsapp",
            metadata: { display_phone_number: c.displayPhoneNumber, phone_number_id: c.phoneNumberId },
            ...c.value,
          },
        },
      ],
    })),
  };
}

export function inboundPayload(opts: InboundOptions) {
  const now = opts.now ?? (() => new Date());
  const displayPhoneNumber = opts.displayPhoneNumber ?? "15550783881";
  const groups = new Map<string, InboundSpec[]>();
  opts.messages.forEach((m, i) => {
    const phoneNumberId = m.phoneNumberId ?? opts.phoneNumberId ?? DEFAULT_PHONE_NUMBER_ID;
    const key = opts.entryPerMessage ? `${phoneNumberId}#${i}` : phoneNumberId;
    groups.set(key, [...(groups.get(key) ?? []), m]);
  });
  const changes = [...groups].map(([key, specs]) => {
    const contacts = new Map<string, unknown>();
    for (const s of specs) {
      const bsuid = isFakeBsuid(s.from) ? s.from : s.userId;
      if (s.name === undefined && !bsuid && !s.username) continue;
      const profile = { ...(s.name !== undefined && { name: s.name }), ...(s.username !== undefined && { username: s.username }) };
      const key = bsuid ?? digits(s.from);
      contacts.set(key, { profile, ...(!isFakeBsuid(s.from) && { wa_id: digits(s.from) }), ...(bsuid && { user_id: bsuid }) });
    }
    const messages = specs.map((s) => inboundMessage(s, now()));
    const value = contacts.size ? { contacts: [...contacts.values()], messages } : { messages };
    return { phoneNumberId: key.split("#")[0], displayPhoneNumber, value };
  });
  return metaEnvelope(changes);
}

const DEFAULT_MIME = { image: "image/jpeg", audio: "audio/ogg; codecs=opus", video: "video/mp4", document: "application/pdf", sticker: "image/webp" };

function inboundMessage(spec: InboundSpec, now: Date): Record<string, unknown> {
  const bsuid = isFakeBsuid(spec.from) ? spec.from : spec.userId;
  const sender = isFakeBsuid(spec.from) ? (spec.bsuidInFrom ? { from: spec.from } : {}) : { from: digits(spec.from) };
  const base = {
    ...sender,
    ...(bsuid && { from_user_id: bsuid }),
    id: spec.id ?? newWamid(),
    timestamp: String(Math.floor((spec.timestamp ?? now).getTime() / 1000)),
    ...(spec.context && { context: { from: "15550783881", id: spec.context } }),
  };
  switch (spec.type) {
    case "interactive": {
      const kind = spec.kind ?? "button_reply";
      const reply = { id: spec.replyId, title: spec.title, ...(spec.description !== undefined && { description: spec.description }) };
      return { ...base, type: "interactive", interactive: { type: kind, [kind]: reply } };
    }
    case "flow_reply": {
      const response = { ...(spec.token !== undefined && { flow_token: spec.token }), ...spec.response };
      const nfm_reply = { name: "flow", body: spec.body ?? "Sent", response_json: JSON.stringify(response) };
      return { ...base, type: "interactive", interactive: { type: "nfm_reply", nfm_reply } };
    }
    case "button":
      return { ...base, type: "button", button: { payload: spec.payload, text: spec.text } };
    case "order": {
      const product_items = spec.items.map((i) => ({
        product_retailer_id: i.productRetailerId,
        quantity: i.quantity,
        item_price: i.itemPrice,
        currency: i.currency,
      }));
      return { ...base, type: "order", order: { catalog_id: spec.catalogId ?? "1544894739533456", text: spec.text, product_items } };
    }
    case "image":
    case "audio":
    case "video":
    case "document":
    case "sticker": {
      const file = {
        id: spec.mediaId ?? "1479537139650973",
        mime_type: spec.mimeType ?? DEFAULT_MIME[spec.type],
        sha256: randomBytes(32).toString("base64"),
        ...(spec.caption !== undefined && { caption: spec.caption }),
        ...(spec.filename !== undefined && { filename: spec.filename }),
        ...(spec.voice !== undefined && { voice: spec.voice }),
      };
      return { ...base, type: spec.type, [spec.type]: file };
    }
    case "location":
      return { ...base, type: "location", location: { latitude: spec.latitude, longitude: spec.longitude, name: spec.name, address: spec.address } };
    case "reaction":
      return { ...base, type: "reaction", reaction: { message_id: spec.messageId, emoji: spec.emoji } };
    default:
      return { ...base, type: "text", text: { body: spec.text } };
  }
}
