// The unseen corpus's case format (issue 35, item 8), as one zod schema: the split script validates
// every draft with it and the runner reads the two parts through it. A case is a scripted customer of
// one business; the runner sends each `say` whatever the assistant answered, then grades the replies'
// facts, the conversation's status and the records left behind.
import { createHash } from "node:crypto";
import { z } from "zod";

export const businesses = ["tasca", "lola"] as const;
export const langs = ["en", "pt", "es"] as const;
export const patterns = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];

/** What each pattern tests (the issue's ten patterns); the runner prints scores under these names. */
export const patternNames: Record<number, string> = {
  1: "two-part messages",
  2: "word that starts no skill",
  3: "corrections and side remarks",
  4: "language",
  5: "business rules",
  6: "dead ends to a person",
  7: "time as a person reads it",
  8: "the right number and time",
  9: "small talk and meta",
  10: "receptionist manners",
};

const localTime = z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, "must be a business-local wall clock like 2026-11-25T16:00");

const fact = z.union([
  z.string().min(1),
  z
    .strictObject({
      re: z.string().min(1),
      flags: z
        .string()
        .regex(/^[imsu]*$/, "flags may only be i, m, s, u")
        .optional(),
    })
    .refine((f) => {
      try {
        new RegExp(f.re, f.flags);
        return true;
      } catch {
        return false;
      }
    }, "re is not a valid regular expression"),
]);
export type Fact = z.infer<typeof fact>;

const turn = z.strictObject({
  say: z.string().trim().min(1).max(4096),
  replyHas: z.array(fact).optional(),
  replyLacks: z.array(fact).optional(),
});

const notes = z.array(z.string().trim().min(1)).min(1).optional();

const booking = z.strictObject({
  partySize: z.number().int().min(1),
  when: localTime,
  name: z.string().trim().min(1).optional(),
  status: z.enum(["confirmed", "cancelled"]).optional(),
  notes,
});

const order = z.strictObject({
  items: z.array(z.strictObject({ item: z.string().min(1), qty: z.number().int().min(1) })).min(1),
  fulfilment: z.enum(["pickup", "delivery"]),
  address: z.string().trim().min(1).optional(),
  total: z.number().int().min(0).optional(),
  notes,
});

const lead = z.strictObject({
  name: z.string().trim().min(1).optional(),
  email: z.email(),
  interest: z.string().trim().min(1).optional(),
});

/** An appointment a case expects at the end (trades corpus): the service's English name, the staff member's first name. */
const appointment = z.strictObject({
  service: z.string().trim().min(1),
  staff: z.string().trim().min(1).optional(),
  when: localTime,
  status: z.enum(["booked", "confirmed", "cancelled"]).optional(),
});

/** Another customer's appointment, booked before the conversation starts (a fully booked morning). */
const takenAppointment = z.strictObject({ service: z.string().trim().min(1), staff: z.string().trim().min(1), when: localTime });

const caseFields = <const B extends readonly [string, ...string[]]>(names: B) =>
  z.strictObject({
    id: z.string().regex(new RegExp(`^u-(en|pt|es)-(${names.join("|")})-([1-9]|10)-\\d{2,}$`), "must look like u-<lang>-<business>-<pattern>-<nn>"),
    business: z.enum(names),
    pattern: z.number().int().min(1).max(10),
    lang: z.enum(langs),
    persona: z.string().min(1),
    now: localTime.optional(),
    turns: z.array(turn).min(1).max(8),
    outcome: z.strictObject({
      handoff: z.boolean(),
      personOffered: z.boolean().optional(),
      replyLang: z.enum(langs).optional(),
      bookings: z.array(booking).optional(),
      orders: z.array(order).optional(),
      leads: z.array(lead).optional(),
    }),
  });

const idRepeats = {
  message: "the id must repeat the case's lang, business and pattern: u-<lang>-<business>-<pattern>-<nn>",
  path: ["id"],
};
const repeatsId = (c: { id: string; lang: string; business: string; pattern: number }) => c.id.startsWith(`u-${c.lang}-${c.business}-${c.pattern}-`);

export const unseenCase = caseFields(businesses).refine(repeatsId, idRepeats);

/**
 * The same format for another corpus of other businesses (tests/conversations/trades: salons, clinics,
 * shops), which may also expect appointments and book other customers' appointments before it starts.
 */
export function appointmentCase<const B extends readonly [string, ...string[]]>(names: B) {
  const base = caseFields(names);
  return base
    .extend({
      taken: z.array(takenAppointment).min(1).optional(),
      outcome: base.shape.outcome.extend({ appointments: z.array(appointment).optional() }),
    })
    .refine(repeatsId, idRepeats);
}

export type UnseenCase = z.infer<typeof unseenCase>;
export type ExpectedBooking = NonNullable<UnseenCase["outcome"]["bookings"]>[number];
export type ExpectedOrder = NonNullable<UnseenCase["outcome"]["orders"]>[number];
export type ExpectedLead = NonNullable<UnseenCase["outcome"]["leads"]>[number];
export type ExpectedAppointment = z.infer<typeof appointment>;
export type TakenAppointment = z.infer<typeof takenAppointment>;

/** Wednesday 25 November 2026, 16:00, business-local: the default `now`. */
export const DEFAULT_NOW = "2026-11-25T16:00";

/** Parses one file's cases; the problems name the file, the case's id (or index) and the field. */
export function parseCases(file: string, json: unknown): { cases: UnseenCase[]; problems: string[] } {
  return parseCasesWith(unseenCase, file, json);
}

/** parseCases with another corpus's case schema. */
export function parseCasesWith<T>(schema: z.ZodType<T>, file: string, json: unknown): { cases: T[]; problems: string[] } {
  if (!Array.isArray(json)) return { cases: [], problems: [`${file}: not a JSON array of cases`] };
  const cases: T[] = [];
  const problems: string[] = [];
  json.forEach((raw, i) => {
    const parsed = schema.safeParse(raw);
    if (parsed.success) cases.push(parsed.data);
    else {
      const id = raw && typeof raw === "object" && typeof (raw as { id?: unknown }).id === "string" ? (raw as { id: string }).id : `case #${i + 1}`;
      for (const issue of parsed.error.issues) problems.push(`${file}: ${id}: ${issue.path.join(".") || "(case)"}: ${issue.message}`);
    }
  });
  return { cases, problems };
}

// The split (issue 35): within each (pattern, language) group, ids sorted by sha256(seed + id), the
// first 30 % rounded up are held out. A case's part follows from its group and the seed alone.
export const SPLIT_SEED = "issue-35-unseen-2026";
export const HELD_OUT_SHARE = 0.3;

const rank = (seed: string, id: string) =>
  createHash("sha256")
    .update(seed + id)
    .digest("hex");

/** The ids of the held-out part (another corpus passes its own seed). */
export function heldOutIds(cases: Array<Pick<UnseenCase, "id" | "pattern" | "lang">>, seed = SPLIT_SEED): Set<string> {
  const groups = new Map<string, string[]>();
  for (const c of cases) {
    const key = `${c.pattern}/${c.lang}`;
    groups.set(key, [...(groups.get(key) ?? []), c.id]);
  }
  const out = new Set<string>();
  for (const ids of groups.values()) {
    const sorted = [...ids].sort((a, b) => (rank(seed, a) < rank(seed, b) ? -1 : rank(seed, a) > rank(seed, b) ? 1 : a < b ? -1 : 1));
    for (const id of sorted.slice(0, Math.ceil(ids.length * HELD_OUT_SHARE))) out.add(id);
  }
  return out;
}

/**
 * JSON as biome formats it (the tree's formatter, line width 150): objects one key a line, an array of
 * plain values on one line when it fits, otherwise one element a line. The split's output is then
 * stable and passes `biome check` without a rewrite.
 */
export function formatJson(value: unknown, indent = 0, column = 0, trailing = 0): string {
  const pad = " ".repeat(indent);
  const inner = " ".repeat(indent + 2);
  if (Array.isArray(value)) {
    if (!value.length) return "[]";
    if (value.every((v) => v === null || typeof v !== "object")) {
      const flat = `[${value.map((v) => JSON.stringify(v)).join(", ")}]`;
      if (column + flat.length + trailing <= 150) return flat;
    }
    const lines = value.map((v, i) => inner + formatJson(v, indent + 2, indent + 2, i < value.length - 1 ? 1 : 0));
    return `[\n${lines.join(",\n")}\n${pad}]`;
  }
  if (value && typeof value === "object") {
    const entries = Object.entries(value).filter(([, v]) => v !== undefined);
    if (!entries.length) return "{}";
    const lines = entries.map(([k, v], i) => {
      const head = `${inner}${JSON.stringify(k)}: `;
      return head + formatJson(v, indent + 2, head.length, i < entries.length - 1 ? 1 : 0);
    });
    return `{\n${lines.join(",\n")}\n${pad}}`;
  }
  return JSON.stringify(value);
}
