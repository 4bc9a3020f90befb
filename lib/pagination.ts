import { type AnyColumn, and, type Column, getTableName, type SQL, sql } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import { z } from "zod";
import type { Db } from "./db/client";
import { type Statement, statement } from "./db/statement";
import {
  columnsOf,
  type IsoRowOf,
  type RowOf,
  selectList,
  selectStatementIsoRows,
  selectStatementRows,
  selectTableRows,
  selectText,
} from "./db/table-rows";
import { invalid } from "./errors";

export type Page<T> = { data: T[]; nextCursor: string | null };
export type PageParams = { limit: number; cursor?: string | null };

// Query-string paging: `limit` is parsed strictly (limit=abc is a 400), 1..200, default 50.
export const limitParam = z
  .string()
  .regex(/^\d+$/, "limit must be an integer between 1 and 200")
  .transform(Number)
  .pipe(z.number().int().min(1, "limit must be at least 1").max(200, "limit must be at most 200"))
  .optional()
  .default(50)
  .describe("Page size, 1..200 (default 50).");

export const cursorParam = z.string().min(1).max(200).optional().describe("The `nextCursor` of the previous page.");

/** A row's place in a list; its createdAt a Date or, in a view's rows, the ISO text (lib/db/table-rows.ts). */
type Position = { createdAt: Date | string; id: string };
/** A decoded cursor: the (createdAt, id) after which a page starts. */
type Cursor = { createdAt: Date; id: string };

// Every instant a request carries (cursors, `since`, `from`/`to`, expiry dates) is held to 1970..9999.
// JavaScript's Date reaches year 275760 and writes years past 9999 as "+275760-09-13T..", which Postgres
// cannot read: left unchecked, such a value was a 500 instead of a 400.
export const MIN_INSTANT_MS = 0;
export const MAX_INSTANT_MS = Date.UTC(9999, 11, 31, 23, 59, 59, 999);
export const instantInRange = (d: Date): boolean => {
  const ms = d.getTime();
  return Number.isFinite(ms) && ms >= MIN_INSTANT_MS && ms <= MAX_INSTANT_MS;
};
export const INSTANT_RANGE_MESSAGE = "Must be a date between 1970-01-01 and 9999-12-31.";

// A cursor is the (createdAt, id) of the last row seen; the id prefix binds it to one kind of list.
export function encodeCursor(row: Position): string {
  const ms = typeof row.createdAt === "string" ? Date.parse(row.createdAt) : row.createdAt.getTime();
  return Buffer.from(`${ms}.${row.id}`).toString("base64url");
}

export function decodeCursor(cursor: string, idPrefix: string, param = "cursor"): Cursor {
  const raw = /^[A-Za-z0-9_-]+$/.test(cursor) ? Buffer.from(cursor, "base64url").toString("utf8") : "";
  const match = /^(\d{1,15})\.([A-Za-z0-9_-]{1,80})$/.exec(raw);
  const malformed = () => invalid([{ path: param, message: "The cursor is malformed or belongs to another list." }]);
  if (!match?.[2].startsWith(idPrefix)) throw malformed();
  const createdAt = new Date(Number(match[1]));
  if (!instantInRange(createdAt)) throw malformed();
  return { createdAt, id: match[2] };
}

/** Keyset condition: rows strictly after the cursor in (createdAt desc, id desc) order. */
export function afterCursor(createdAt: AnyColumn, id: AnyColumn, cursor: Cursor | null): SQL | undefined {
  if (!cursor) return undefined;
  return sql`(${createdAt}, ${id}) < (${cursor.createdAt.toISOString()}::timestamptz, ${cursor.id})`;
}

/** Turns `limit + 1` fetched rows into a page. */
export function toPage<R extends Position, T>(rows: R[], limit: number, map: (row: R) => T): Page<T> {
  // A plain loop into a plain array: the driver's row list may be an Array subclass (postgres.js's
  // Result), whose slice and map would each make another one.
  const n = Math.min(rows.length, limit);
  const data = new Array<T>(n);
  for (let i = 0; i < n; i++) data[i] = map(rows[i]);
  return { data, nextCursor: rows.length > limit ? encodeCursor(rows[n - 1]) : null };
}

/** A view's instant: a Date written out, or the ISO text a view's row already holds (selectStatementIsoRows). */
export const iso = (d: Date | string | null | undefined): string | null => (d ? (typeof d === "string" ? d : d.toISOString()) : null);

/** A table listed by keyset: its rows are ordered by (createdAt desc, id desc). */
type KeysetTable = PgTable & { createdAt: PgColumn; id: PgColumn };

/**
 * One page of a keyset-paged list, newest first: the rows of `table` matching `where` (conditions
 * that are undefined are left out) strictly after the cursor, `limit + 1` fetched so that a further
 * row tells there is a next page, mapped by `view`. A cursor from another list (its id prefix is not
 * `idPrefix`) or a malformed one is a 400 on `cursorParam`.
 */
type ListOptions = {
  idPrefix: string;
  page: { limit: number; cursor?: string | null };
  where: (SQL | undefined)[];
  /** The query parameter the cursor came in (`before` for messages). */
  cursorParam?: string;
};

export async function listPage<T extends KeysetTable, Out>(
  db: Db,
  table: T,
  opts: ListOptions,
  view: (row: T["$inferSelect"]) => Out,
): Promise<Page<Out>> {
  const { limit, cursor: raw } = opts.page;
  const cursor = raw ? decodeCursor(raw, opts.idPrefix, opts.cursorParam) : null;
  const where = and(...opts.where, afterCursor(table.createdAt, table.id, cursor));
  const query = sql`select ${selectList(table)} from ${table} ${where ? sql`where ${where}` : sql``}
    order by ${table.createdAt} desc, ${table.id} desc limit ${limit + 1}`;
  return toPage((await selectTableRows(db, query, table)) as (T["$inferSelect"] & Position)[], limit, view);
}

/** An equality filter of keysetPage: `column = value`, or `column is null` for a null value. */
export type Equals = readonly [PgColumn, string | null];
/**
 * A filter of keysetPage: an equality (Equals); `{ ilike, pattern }`, any of the columns matching the
 * pattern (its LIKE escapes are the caller's); or `{ contains, value }`, a text[] column holding the value.
 */
export type Filter = Equals | { ilike: readonly PgColumn[]; pattern: string } | { contains: PgColumn; value: string };

/** A filter's condition, its value bound by `param` (which answers the placeholder, `$n`). */
function filterText(filter: Filter, param: (value: string) => string): string {
  if ("ilike" in filter) {
    const pattern = param(filter.pattern);
    return `(${filter.ilike.map((column) => `"${column.name}" ilike ${pattern}`).join(" or ")})`;
  }
  if ("contains" in filter) return `"${filter.contains.name}" @> array[${param(filter.value)}::text]`;
  const [column, value] = filter;
  return value === null ? `"${column.name}" is null` : `"${column.name}" = ${param(value)}`;
}

const keysetStatements = new Map<string, Statement>();

/**
 * listPage for the hot lists (the inbox by status, contact and member; the contacts by search and tag):
 * the same page, read with a statement written once per combination of filters (lib/db/statement.ts)
 * instead of a drizzle query built and rendered on every request. Filters that are undefined are left
 * out; the combinations are few (each filter is there or not), so the statements are too.
 */
type KeysetOptions = { idPrefix: string; page: { limit: number; cursor?: string | null }; filters: (Filter | undefined)[] };
/**
 * The columns the view reads (pickColumns, a module constant, with `createdAt` and `id`: the page's
 * position): only they are selected and decoded. Without it, every column of the table.
 */
type Picked<C> = { select: { columns: C; aliased: string } };
// With `select`, the view's rows hold their timestamps as ISO text (selectStatementIsoRows): a list's view
// only writes them out.

export function keysetPage<T extends KeysetTable, Out>(
  db: Db,
  table: T,
  opts: KeysetOptions,
  view: (row: T["$inferSelect"]) => Out,
): Promise<Page<Out>>;
export function keysetPage<T extends KeysetTable, C extends Record<string, Column>, Out>(
  db: Db,
  table: T,
  opts: KeysetOptions & Picked<C>,
  view: (row: IsoRowOf<C>) => Out,
): Promise<Page<Out>>;
export async function keysetPage<Out>(
  db: Db,
  table: KeysetTable,
  opts: KeysetOptions & Partial<Picked<Record<string, Column>>>,
  view: (row: RowOf<Record<string, Column>> & Position) => Out,
): Promise<Page<Out>> {
  const { limit, cursor: raw } = opts.page;
  const cursor = raw ? decodeCursor(raw, opts.idPrefix) : null;
  const params: unknown[] = [limit + 1];
  let conditions = "";
  const param = (value: string) => `$${params.push(value)}`;
  for (const filter of opts.filters) if (filter) conditions += ` and ${filterText(filter, param)}`;
  if (cursor) conditions += ` and ("created_at", "id") < (${param(cursor.createdAt.toISOString())}::timestamptz, ${param(cursor.id)})`;
  const list = opts.select?.aliased ?? selectText(table);
  const key = `${getTableName(table)}:${list}:${conditions}`;
  let run = keysetStatements.get(key);
  if (!run) {
    run = statement(`select ${list} from "${getTableName(table)}" where true${conditions} order by "created_at" desc, "id" desc limit $1`);
    keysetStatements.set(key, run);
  }
  const rows = (
    opts.select ? await selectStatementIsoRows(db, run, params, opts.select.columns) : await selectStatementRows(db, run, params, columnsOf(table))
  ) as (RowOf<Record<string, Column>> & Position)[];
  return toPage(rows, limit, view);
}
