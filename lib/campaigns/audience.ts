import "server-only";
import Papa from "papaparse";
import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { containsPattern } from "../db/like";
import { queryRows } from "../db/rows";
import { invalid } from "../errors";
import type { AudienceIn } from "./campaign-schema";

const E164 = /^\+[1-9]\d{6,14}$/;

/** A CSV cell as an E.164 number: spaces, dashes, dots and brackets dropped, `00` or a bare number read as international. */
export function csvPhone(cell: string): string | null {
  const compact = cell.trim().replace(/[\s\-.()]/g, "");
  if (!compact) return null;
  const plus = compact.startsWith("+") ? compact : compact.startsWith("00") ? `+${compact.slice(2)}` : `+${compact}`;
  return E164.test(plus) ? plus : null;
}

/**
 * The phones of a CSV: its `phone` column (any case; `telefone`, `teléfono`, `mobile`, `whatsapp` too), or
 * its first column without such a header. A bad cell is a 400 naming its row and value.
 */
export function phonesFromCsv(csv: string): string[] {
  const parsed = Papa.parse<string[]>(csv.trim(), { skipEmptyLines: true });
  const rows = parsed.data.filter((r) => Array.isArray(r) && r.some((c) => String(c).trim()));
  if (!rows.length) throw invalid([{ path: "audience.csv", message: "The CSV has no rows." }]);
  const header = rows[0].map((c) => String(c).trim().toLowerCase());
  let column = header.findIndex((h) => /^(phone|phone number|telefone|telefono|teléfono|mobile|celular|whatsapp|number)$/.test(h));
  let start = 1;
  if (column < 0) {
    column = 0;
    // No known header: the first row is data when its first cell is a phone, a header otherwise.
    start = csvPhone(String(rows[0][0] ?? "")) ? 0 : 1;
  }
  const phones: string[] = [];
  const bad: { path: string; message: string }[] = [];
  for (let i = start; i < rows.length; i++) {
    const cell = String(rows[i][column] ?? "");
    const phone = csvPhone(cell);
    if (phone) phones.push(phone);
    else if (bad.length < 20) bad.push({ path: "audience.csv", message: `row ${i + 1}: '${cell.slice(0, 40)}' is not a phone number` });
  }
  if (bad.length) throw invalid(bad, "The CSV has rows whose phone is not a number in international form (such as +14155550123).");
  return phones;
}

export function audiencePhones(audience: AudienceIn): string[] | null {
  if (!audience.phones && !audience.csv) return null;
  return [...new Set([...(audience.phones ?? []), ...(audience.csv ? phonesFromCsv(audience.csv) : [])])];
}

const textArray = (values: string[]) =>
  sql`array[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}]::text[]`;

/** The WHERE of an audience over `contacts c` (opted-out contacts not excluded here). */
export function audienceWhere(businessId: string, audience: AudienceIn, phones: string[] | null): SQL {
  // A contact known by a username alone cannot be written to (WhatsApp sends to a phone or a BSUID).
  const parts: SQL[] = [sql`c.business_id = ${businessId}`, sql`(c.phone is not null or c.wa_user_id is not null)`];
  if (audience.tags?.any?.length) parts.push(sql`c.tags && ${textArray(audience.tags.any)}`);
  if (audience.tags?.all?.length) parts.push(sql`c.tags @> ${textArray(audience.tags.all)}`);
  if (audience.search) {
    const like = containsPattern(audience.search);
    parts.push(sql`(c.name ilike ${like} or c.phone ilike ${like} or c.username ilike ${like})`);
  }
  if (audience.wroteWithinDays) {
    parts.push(sql`exists (select 1 from conversations v where v.business_id = c.business_id and v.contact_id = c.id
      and v.last_inbound_at > now() - make_interval(days => ${audience.wroteWithinDays}))`);
  }
  // One parameter however many phones (a CSV may hold more than Postgres's 65,535 parameters); E.164
  // numbers hold no comma.
  if (phones) parts.push(phones.length ? sql`c.phone = any(string_to_array(${phones.join(",")}, ','))` : sql`false`);
  return sql.join(parts, sql` and `);
}

export const optedOutSql = sql`exists (select 1 from campaign_opt_outs o where o.business_id = c.business_id and o.contact_id = c.id and o.opted_out)`;

/** `phone` is the address the campaign writes to: the phone, or the BSUID of a contact WhatsApp names only by one. */
export type AudienceContact = { id: string; phone: string; name: string | null; metadata: Record<string, unknown> };

/** The audience's contacts who have not opted out, oldest first. */
export async function audienceContacts(db: Db, businessId: string, audience: AudienceIn, phones: string[] | null): Promise<AudienceContact[]> {
  return queryRows<AudienceContact>(
    db,
    sql`select c.id, coalesce(c.phone, c.wa_user_id) as phone, c.name, c.metadata from contacts c
      where ${audienceWhere(businessId, audience, phones)} and not ${optedOutSql}
      order by c.created_at, c.id`,
  );
}

/** How many the audience reaches and how many of it opted out (CSV phones not yet contacts count as reachable). */
export async function audienceCount(
  db: Db,
  businessId: string,
  audience: AudienceIn,
  phones: string[] | null,
): Promise<{ count: number; optedOut: number; sample: AudienceContact[] }> {
  const [row] = await queryRows<{ total: number; opted: number; known: number }>(
    db,
    sql`select count(*)::int as total, count(*) filter (where ${optedOutSql})::int as opted, count(*)::int as known
      from contacts c where ${audienceWhere(businessId, audience, phones)}`,
  );
  // Phones from a CSV that are not contacts yet match no other filter unless there is none.
  const onlyPhones = !audience.tags && !audience.search && !audience.wroteWithinDays;
  const unknown = phones && onlyPhones ? phones.length - row.known : 0;
  const sample = await queryRows<AudienceContact>(
    db,
    sql`select c.id, coalesce(c.phone, c.wa_user_id) as phone, c.name, c.metadata from contacts c
      where ${audienceWhere(businessId, audience, phones)} and not ${optedOutSql}
      order by c.created_at, c.id limit 5`,
  );
  return { count: row.total - row.opted + unknown, optedOut: row.opted, sample };
}
