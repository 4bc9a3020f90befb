import "server-only";
import { and, asc, desc, eq, inArray, lt } from "drizzle-orm";
import type { Db } from "../../db/client";
import { messages, serviceStaff, services, staffMembers } from "../../db/schema";
import { stems } from "../understanding/stemming";
import { meaningfulWords } from "../understanding/stopwords";
import { normalize, words } from "../understanding/text-match";
import { buildIndex, searchIndex } from "./search-index";

// The business's services found by the customer's words ("corte e barba", "limpieza dental", "oil
// change"): every service is indexed under its names and descriptions in en, pt and es, with the
// stems and synonyms every search uses, so "cortar o cabelo" finds "Corte" and "revisión" finds
// "Revisão". And the staff member a message names ("with Ana", "com a Rita", "con Javier").

type Names = Partial<Record<"en" | "pt" | "es", string>>;
export type ServiceChoice = { id: string; name: Names; description: Names; durationMinutes: number };

/** The active services a node may offer (only `only` when given), oldest first, as the dashboard lists them. */
export async function offerableServices(db: Db, businessId: string, only?: string[]): Promise<ServiceChoice[]> {
  return db
    .select({ id: services.id, name: services.name, description: services.description, durationMinutes: services.durationMinutes })
    .from(services)
    .where(and(eq(services.businessId, businessId), eq(services.active, true), only?.length ? inArray(services.id, only) : undefined))
    .orderBy(asc(services.createdAt), asc(services.id));
}

export type ServiceMatch = { service: ServiceChoice; coverage: number; score: number; exactPrimaryHit: boolean };

/** "¿hacéis uñas?": Spanish nails, which unaccented are "unas" ("some") and no word to index, as the manicure. */
export function withNails(text: string): string {
  return text.replace(/(^|[^\p{L}])uñas?(?![\p{L}])/giu, "$1manicura");
}

// "just a trim", "a trim and a fringe": at a salon a trim is a haircut, unless the beard is said ("beard
// trim", "trim my beard", "aparar a barba").
const beardSaid = /\b(?:beard|beards|barba|barbas|moustache|mustache|bigode|bigote)\b/i;
function withHairTrim(text: string): string {
  return beardSaid.test(text) ? text : text.replace(/\btrim(?:med|ming)?\b/gi, "haircut");
}

/** The services the words name, best first; `ignore` drops the words that only started the skill ("book"). */
export async function searchServices(
  db: Db,
  businessId: string,
  text: string,
  opts: { only?: string[]; ignore?: string[] } = {},
): Promise<ServiceMatch[]> {
  const rows = await offerableServices(db, businessId, opts.only);
  if (!rows.length) return [];
  const docs = rows.map((r) => ({
    id: r.id,
    name: Object.values(r.name).join(" · "),
    description: Object.values(r.description).join(" · "),
  }));
  const index = buildIndex(["name", "description"], { name: 3 }, docs, { joinHyphens: true });
  const byId = new Map(rows.map((r) => [r.id, r]));
  const find = (said: string) =>
    searchIndex(index, said, "name", opts.ignore ?? [])
      .filter((m) => m.primaryHit)
      .flatMap((m) => {
        const service = byId.get(m.id);
        return service ? [{ service, coverage: m.coverage, score: m.score, exactPrimaryHit: m.exactPrimaryHit }] : [];
      });
  const asSaid = withNails(text);
  // A trim is a haircut where the business cuts hair; a barber that only trims beards keeps the word.
  const hair = withHairTrim(asSaid);
  let said = hair;
  let found = find(hair);
  if (!found.length && hair !== asSaid) [said, found] = [asSaid, find(asSaid)];
  return onlyOneThing(wholeNameFirst(found, said), said);
}

// "beard only", "só a barba", "solo la barba", "just the beard": the service that is that one thing,
// not a combination of it with another ("Haircut and beard", "Corte e barba").
const saysOnly = /\b(?:only|just|apenas|somente|solo|solamente|nada mas)\b/;
// "só" ("só a barba"), which normalized is English's "so".
const soAccented = /(?:^|[^\p{L}])só(?![\p{L}])/u;
const combination = /\s(?:and|e|y|with|com|con)\s|[&+]/;

function onlyOneThing(found: ServiceMatch[], text: string): ServiceMatch[] {
  if (found.length < 2 || !(saysOnly.test(normalize(text)) || soAccented.test(text.toLowerCase()))) return found;
  const isCombination = (m: ServiceMatch) => joinsTwo(m.service);
  // A combination said whole ("just a cut and beard") is what is asked.
  if (isCombination(found[0]) && found[0].score > (found[1]?.score ?? 0) * 1.5) return found;
  const single = found.filter((m) => !isCombination(m));
  if (!single.length || single.length === found.length) return found;
  const top = Math.max(...found.map((m) => m.score));
  const [first, ...rest] = single;
  return [{ ...first, score: Math.max(first.score, top * 2) }, ...rest, ...found.filter(isCombination)];
}

/**
 * "barba com o Marco" names the service "Barba" whole and only a word of "Corte e barba": the one
 * service with the longest name said whole (every word of one of its names, by stem) comes first and
 * clearly ahead, as a receptionist would take it. "Corte e barba" said whole still beats "Barba".
 */
/** The most words of one of the service's names that `text` says, each of them (by stem); 0 when none is said whole. */
function wholeNameLength(service: ServiceChoice, text: string): number {
  const said = new Set(meaningfulWords(text).flatMap((w) => [w, ...stems(w)]));
  const wordSaid = (w: string) => said.has(w) || stems(w).some((s) => said.has(s));
  return Math.max(
    0,
    ...Object.values(service.name).map((name) => {
      const named = meaningfulWords(name ?? "");
      return named.length && named.every(wordSaid) ? named.length : 0;
    }),
  );
}

/** Whether every word of one of the service's names is in `text` (by stem). */
export function saidWhole(service: ServiceChoice, text: string): boolean {
  return wholeNameLength(service, text) > 0;
}

/** Whether one of the service's names joins two things ("Haircut and beard", "Corte e barba"). */
export function joinsTwo(service: ServiceChoice): boolean {
  return Object.values(service.name).some((n) => combination.test(` ${normalize(n ?? "")} `));
}

function wholeNameFirst(found: ServiceMatch[], text: string): ServiceMatch[] {
  if (found.length < 2) return found;
  const lengths = found.map((m) => wholeNameLength(m.service, text));
  const longest = Math.max(...lengths);
  if (!longest || lengths.filter((l) => l === longest).length > 1) return found;
  const i = lengths.indexOf(longest);
  const top = Math.max(...found.map((m) => m.score));
  const first = { ...found[i], score: Math.max(found[i].score, top * 2) };
  return [first, ...found.filter((_, j) => j !== i)];
}

/**
 * The one service a message names clearly, or null: "how much is the whitening?" before "can I come on
 * Friday at 4?", which names none (the customer's message before is what the request is about).
 */
export async function serviceNamedIn(db: Db, businessId: string, text: string | null, only?: string[]): Promise<ServiceChoice | null> {
  if (!text) return null;
  const [best, second] = await searchServices(db, businessId, text, { only });
  if (!best || (second && best.score <= second.score * 1.5)) return null;
  return best.coverage >= 0.5 || best.exactPrimaryHit || !second ? best.service : null;
}

/**
 * The one service the conversation's last message from the business names, or null: "A kids' cut costs the
 * same as a men's haircut: €18." answered before "great, saturday at 11 then" (a list of several names none).
 */
export async function serviceInLastReply(
  db: Db,
  q: { businessId: string; conversationId: string; beforeMessageId: string; only?: string[] },
): Promise<ServiceChoice | null> {
  const [last] = await db
    .select({ text: messages.text })
    .from(messages)
    .where(
      and(
        eq(messages.businessId, q.businessId),
        eq(messages.conversationId, q.conversationId),
        eq(messages.direction, "outbound"),
        lt(messages.id, q.beforeMessageId),
      ),
    )
    .orderBy(desc(messages.id))
    .limit(1);
  return serviceNamedIn(db, q.businessId, last?.text ?? null, q.only);
}

/** A service's name in the customer's language, else another of its names. */
export const serviceName = (s: Pick<ServiceChoice, "name">, lang: string) => s.name[lang as "en"] ?? s.name.en ?? s.name.pt ?? s.name.es ?? "";

export type StaffChoice = { id: string; name: string };

/** The active staff members who perform the service, by id. */
export async function serviceStaffMembers(db: Db, businessId: string, serviceId: string): Promise<StaffChoice[]> {
  return db
    .select({ id: staffMembers.id, name: staffMembers.name })
    .from(serviceStaff)
    .innerJoin(staffMembers, and(eq(staffMembers.businessId, serviceStaff.businessId), eq(staffMembers.id, serviceStaff.staffId)))
    .where(and(eq(serviceStaff.businessId, businessId), eq(serviceStaff.serviceId, serviceId), eq(staffMembers.active, true)))
    .orderBy(asc(staffMembers.id));
}

// Titles are no names: "Dra. Laura Gómez" is Laura, or Gómez ("with Dr Gómez").
const titles = new Set(["dr", "dra", "drs", "doctor", "doctora", "doutor", "doutora", "mr", "mrs", "ms", "miss", "sr", "sra", "prof"]);

/**
 * The staff member the message names: their full name, their first name as a whole word ("with Ana",
 * "com a Rita", "con Javier") or their surname ("with Dr Gómez"), titles aside. Null when it names
 * none, or two people share the name said.
 */
export function namedStaff(text: string, staff: StaffChoice[]): StaffChoice | null {
  const said = ` ${normalize(text)} `;
  const full = staff.filter((s) => normalize(s.name) && said.includes(` ${normalize(s.name)} `));
  if (full.length === 1) return full[0];
  const names = (s: StaffChoice) => words(s.name).filter((w) => !titles.has(w));
  const first = staff.filter((s) => {
    const [name] = names(s);
    return name && name.length >= 2 && said.includes(` ${name} `);
  });
  if (first.length === 1) return first[0];
  if (first.length > 1) return null;
  const surname = staff.filter((s) =>
    names(s)
      .slice(1)
      .some((w) => w.length >= 3 && said.includes(` ${w} `)),
  );
  if (surname.length === 1) return surname[0];
  if (surname.length > 1) return null;
  // "¿qué días lo hace la doctora?", "con el doctor": the one person with that title.
  for (const [spoken, title] of titleSaid) {
    if (!spoken.test(said)) continue;
    const titled = staff.filter((s) => words(s.name)[0] === title);
    return titled.length === 1 ? titled[0] : null;
  }
  return null;
}

// "con ella", "com ele", "with her": a person said by a pronoun ("con él" only with its accent: "con el
// viernes" is no one).
const personPronoun = /(?:^|[^\p{L}])(?:con ella|con él|com ela|com ele|with her|with him|with them)(?![\p{L}])/iu;

/**
 * The staff member the message names, or, when it says "con ella" or "with him", the one the customer's
 * message before named ("¿Rita trabaja el viernes?", then "vale, una manicura con ella").
 */
export function staffNamedOrReferred(text: string, before: string | null | undefined, staff: StaffChoice[]): StaffChoice | null {
  const named = namedStaff(text, staff);
  if (named || !before || !personPronoun.test(text)) return named;
  return namedStaff(before, staff);
}

// A title said without the name: "la doctora" is the one "Dra.", "el doctor" the one "Dr.".
const titleSaid: Array<[RegExp, string]> = [
  [/ (?:la|a) (?:doctora|doutora|dra) /, "dra"],
  [/ (?:el|o) (?:doctor|doutor|dr) /, "dr"],
];
