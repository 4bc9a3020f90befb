// A fake of the part of Stripe's API that Checkout uses, on loopback: sessions created form-encoded as
// Stripe's API takes them (with the secret key as bearer and Idempotency-Key honoured), read and
// expired; a checkout page whose "Pay" button completes the session; and webhooks signed with Stripe's
// scheme (`Stripe-Signature: t=<unix>,v1=<hex HMAC-SHA256 of "<t>.<body>">`, keyed with the whole
// whsec_ secret) posted to the app. Point the SDK at it with STRIPE_API_URL.
import { createHmac, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export type FakeSession = {
  id: string;
  object: "checkout.session";
  url: string;
  status: "open" | "complete" | "expired";
  payment_status: "unpaid" | "paid";
  mode: string;
  currency: string;
  amount_total: number;
  line_items: { name: string; quantity: number; unit_amount: number }[];
  metadata: Record<string, string>;
  client_reference_id: string | null;
  success_url: string;
  cancel_url: string;
  expires_at: number;
  /** The secret key that created it (its account). */
  account: string;
};

export type FakeStripeOptions = {
  /** Secret key -> webhook signing secret and the app's webhook URL for that account. */
  accounts?: Record<string, { webhookSecret: string; webhookUrl: string }>;
  port?: number;
  /** The browser specs: POST /__accounts {secretKey, webhookSecret, webhookUrl} adds an account. */
  control?: boolean;
  /** Stripe's clock (ms): the real one unless the app's is pinned (a corpus at its own `now`), which it must match. */
  now?: () => number;
};

export type FakeStripe = {
  url: string;
  sessions: Map<string, FakeSession>;
  /** Every API request: method, path and the bearer key. */
  requests: { method: string; path: string; key: string | null }[];
  /** Adds (or replaces) an account the fake accepts. */
  addAccount(secretKey: string, webhookSecret: string, webhookUrl: string): void;
  /** The customer pays: the session completes and checkout.session.completed is posted. Answers the app's status. */
  pay(sessionId: string): Promise<number>;
  /** Stripe expires the session and posts checkout.session.expired. */
  expire(sessionId: string): Promise<number>;
  /** Posts an event for a session, signed with `secret` (default: its account's), exactly as Stripe would. */
  postEvent(
    type: string,
    sessionId: string,
    opts?: { secret?: string; url?: string; eventId?: string; signature?: string },
  ): Promise<{ status: number; body: string; eventBody: string; signature: string }>;
  /** Posts a raw body with a header as given (replays, tampering). */
  post(url: string, body: string, signature: string): Promise<{ status: number; body: string }>;
  close(): Promise<void>;
};

/** Stripe's signature header for a body. */
export function stripeSignature(body: string, secret: string, at = Math.floor(Date.now() / 1000)): string {
  return `t=${at},v1=${createHmac("sha256", secret).update(`${at}.${body}`, "utf8").digest("hex")}`;
}

/** `line_items[0][price_data][currency]=eur` and friends, into nested objects and arrays. */
function parseForm(body: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.replace(/\]/g, "").split("[");
    let node: Record<string, unknown> = out;
    path.forEach((part, i) => {
      if (i === path.length - 1) node[part] = value;
      else {
        node[part] ??= {};
        node = node[part] as Record<string, unknown>;
      }
    });
  }
  return out;
}

const list = (v: unknown): Record<string, unknown>[] => (v && typeof v === "object" ? (Object.values(v) as Record<string, unknown>[]) : []);

function stripeError(res: ServerResponse, status: number, message: string, type = "invalid_request_error") {
  res.writeHead(status, { "Content-Type": "application/json" });
  res.end(JSON.stringify({ error: { type, message } }));
}

export async function startFakeStripe(opts: FakeStripeOptions = {}): Promise<FakeStripe> {
  const accounts = new Map(Object.entries(opts.accounts ?? {}));
  const sessions = new Map<string, FakeSession>();
  const byIdempotency = new Map<string, string>();
  const requests: FakeStripe["requests"] = [];
  let base = "";

  const readBody = (req: IncomingMessage) =>
    new Promise<string>((resolve) => {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    });

  function createSession(key: string, form: Record<string, unknown>): FakeSession | string {
    const items = list(form.line_items).map((l) => {
      const price = (l.price_data ?? {}) as Record<string, unknown>;
      const product = (price.product_data ?? {}) as Record<string, unknown>;
      return {
        name: String(product.name ?? ""),
        quantity: Number(l.quantity),
        unit_amount: Number(price.unit_amount),
        currency: String(price.currency ?? ""),
      };
    });
    if (form.mode !== "payment") return "mode must be payment";
    if (!items.length) return "line_items is required";
    if (items.some((i) => !i.name || !Number.isInteger(i.quantity) || i.quantity < 1 || !Number.isInteger(i.unit_amount) || i.unit_amount < 0))
      return "invalid line item";
    if (!form.success_url || !form.cancel_url) return "success_url and cancel_url are required";
    const expiresAt = Number(form.expires_at);
    const nowS = Math.floor((opts.now ?? Date.now)() / 1000);
    // Stripe's window: 30 minutes to 24 hours from now.
    if (!Number.isInteger(expiresAt) || expiresAt < nowS + 30 * 60 - 60 || expiresAt > nowS + 24 * 3600 + 60)
      return "expires_at must be 30 minutes to 24 hours away";
    const id = `cs_test_${randomBytes(12).toString("hex")}`;
    const session: FakeSession = {
      id,
      object: "checkout.session",
      url: `${base}/pay/${id}`,
      status: "open",
      payment_status: "unpaid",
      mode: "payment",
      currency: items[0].currency,
      amount_total: items.reduce((s, i) => s + i.quantity * i.unit_amount, 0),
      line_items: items.map(({ name, quantity, unit_amount }) => ({ name, quantity, unit_amount })),
      metadata: (form.metadata ?? {}) as Record<string, string>,
      client_reference_id: (form.client_reference_id as string) ?? null,
      success_url: String(form.success_url),
      cancel_url: String(form.cancel_url),
      expires_at: expiresAt,
      account: key,
    };
    sessions.set(id, session);
    return session;
  }

  const publicSession = ({ account: _account, line_items: _items, ...s }: FakeSession) => s;

  async function postEvent(type: string, sessionId: string, o: { secret?: string; url?: string; eventId?: string; signature?: string } = {}) {
    const session = sessions.get(sessionId);
    if (!session) throw new Error(`no session ${sessionId}`);
    const account = accounts.get(session.account);
    const url = o.url ?? account?.webhookUrl;
    const secret = o.secret ?? account?.webhookSecret;
    if (!url || !secret) throw new Error("the session's account has no webhook endpoint");
    const eventBody = JSON.stringify({
      id: o.eventId ?? `evt_${randomBytes(12).toString("hex")}`,
      object: "event",
      api_version: "2025-11-17.clover",
      created: Math.floor(Date.now() / 1000),
      type,
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      data: { object: publicSession(session) },
    });
    const signature = o.signature ?? stripeSignature(eventBody, secret);
    const answer = await post(url, eventBody, signature);
    return { ...answer, eventBody, signature };
  }

  async function post(url: string, body: string, signature: string) {
    const res = await fetch(url, { method: "POST", headers: { "Content-Type": "application/json", "Stripe-Signature": signature }, body });
    return { status: res.status, body: await res.text() };
  }

  async function pay(sessionId: string) {
    const session = sessions.get(sessionId);
    if (session?.status !== "open") throw new Error(`session ${sessionId} is not open`);
    session.status = "complete";
    session.payment_status = "paid";
    return (await postEvent("checkout.session.completed", sessionId)).status;
  }

  async function expire(sessionId: string) {
    const session = sessions.get(sessionId);
    if (session?.status !== "open") throw new Error(`session ${sessionId} is not open`);
    session.status = "expired";
    return (await postEvent("checkout.session.expired", sessionId)).status;
  }

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://fake");
    const body = await readBody(req);
    // The checkout page a customer opens (e2e): a button that pays.
    const page = /^\/pay\/(cs_test_[a-f0-9]+)$/.exec(url.pathname);
    if (page) {
      const session = sessions.get(page[1]);
      if (!session) return stripeError(res, 404, "No such checkout session");
      if (req.method === "POST" && session.status === "open") {
        const status = await pay(session.id);
        res.writeHead(200, { "Content-Type": "text/html" });
        return res.end(`<!doctype html><title>Paid</title><h1>Payment complete</h1><p>webhook answered ${status}</p>`);
      }
      const total = (session.amount_total / 100).toFixed(2);
      res.writeHead(200, { "Content-Type": "text/html" });
      return res.end(
        `<!doctype html><title>Fake Checkout</title><h1>Pay ${total} ${session.currency.toUpperCase()}</h1><p>Status: ${session.status}</p>` +
          `<form method="post"><button type="submit">Pay</button></form>`,
      );
    }
    if (opts.control && url.pathname === "/__accounts" && req.method === "POST") {
      const a = JSON.parse(body) as { secretKey: string; webhookSecret: string; webhookUrl: string };
      accounts.set(a.secretKey, { webhookSecret: a.webhookSecret, webhookUrl: a.webhookUrl });
      res.writeHead(200, { "Content-Type": "application/json" });
      return res.end("{}");
    }
    if (url.pathname === "/ready") {
      res.writeHead(200, { "Content-Type": "application/json" });
      return res.end("{}");
    }
    const key = /^Bearer (.+)$/.exec(req.headers.authorization ?? "")?.[1] ?? null;
    requests.push({ method: req.method ?? "", path: url.pathname, key });
    if (!key || !accounts.has(key)) return stripeError(res, 401, "Invalid API Key provided.");
    const json = (status: number, value: unknown) => {
      res.writeHead(status, { "Content-Type": "application/json", "Request-Id": `req_${randomBytes(6).toString("hex")}` });
      res.end(JSON.stringify(value));
    };
    if (req.method === "POST" && url.pathname === "/v1/checkout/sessions") {
      const idem = req.headers["idempotency-key"];
      const again = typeof idem === "string" ? byIdempotency.get(`${key}:${idem}`) : undefined;
      if (again) return json(200, publicSession(sessions.get(again) as FakeSession));
      const made = createSession(key, parseForm(body));
      if (typeof made === "string") return stripeError(res, 400, made);
      if (typeof idem === "string") byIdempotency.set(`${key}:${idem}`, made.id);
      return json(200, publicSession(made));
    }
    const one = /^\/v1\/checkout\/sessions\/(cs_test_[a-f0-9]+)(\/expire)?$/.exec(url.pathname);
    const session = one ? sessions.get(one[1]) : undefined;
    if (one && (!session || session.account !== key)) return stripeError(res, 404, `No such checkout.session: '${one[1]}'`);
    if (session && req.method === "GET" && !one?.[2]) return json(200, publicSession(session));
    if (session && req.method === "POST" && one?.[2]) {
      if (session.status !== "open") return stripeError(res, 400, `Only Checkout Sessions with a status in ["open"] can be expired.`);
      session.status = "expired";
      return json(200, publicSession(session));
    }
    stripeError(res, 404, `Unrecognized request URL (${req.method}: ${url.pathname}).`);
  });
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: base,
    sessions,
    requests,
    addAccount: (secretKey, webhookSecret, webhookUrl) => void accounts.set(secretKey, { webhookSecret, webhookUrl }),
    pay,
    expire,
    postEvent,
    post,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
