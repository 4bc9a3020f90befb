// Turns Meta's webhook envelope into flat lists. Meta retries anything that does not get a 200, so
// this never throws: whatever it cannot read goes to `skipped`, with a webhook body holding only that
// part (kept as unusable, replayable: lib/channels/unusable.ts), and the rest is still delivered.

import { parsePhoneNumberFromString } from "libphonenumber-js";
import type { UnusableKind } from "../../db/schema";
import { normalizeTier } from "../../shared/messaging-limit";
import { isBsuid } from "../../shared/customer-address";

/** A part of a webhook body the service cannot use, as a body of its own (replayed as one). */
export type SkippedPart = { kind: UnusableKind; reason: string; raw: unknown };

export type InboundWhatsAppMessage = {
  phoneNumberId: string;
  displayPhoneNumber?: string;
  /**
   * The customer's address: E.164 with the leading '+' (Meta sends bare digits) or, when WhatsApp
   * withholds the number of a customer with a username, their business-scoped user id (BSUID).
   */
  from: string;
  /** The customer's BSUID (messages[].from_user_id, contacts[].user_id), when given. */
  waUserId: string | null;
  /** The customer's username (contacts[].profile.username), when they have one. */
  username: string | null;
  profileName: string | null;
  wamid: string;
  /** When the customer sent it: the 24-hour window counts from here, not from arrival. */
  timestamp: Date;
  type: string;
  /** Always something readable, even for types we only store as a placeholder. */
  text: string;
  content: Record<string, unknown> | null;
  /** The wamid of the message this one replies to (Meta's `context.id`: a quoted reply, or the interactive message a button answers). */
  replyTo: string | null;
  /** A type this service does not read (it is stored as a placeholder and kept as unusable too). */
  unknownType: boolean;
  /** Arrived on the `standby` field: another sender (Meta Business Agent) holds the conversation. */
  standby: boolean;
  /** This message alone as a webhook body (kept when it cannot be used: an unknown number). */
  raw: () => unknown;
};

export type WhatsAppStatus = "sent" | "delivered" | "read" | "failed";

/** A message another sender on the number (Meta Business Agent) sent to a customer: a `message_echoes` item. */
export type WhatsAppEcho = {
  phoneNumberId: string;
  /** The customer it went to: E.164, or their BSUID. */
  to: string;
  wamid: string;
  timestamp: Date;
  type: string;
  text: string;
  content: Record<string, unknown> | null;
  /** This echo alone as a webhook body (kept when it cannot be used: an unknown number). */
  raw: () => unknown;
};

export type WhatsAppStatusUpdate = {
  phoneNumberId: string;
  wamid: string;
  status: WhatsAppStatus;
  timestamp: Date;
  recipient: string;
  error: { code: number; message: string } | null;
  /** What WhatsApp charges for the message (the status's `pricing` object), null when it carries none. */
  pricing: WhatsAppPricing | null;
  /** This status alone as a webhook body (kept when it cannot be used: an unknown message). */
  raw: () => unknown;
};

/**
 * The `pricing` object of a status webhook (Meta, "Status messages webhook reference"): whether the
 * message is billable, its category (marketing, utility, authentication, service, ...), the pricing
 * model (PMP per message; CBP only for free entry point conversations) and the type (regular,
 * free_customer_service, free_entry_point). `country` is not Meta's: it is read from the recipient's
 * number, as Meta's rate cards price by the recipient's country (null when it has none).
 */
export type WhatsAppPricing = {
  billable: boolean;
  category: string;
  model: string | null;
  type: string | null;
  country: string | null;
};

/** A template's review or quality changed (fields message_template_status_update / _quality_update). */
export type WhatsAppTemplateUpdate = {
  /** The WhatsApp Business Account (the entry's id). */
  wabaId: string;
  metaTemplateId: string;
  name: string | null;
  language: string | null;
  /** APPROVED, REJECTED, PAUSED, ... for a status update; null for a quality update. */
  event: string | null;
  reason: string | null;
  qualityRating: string | null;
};

/** The number's messaging limit or quality changed (field phone_number_quality_update). */
export type WhatsAppNumberUpdate = { wabaId: string; displayNumber: string | null; event: string | null; messagingLimit: string | null };

export type ParsedWhatsAppWebhook = {
  messages: InboundWhatsAppMessage[];
  statuses: WhatsAppStatusUpdate[];
  echoes: WhatsAppEcho[];
  templates: WhatsAppTemplateUpdate[];
  numbers: WhatsAppNumberUpdate[];
  skipped: SkippedPart[];
};

type Json = Record<string, unknown>;

const STATUSES: readonly string[] = ["sent", "delivered", "read", "failed"];
const MEDIA_TYPES = new Set(["image", "audio", "video", "document", "sticker"]);
// The message types this service reads; any other is stored as a placeholder and kept as unusable.
const KNOWN_TYPES = new Set(["text", "interactive", "button", "order", "location", "reaction", "contacts", "system", ...MEDIA_TYPES]);

const asObject = (v: unknown): Json | null => (v && typeof v === "object" && !Array.isArray(v) ? (v as Json) : null);
const asArray = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const asString = (v: unknown): string | null => (typeof v === "string" ? v : typeof v === "number" ? String(v) : null);
const asNumber = (v: unknown): number | null => {
  const n = typeof v === "number" ? v : typeof v === "string" && v.trim() !== "" ? Number(v) : Number.NaN;
  return Number.isFinite(n) ? n : null;
};

function unixSeconds(v: unknown): Date | null {
  const seconds = asNumber(v);
  return seconds === null ? null : new Date(seconds * 1000);
}

/** A BSUID as WhatsApp sends it (US.13491208655302741918), or null. */
function toBsuid(v: unknown): string | null {
  const s = asString(v)?.trim();
  return s && isBsuid(s) ? s : null;
}

function toE164(v: unknown): string | null {
  const s = asString(v)?.trim();
  if (!s) return null;
  const digits = s.startsWith("+") ? s.slice(1) : s;
  return /^\d{5,15}$/.test(digits) ? `+${digits}` : null;
}

export function parseWhatsAppWebhook(body: unknown): ParsedWhatsAppWebhook {
  const out: ParsedWhatsAppWebhook = { messages: [], statuses: [], echoes: [], templates: [], numbers: [], skipped: [] };
  const root = asObject(body);
  if (!root || !Array.isArray(root.entry)) {
    out.skipped.push({ kind: "malformed", reason: "body has no entry array", raw: body });
    return out;
  }
  const object = root.object ?? "whatsapp_business_account";
  for (const [e, rawEntry] of root.entry.entries()) {
    const entry = asObject(rawEntry);
    if (!entry || !Array.isArray(entry.changes)) {
      out.skipped.push({ kind: "malformed", reason: `entry[${e}] has no changes array`, raw: { object, entry: [rawEntry] } });
      continue;
    }
    for (const [c, rawChange] of entry.changes.entries()) {
      const change = asObject(rawChange);
      const where = `entry[${e}].changes[${c}]`;
      // This change alone, or a part of its value, as a body of its own.
      const bodyOf = (value?: unknown) => ({
        object,
        entry: [{ id: entry.id, changes: [value === undefined ? rawChange : { field: change?.field, value }] }],
      });
      // `standby`: the same shape, for conversations Meta Business Agent holds (its replies as message_echoes).
      if (change?.field === "messages" || change?.field === "standby") parseChange(change, where, bodyOf, out, change.field === "standby");
      else parseAccountChange(asString(entry.id), change, where, bodyOf(), out);
    }
  }
  return out;
}

// Changes to the business account itself: template reviews and quality, the number's messaging limit.
function parseAccountChange(wabaId: string | null, change: Json | null, where: string, raw: unknown, out: ParsedWhatsAppWebhook): void {
  const field = String(change?.field);
  const value = asObject(change?.value);
  const handled = ["message_template_status_update", "message_template_quality_update", "phone_number_quality_update"];
  if (!handled.includes(field)) {
    out.skipped.push({ kind: "unknown_field", reason: `${where}: field ${field} is not handled`, raw });
    return;
  }
  if (!wabaId || !value) {
    out.skipped.push({ kind: "malformed", reason: `${where}: ${field} without an account id or value`, raw });
    return;
  }
  if (field === "phone_number_quality_update") {
    out.numbers.push({
      wabaId,
      displayNumber: asString(value.display_phone_number),
      event: asString(value.event),
      // The portfolio's limit (max_daily_conversations_per_business); current_limit is its deprecated form.
      messagingLimit: normalizeTier(asString(value.max_daily_conversations_per_business) ?? asString(value.current_limit)),
    });
    return;
  }
  const metaTemplateId = asString(value.message_template_id);
  if (!metaTemplateId) {
    out.skipped.push({ kind: "malformed", reason: `${where}: ${field} without message_template_id`, raw });
    return;
  }
  const status = field === "message_template_status_update";
  out.templates.push({
    wabaId,
    metaTemplateId,
    name: asString(value.message_template_name),
    language: asString(value.message_template_language),
    event: status ? asString(value.event) : null,
    reason: status ? asString(value.reason) : null,
    qualityRating: status ? null : asString(value.new_quality_score),
  });
}

function parseChange(change: Json, where: string, bodyOf: (value?: unknown) => unknown, out: ParsedWhatsAppWebhook, standby = false): void {
  const value = asObject(change.value);
  const metadata = asObject(value?.metadata);
  const phoneNumberId = asString(metadata?.phone_number_id);
  if (!value || !phoneNumberId) {
    out.skipped.push({ kind: "malformed", reason: `${where}: no metadata.phone_number_id`, raw: bodyOf() });
    return;
  }
  // One message or status with the change's metadata (and the sender's contact entry).
  const part = (key: "messages" | "statuses" | "message_echoes", item: unknown) => () => {
    const contacts = asArray(value.contacts).filter((c) => contactOf(asObject(item)) === asObject(c));
    return bodyOf({
      messaging_product: value.messaging_product ?? "whatsapp",
      metadata: value.metadata,
      ...(key === "messages" && contacts.length ? { contacts } : {}),
      [key]: [item],
    });
  };
  const displayPhoneNumber = asString(metadata?.display_phone_number) ?? undefined;
  // The sender's entry in `contacts`: by phone (wa_id), else by BSUID (user_id); a lone entry is the
  // sender's when the message names neither (a username-only customer's `from` may be absent).
  const contactList = asArray(value.contacts)
    .map(asObject)
    .filter((c): c is Json => c !== null);
  function contactOf(m: Json | null): Json | null {
    if (!m) return null;
    const digits = asString(m.from)?.replace(/^\+/, "");
    const userId = asString(m.from_user_id) ?? (isBsuid(asString(m.from) ?? "") ? asString(m.from) : null);
    return (
      contactList.find((c) => digits && asString(c.wa_id) === digits) ??
      contactList.find((c) => userId && asString(c.user_id) === userId) ??
      (contactList.length === 1 && !digits && !userId ? contactList[0] : null)
    );
  }
  for (const [i, raw] of asArray(value.messages).entries()) {
    const m = asObject(raw);
    const contact = contactOf(m);
    const phone = toE164(m?.from) ?? toE164(contact?.wa_id);
    const waUserId = toBsuid(m?.from_user_id) ?? toBsuid(m?.from) ?? toBsuid(contact?.user_id);
    const from = phone ?? waUserId;
    const wamid = asString(m?.id);
    const timestamp = unixSeconds(m?.timestamp);
    const type = asString(m?.type);
    if (!m || !from || !wamid || !timestamp || !type) {
      out.skipped.push({
        kind: "malformed",
        reason: `${where}.messages[${i}]: missing a sender (phone or BSUID), id, timestamp or type`,
        raw: part("messages", raw)(),
      });
      continue;
    }
    const { text, content } = describeMessage(type, m);
    const profile = asObject(contact?.profile);
    const profileName = asString(profile?.name);
    const username = asString(profile?.username) ?? asString(contact?.username);
    const unknownType = !KNOWN_TYPES.has(type);
    out.messages.push({
      phoneNumberId,
      displayPhoneNumber,
      from,
      waUserId,
      username: username ? (username.startsWith("@") ? username : `@${username}`) : null,
      profileName,
      wamid,
      timestamp,
      type,
      text,
      content,
      replyTo: asString(asObject(m.context)?.id),
      unknownType,
      standby,
      raw: part("messages", raw),
    });
  }
  for (const [i, raw] of asArray(value.message_echoes).entries()) {
    const m = asObject(raw);
    const to = toE164(m?.to) ?? toBsuid(m?.to_user_id) ?? toBsuid(m?.to) ?? toBsuid(m?.recipient);
    const wamid = asString(m?.id);
    const timestamp = unixSeconds(m?.timestamp);
    const type = asString(m?.type);
    if (!m || !to || !wamid || !timestamp || !type) {
      out.skipped.push({
        kind: "malformed",
        reason: `${where}.message_echoes[${i}]: missing to, id, timestamp or type`,
        raw: part("message_echoes", raw)(),
      });
      continue;
    }
    const { text, content } = describeMessage(type, m);
    out.echoes.push({ phoneNumberId, to, wamid, timestamp, type, text, content, raw: part("message_echoes", raw) });
  }
  for (const [i, raw] of asArray(value.statuses).entries()) {
    const s = asObject(raw);
    const wamid = asString(s?.id);
    const status = asString(s?.status);
    const timestamp = unixSeconds(s?.timestamp);
    // A status for a message sent by BSUID may name the recipient by recipient_user_id alone.
    const recipientId = asString(s?.recipient_id) ?? asString(s?.recipient_user_id);
    if (!s || !wamid || !status || !STATUSES.includes(status) || !timestamp || !recipientId) {
      out.skipped.push({
        kind: "malformed",
        reason: `${where}.statuses[${i}]: missing id, timestamp, recipient (recipient_id or recipient_user_id) or known status`,
        raw: part("statuses", raw)(),
      });
      continue;
    }
    out.statuses.push({
      phoneNumberId,
      wamid,
      status: status as WhatsAppStatus,
      timestamp,
      recipient: toE164(recipientId) ?? recipientId,
      error: statusError(s.errors),
      pricing: statusPricing(s.pricing, recipientId),
      raw: part("statuses", raw),
    });
  }
}

function statusPricing(pricing: unknown, recipientId: string): WhatsAppPricing | null {
  const p = asObject(pricing);
  const category = asString(p?.category)?.toLowerCase();
  if (!p || !category) return null;
  // A BSUID starts with its user's country code (US.1349...): the rate card's country without a number.
  const bsuidCountry = isBsuid(recipientId) ? recipientId.slice(0, 2) : null;
  return {
    // Meta always sends it; a pricing object without it is taken as not billable rather than guessed.
    billable: p.billable === true,
    category,
    model: asString(p.pricing_model),
    type: asString(p.type),
    country: countryOfNumber(toE164(recipientId)) ?? bsuidCountry,
  };
}

// Two statuses of every reply carry pricing, and each body is read twice (at the door and by its job):
// the same few recipients' countries, looked up again and again. Kept for up to this many numbers.
const COUNTRIES_KEPT = 5_000;
const countries = new Map<string, string | null>();

/** The number's country; a number no country's plan accepts takes its calling code's main country. */
function countryOfNumber(e164: string | null): string | null {
  if (!e164) return null;
  const known = countries.get(e164);
  if (known !== undefined) return known;
  const phone = parsePhoneNumberFromString(e164);
  const country = phone?.country ?? phone?.getPossibleCountries()[0] ?? null;
  if (countries.size >= COUNTRIES_KEPT) countries.clear();
  countries.set(e164, country);
  return country;
}

function statusError(errors: unknown): { code: number; message: string } | null {
  const first = asObject(asArray(errors)[0]);
  if (!first) return null;
  const details = asString(asObject(first.error_data)?.details);
  const message = asString(first.message) ?? asString(first.title) ?? details ?? "Unknown error";
  return { code: asNumber(first.code) ?? 0, message };
}

function describeMessage(type: string, m: Json): { text: string; content: Json | null } {
  const body = asObject(m[type]);
  if (type === "text") return { text: asString(body?.body) ?? "", content: null };
  if (type === "interactive") {
    const kind = asString(body?.type) ?? "";
    const reply = asObject(body?.[kind]);
    if (reply && kind === "nfm_reply") return describeFlowReply(reply);
    if (!reply || (kind !== "button_reply" && kind !== "list_reply")) return placeholder(type, kind || null, body);
    const title = asString(reply.title) ?? "";
    const description = asString(reply.description);
    return { text: title, content: { kind, id: asString(reply.id), title, ...(description ? { description } : {}) } };
  }
  if (type === "button") {
    // A template's quick reply pressed: read like an interactive button reply (kind, id, title), so the
    // assistant and webhook receivers handle both alike; `payload` and `text` stay as Meta sent them.
    const text = asString(body?.text) ?? "";
    const payload = asString(body?.payload);
    return { text, content: { kind: "button_reply", id: payload ?? text, title: text, payload, text } };
  }
  if (type === "order") return describeOrder(body);
  if (MEDIA_TYPES.has(type)) {
    const caption = asString(body?.caption);
    const label = caption ?? (type === "document" ? asString(body?.filename) : null);
    return {
      text: label ? `[${type}] ${label}` : `[${type}]`,
      content: {
        id: asString(body?.id),
        mimeType: asString(body?.mime_type),
        caption,
        ...(asString(body?.filename) ? { filename: asString(body?.filename) } : {}),
        ...(body?.voice === true ? { voice: true } : {}),
      },
    };
  }
  if (type === "location") {
    const [lat, lng] = [asNumber(body?.latitude), asNumber(body?.longitude)];
    const name = asString(body?.name) ?? asString(body?.address);
    const where = [lat !== null && lng !== null ? `${lat},${lng}` : null, name].filter(Boolean).join(" ");
    return placeholder(type, where || null, body);
  }
  if (type === "reaction") {
    const emoji = asString(body?.emoji);
    return { text: emoji ? `[reaction] ${emoji}` : "[reaction removed]", content: body };
  }
  // A notice about the customer, not from them: "NAME changed from NUMBER to NUMBER" (system.type
  // user_changed_number, system.wa_id the new number) or a new BSUID (user_changed_user_id,
  // system.user_id the new one; a number change may carry the new BSUID too).
  if (type === "system") {
    return {
      text: asString(body?.body) ?? "[system]",
      content: {
        kind: asString(body?.type),
        body: asString(body?.body),
        newNumber: toE164(body?.wa_id),
        newUserId: toBsuid(body?.user_id) ?? toBsuid(body?.new_user_id),
      },
    };
  }
  if (type === "contacts") {
    const names = asArray(m.contacts).map((c) => asString(asObject(asObject(c)?.name)?.formatted_name));
    return placeholder(type, names.filter(Boolean).join(", ") || null, { contacts: m.contacts });
  }
  return placeholder(type, null, body);
}

/**
 * A WhatsApp Flow's answer (`interactive.nfm_reply`): `response_json` is a JSON string with the Flow's
 * fields and its `flow_token`. The Flow and its fields' labels are found when the message is received
 * (lib/flows/flow-answers.ts); here it is read as Meta sent it. A `response_json` that does not parse is
 * kept as text, never dropped.
 */
function describeFlowReply(reply: Json): { text: string; content: Json } {
  const raw = asString(reply.response_json) ?? "";
  let response: Json = {};
  try {
    const parsed: unknown = JSON.parse(raw);
    response = asObject(parsed) ?? { value: parsed };
  } catch {
    response = raw ? { response_json: raw } : {};
  }
  const body = asString(reply.body) ?? "Sent";
  return {
    text: body,
    content: { kind: "nfm_reply", name: asString(reply.name) ?? "flow", body, token: asString(response.flow_token), response },
  };
}

function describeOrder(order: Json | null): { text: string; content: Json } {
  const items = asArray(order?.product_items).map((raw) => {
    const item = asObject(raw);
    return {
      productRetailerId: asString(item?.product_retailer_id),
      quantity: asNumber(item?.quantity),
      itemPrice: asNumber(item?.item_price),
      currency: asString(item?.currency),
    };
  });
  const lines = items.map((i) => `${i.quantity ?? "?"} × ${i.productRetailerId ?? "?"}`).join(", ");
  const text = asString(order?.text);
  return {
    text: `Order: ${lines || "(no items)"}${text ? ` (${text})` : ""}`,
    content: { catalogId: asString(order?.catalog_id), text, items },
  };
}

function placeholder(type: string, detail: string | null, content: Json | null): { text: string; content: Json | null } {
  return { text: detail ? `[${type}] ${detail}` : `[${type}]`, content };
}
