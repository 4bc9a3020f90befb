// Builds the Graph API `/messages` body. Choice questions degrade gracefully: buttons when they fit,
// a list when they do not, numbered text past WhatsApp's limits, so a skill never fails to ask.

import type { TemplatePayload } from "../../db/schema";
import { isBsuid } from "../../shared/customer-address";
import type { InteractiveMessage } from "../../shared/interactive-schema";

export type OutboundForWhatsApp = {
  /** E.164, with or without the '+', or the customer's BSUID (sent as `recipient`). */
  to: string;
  type: "text" | "template" | "interactive" | "media";
  text: string;
  /** For type media: the uploaded file's WhatsApp id. */
  media?: { kind: string; id: string; caption: string | null; filename: string | null; voice?: boolean };
  /** The template as sent; `headerMediaId`: the WhatsApp id of its uploaded header file. */
  template?: TemplatePayload & { headerMediaId?: string };
  /** The assistant's choice question (`kind`), or a composed interactive message (`type`, checked already). */
  interactive?: { kind: "buttons" | "list"; options: ChoiceOption[]; button?: string } | (InteractiveMessage & { kind?: undefined });
  /** The wamid of the message this one quotes (Meta's `context.message_id`). */
  replyTo?: string;
  /** The flow_token a Flow (an interactive Flow, a template's FLOW button) carries when none was given: our message's id. */
  flowToken?: string;
};

/** A choice: its title, or a title with the id the customer's reply carries back (else opt_<n>). */
export type ChoiceOption = string | { id: string; title: string };

const titleOf = (o: ChoiceOption) => (typeof o === "string" ? o : o.title);

export type ChoicePresentation = "buttons" | "list" | "text";

// WhatsApp's limits for interactive messages.
const MAX_BUTTONS = 3;
const MAX_BUTTON_TITLE = 20;
const MAX_ROWS = 10;
const MAX_ROW_TITLE = 24;
const MAX_LIST_BUTTON = 20;
const MAX_INTERACTIVE_BODY = 1024;

export function choicePresentation(options: readonly unknown[]): ChoicePresentation {
  if (options.length <= MAX_BUTTONS) return "buttons";
  if (options.length <= MAX_ROWS) return "list";
  return "text";
}

export function buildWhatsAppPayload(msg: OutboundForWhatsApp): object {
  // A customer WhatsApp names only by a business-scoped user id is written to by `recipient`, not `to` (issue 37).
  const envelope = {
    messaging_product: "whatsapp",
    recipient_type: "individual",
    ...(isBsuid(msg.to) ? { recipient: msg.to } : { to: msg.to }),
    // A reply quotes the customer's (or our) message by its wamid.
    ...(msg.replyTo && msg.type !== "template" ? { context: { message_id: msg.replyTo } } : {}),
  };
  if (msg.type === "template") {
    // Falling back to text would only be refused outside the window; this is a caller bug.
    if (!msg.template) throw new Error("A template message needs `template`");
    return { ...envelope, type: "template", template: templateObject(msg.template, msg.flowToken) };
  }
  if (msg.type === "media") {
    if (!msg.media) throw new Error("A media message needs `media`");
    const { kind, id, caption, filename } = msg.media;
    // Audio and stickers take no caption; only documents carry a filename.
    const file = {
      id,
      ...(caption && kind !== "audio" && kind !== "sticker" ? { caption } : {}),
      ...(kind === "document" && filename ? { filename } : {}),
      // OGG/Opus sent with `voice: true` shows as a voice note (microphone, inline play), not an audio file.
      ...(kind === "audio" && msg.media.voice ? { voice: true } : {}),
    };
    return { ...envelope, type: kind, [kind]: file };
  }
  if (msg.type === "interactive" && msg.interactive && "type" in msg.interactive) {
    return { ...envelope, type: "interactive", interactive: composedInteractive(msg.interactive, msg.flowToken) };
  }
  if (msg.type === "interactive" && msg.interactive && "kind" in msg.interactive && msg.interactive.kind) {
    const interactive = buildInteractive(msg.text, msg.interactive);
    if (interactive) return { ...envelope, type: "interactive", interactive };
    return textPayload(envelope, numberedText(msg.text, msg.interactive.options));
  }
  return textPayload(envelope, msg.text);
}

/**
 * A template's `components` as Meta reads them at send time: the header's variable or file, the
 * body's variables (each with its `parameter_name` in a named template) and one entry per button
 * that takes a value (a URL's variable part, a copy code, a quick reply's payload), by index.
 */
function templateObject(t: NonNullable<OutboundForWhatsApp["template"]>, flowToken?: string): object {
  const components: object[] = [];
  const header = t.header;
  if (header?.format === "text" && header.value != null) {
    const named = t.parameterFormat === "named" && header.variable ? { parameter_name: header.variable } : {};
    components.push({ type: "header", parameters: [{ type: "text", ...named, text: header.value }] });
  } else if (header && header.format !== "text" && t.headerMediaId) {
    components.push({ type: "header", parameters: [{ type: header.format, [header.format]: { id: t.headerMediaId } }] });
  }
  const body = Array.isArray(t.variables)
    ? t.variables.map((text) => ({ type: "text", text }))
    : Object.entries(t.variables).map(([parameter_name, text]) => ({ type: "text", parameter_name, text }));
  if (body.length) components.push({ type: "body", parameters: body });
  for (const b of t.buttons ?? []) {
    if (b.value === null) continue;
    if (b.type === "url") components.push({ type: "button", sub_type: "url", index: String(b.index), parameters: [{ type: "text", text: b.value }] });
    if (b.type === "copy_code") {
      components.push({ type: "button", sub_type: "copy_code", index: String(b.index), parameters: [{ type: "coupon_code", coupon_code: b.value }] });
    }
    if (b.type === "quick_reply") {
      components.push({ type: "button", sub_type: "quick_reply", index: String(b.index), parameters: [{ type: "payload", payload: b.value }] });
    }
  }
  // A FLOW button always gets its flow_token (the value given, else the message's id): the answer carries it back.
  for (const b of t.buttons ?? []) {
    const token = b.type === "flow" ? (b.value ?? flowToken) : undefined;
    if (token) {
      components.push({ type: "button", sub_type: "flow", index: String(b.index), parameters: [{ type: "action", action: { flow_token: token } }] });
    }
  }
  return { name: t.name, language: { code: t.language }, ...(components.length ? { components } : {}) };
}

/** A composed interactive message in Meta's shape (validated against WhatsApp's limits when it was accepted). */
export function composedInteractive(m: InteractiveMessage, flowToken?: string): object {
  const body = { text: m.body };
  if (m.type === "location_request") return { type: "location_request_message", body, action: { name: "send_location" } };
  const dress = {
    ...(m.header ? { header: { type: "text", text: m.header } } : {}),
    body,
    ...(m.footer ? { footer: { text: m.footer } } : {}),
  };
  if (m.type === "button") {
    return { type: "button", ...dress, action: { buttons: m.buttons.map((b) => ({ type: "reply", reply: { id: b.id, title: b.title } })) } };
  }
  if (m.type === "list") {
    const sections = m.sections.map((s) => ({
      ...(s.title ? { title: s.title } : {}),
      rows: s.rows.map((r) => ({ id: r.id, title: r.title, ...(r.description ? { description: r.description } : {}) })),
    }));
    return { type: "list", ...dress, action: { button: m.button, sections } };
  }
  if (m.type === "flow") {
    // Meta's "Sending a Flow": message version 3, navigate to the screen (with its data) when one is named;
    // without one WhatsApp opens the Flow's first screen. flowId and cta were filled from the registration at send.
    const screen = m.screen ? { flow_action_payload: { screen: m.screen, ...(m.data ? { data: m.data } : {}) } } : {};
    const parameters = {
      flow_message_version: "3",
      flow_token: m.token ?? flowToken ?? "unused",
      flow_id: m.flowId,
      flow_cta: m.cta,
      flow_action: "navigate",
      ...screen,
    };
    return { type: "flow", ...dress, action: { name: "flow", parameters } };
  }
  return { type: "cta_url", ...dress, action: { name: "cta_url", parameters: { display_text: m.button.text, url: m.button.url } } };
}

function textPayload(envelope: object, body: string): object {
  return { ...envelope, type: "text", text: { preview_url: false, body } };
}

type Choice = { kind: "buttons" | "list"; options: ChoiceOption[]; button?: string };

function buildInteractive(text: string, choice: Choice): object | null {
  const { options } = choice;
  const fits = choicePresentation(options);
  // Buttons are only a preference: four to ten options still go out as a list.
  const shape = fits === "buttons" && choice.kind === "list" ? "list" : fits;
  if (shape === "text" || options.length === 0 || !text || text.length > MAX_INTERACTIVE_BODY) return null;
  const ids = options.map((o, i) => (typeof o === "string" ? `opt_${i + 1}` : o.id));
  const body = { text };
  if (shape === "buttons") {
    const titles = options.map((o) => truncate(titleOf(o), MAX_BUTTON_TITLE));
    // WhatsApp rejects duplicate titles, which truncation can create.
    if (new Set(titles).size !== titles.length) return null;
    const buttons = titles.map((title, i) => ({ type: "reply", reply: { id: ids[i], title } }));
    return { type: "button", body, action: { buttons } };
  }
  const titles = options.map((o) => truncate(titleOf(o), MAX_ROW_TITLE));
  if (new Set(titles).size !== titles.length) return null;
  const rows = titles.map((title, i) => ({ id: ids[i], title }));
  const button = truncate(choice.button?.trim() || "Choose", MAX_LIST_BUTTON);
  return { type: "list", body, action: { button, sections: [{ title: "Options", rows }] } };
}

function numberedText(text: string, options: ChoiceOption[]): string {
  const lines = options.map((o, i) => `${i + 1}. ${titleOf(o)}`).join("\n");
  return text ? `${text}\n\n${lines}` : lines;
}

/** Cuts to `max` UTF-16 units with an ellipsis, never splitting an emoji's surrogate pair. */
function truncate(s: string, max: number): string {
  if (s.length <= max) return s;
  let out = "";
  for (const ch of s) {
    if (out.length + ch.length > max - 1) break;
    out += ch;
  }
  return `${out}…`;
}
