import "server-only";
import { contactAddress, isBsuid } from "../shared/customer-address";
import { and, desc, eq, sql } from "drizzle-orm";
import { parsePhoneNumberFromString } from "libphonenumber-js";
import type { Db } from "../db/client";
import { campaignOptOuts, campaignSettings, contacts, conversations } from "../db/schema";
import { notFound } from "../errors";
import { emitEvent } from "../events/emit";
import type { OptOutView } from "../shared/opt-out-view";
import { contactView } from "./contacts";
import { recordAudit } from "../audit/record";

// A contact's opt-out of campaigns: set by staff, the API or the customer's own words (below), read
// by lib/campaigns when it picks and sends to recipients.
//
// Opt-out by keyword. A message that is nothing but a stop word (any case, accents and
// punctuation ignored) opts the customer out and is answered once, in their language; a start word
// opts them back in. Everything else, and a repeated stop, goes on to the assistant as usual: opting
// out of broadcasts never stops replies to the customer's own messages.

export type OptLanguage = "en" | "pt" | "es";

const STOP_WORDS: Record<string, OptLanguage[]> = {
  stop: ["en"],
  unsubscribe: ["en"],
  "stop all": ["en"],
  optout: ["en"],
  "opt out": ["en"],
  parar: ["pt", "es"],
  pare: ["pt"],
  sair: ["pt"],
  descadastrar: ["pt"],
  "cancelar inscricao": ["pt"],
  cancelar: ["pt", "es"],
  "cancelar suscripcion": ["es"],
  baja: ["es"],
  "darme de baja": ["es"],
  alto: ["es"],
};

const START_WORDS: Record<string, OptLanguage[]> = {
  start: ["en"],
  subscribe: ["en"],
  unstop: ["en"],
  voltar: ["pt"],
  "quero receber": ["pt"],
  iniciar: ["pt", "es"],
  comecar: ["pt"],
  alta: ["es"],
  suscribir: ["es"],
  suscribirme: ["es"],
};

export const OPT_TEXTS: Record<OptLanguage, { out: string; in: string }> = {
  en: {
    out: "You will no longer receive our campaign messages. We will still answer whenever you write to us. Reply START to receive them again.",
    in: "You are subscribed again to our campaign messages. Reply STOP at any time to stop them.",
  },
  pt: {
    out: "Deixa de receber as nossas mensagens de campanha. Continuamos a responder sempre que nos escrever. Responda START para voltar a recebê-las.",
    in: "Volta a receber as nossas mensagens de campanha. Responda PARAR a qualquer momento para deixar de as receber.",
  },
  es: {
    out: "Ya no recibirás nuestros mensajes de campaña. Te seguiremos respondiendo cuando nos escribas. Responde START para volver a recibirlos.",
    in: "Vuelves a recibir nuestros mensajes de campaña. Responde PARAR en cualquier momento para dejar de recibirlos.",
  },
};

/** Lower case, accents off, punctuation and emoji off, single spaces: "¡Cancelar suscripción!" -> "cancelar suscripcion". */
export function normalizeKeyword(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s]/gu, " ")
    .replace(/\s+/g, " ")
    .trim();
}

const PT_COUNTRIES = new Set(["BR", "PT", "AO", "MZ", "CV", "GW", "ST", "TL"]);
const ES_COUNTRIES = new Set([
  "ES",
  "MX",
  "AR",
  "CO",
  "CL",
  "PE",
  "VE",
  "EC",
  "GT",
  "CU",
  "BO",
  "DO",
  "HN",
  "PY",
  "SV",
  "NI",
  "CR",
  "PA",
  "UY",
  "PR",
  "GQ",
]);

/** A keyword shared by two languages ("parar") is read in the language of the customer's country. */
function pickLanguage(candidates: OptLanguage[], address: string): OptLanguage {
  if (candidates.length === 1) return candidates[0];
  // A phone's country, or a BSUID's (it starts with its user's country code: "BR.1502576394655843").
  const country = isBsuid(address) ? address.slice(0, 2) : parsePhoneNumberFromString(address)?.country;
  if (country && PT_COUNTRIES.has(country) && candidates.includes("pt")) return "pt";
  if (country && ES_COUNTRIES.has(country) && candidates.includes("es")) return "es";
  return candidates[0];
}

export type OptIntent = { kind: "out" | "in"; language: OptLanguage };

/**
 * What a message asks for, if it is nothing but an opt-out or opt-in word (the business's own words
 * included). The answer's language is the conversation's when it is known (`spoken`: a Portuguese
 * customer who writes "STOP" or a Spanish one who writes "parar" is answered in their language), else
 * the word's, else the one of the customer's country.
 */
export function optIntent(text: string, phone: string, businessWords: string[] = [], spoken?: OptLanguage | null): OptIntent | null {
  const key = normalizeKeyword(text);
  if (!key || key.length > 40) return null;
  const stop = STOP_WORDS[key] ?? (businessWords.some((w) => normalizeKeyword(w) === key) ? ["en", "pt", "es"] : null);
  if (stop) return { kind: "out", language: spoken ?? pickLanguage(stop as OptLanguage[], phone) };
  const start = START_WORDS[key];
  if (start) return { kind: "in", language: spoken ?? pickLanguage(start, phone) };
  return null;
}

export async function businessOptOutWords(db: Db, businessId: string): Promise<string[]> {
  const [row] = await db.select({ words: campaignSettings.optOutWords }).from(campaignSettings).where(eq(campaignSettings.businessId, businessId));
  return row?.words ?? [];
}

export async function isOptedOut(db: Db, businessId: string, contactId: string): Promise<boolean> {
  const [row] = await db
    .select({ optedOut: campaignOptOuts.optedOut })
    .from(campaignOptOuts)
    .where(and(eq(campaignOptOuts.businessId, businessId), eq(campaignOptOuts.contactId, contactId)));
  return row?.optedOut ?? false;
}

/**
 * Sets a contact's opt-out. Returns true when it changed (and then emits `contact.updated`); setting
 * the state it already has changes nothing, which is how a second STOP gets no second confirmation.
 */
export async function setOptOut(
  tx: Db,
  businessId: string,
  contactId: string,
  optedOut: boolean,
  source: "customer" | "staff" | "api" | "channel",
  language: OptLanguage | null = null,
): Promise<boolean> {
  // Only a real change writes (the conflict update's WHERE, the opt-in's guard): concurrent STOPs from
  // one customer make one change, and START from someone never opted out is no change at all.
  const changed = optedOut
    ? await tx
        .insert(campaignOptOuts)
        .values({ businessId, contactId, optedOut, source, language })
        .onConflictDoUpdate({
          target: [campaignOptOuts.businessId, campaignOptOuts.contactId],
          set: { optedOut, source, language, updatedAt: sql`now()` },
          setWhere: sql`${campaignOptOuts.optedOut} = false`,
        })
        .returning({ contactId: campaignOptOuts.contactId })
    : await tx
        .update(campaignOptOuts)
        .set({ optedOut, source, language, updatedAt: sql`now()` })
        .where(and(eq(campaignOptOuts.businessId, businessId), eq(campaignOptOuts.contactId, contactId), eq(campaignOptOuts.optedOut, true)))
        .returning({ contactId: campaignOptOuts.contactId });
  if (!changed.length) return false;
  const [contact] = await tx
    .select()
    .from(contacts)
    .where(and(eq(contacts.businessId, businessId), eq(contacts.id, contactId)));
  if (!contact) throw notFound("contact");
  await emitEvent(tx, businessId, "contact.updated", {
    contact: { ...contactView(contact), optedOut },
    changes: ["optedOut"],
    source,
  });
  return true;
}

/** The language the customer's latest conversation is in (conversations.language), if one message said. */
async function spokenLanguage(tx: Db, businessId: string, contactId: string): Promise<OptLanguage | null> {
  const [row] = await tx
    .select({ language: conversations.language })
    .from(conversations)
    .where(and(eq(conversations.businessId, businessId), eq(conversations.contactId, contactId)))
    .orderBy(desc(conversations.updatedAt))
    .limit(1);
  const language = row?.language;
  return language === "en" || language === "pt" || language === "es" ? language : null;
}

/**
 * The inbound hook (receiveInboundMessage, inside its transaction, after the window moved): a stop or
 * start word changes the opt-out. Null when the message is no such word (it goes on to the
 * assistant); otherwise the answer to send, in the customer's language, when the opt-out changed, and
 * null for a repeated word, answered once already.
 */
export async function handleOptOutWords(
  tx: Db,
  businessId: string,
  contact: { id: string; phone: string | null; waUserId: string | null },
  text: string,
): Promise<{ reply: string | null } | null> {
  if (!text || text.length > 60) return null;
  const intent = optIntent(
    text,
    contactAddress(contact) ?? "",
    await businessOptOutWords(tx, businessId),
    await spokenLanguage(tx, businessId, contact.id),
  );
  if (!intent) return null;
  const changed = await setOptOut(tx, businessId, contact.id, intent.kind === "out", "customer", intent.language);
  return { reply: changed ? OPT_TEXTS[intent.language][intent.kind] : null };
}

/** A contact's opt-out as staff see it (404 for a contact of another business, as for a missing one). */
export async function getOptOut(db: Db, businessId: string, contactId: string): Promise<OptOutView> {
  const [contact] = await db
    .select({ id: contacts.id })
    .from(contacts)
    .where(and(eq(contacts.businessId, businessId), eq(contacts.id, contactId)));
  if (!contact) throw notFound("contact");
  const [row] = await db
    .select()
    .from(campaignOptOuts)
    .where(and(eq(campaignOptOuts.businessId, businessId), eq(campaignOptOuts.contactId, contactId)));
  return {
    optedOut: row?.optedOut ?? false,
    source: row?.source ?? null,
    language: row?.language ?? null,
    updatedAt: row ? row.updatedAt.toISOString() : null,
  };
}

/**
 * The channel refused a message because the customer stopped marketing messages from this business in
 * the channel's own app (WhatsApp 131050): they are opted out of campaigns here too, with an audit entry,
 * once. Call it in the transaction that records the failure.
 */
export async function channelStoppedMarketing(
  tx: Db,
  businessId: string,
  contactId: string,
  details: { channelCode: number | null; messageId?: string | null; campaignId?: string | null },
): Promise<boolean> {
  const changed = await setOptOut(tx, businessId, contactId, true, "channel");
  if (changed)
    await recordAudit(tx, {
      businessId,
      actor: { type: "system", label: "WhatsApp" },
      ip: null,
      action: "contact.opted_out_by_channel",
      target: { type: "contact", id: contactId },
      details: Object.fromEntries(Object.entries(details).filter(([, v]) => v !== undefined && v !== null)),
    });
  return changed;
}
