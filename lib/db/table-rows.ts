import { Column, getTableColumns, type SQL, sql, type Table } from "drizzle-orm";
import { PgTimestamp } from "drizzle-orm/pg-core";
import type { Db } from "./client";
import { queryRows } from "./rows";
import type { Statement } from "./statement";

type Columns = Record<string, Column>;
/** The value type a set of columns selects, as drizzle's `select(columns)` gives it. */
export type RowOf<C extends Columns> = { [K in keyof C]: C[K]["_"]["notNull"] extends true ? C[K]["_"]["data"] : C[K]["_"]["data"] | null };

type Reader = (row: Record<string, unknown>) => Record<string, unknown>;
const readers = new WeakMap<object, Reader>();
const passThrough = Column.prototype.mapFromDriverValue;

/** A row of `columns` whose timestamps are the ISO 8601 text a view writes (selectStatementIsoRows). */
export type IsoRowOf<C extends Columns> = { [K in keyof C]: RowOf<C>[K] extends infer V ? (V extends Date ? string : V) : never };

/** A row type whose timestamps may be Dates (drizzle's rows) or ISO text (selectStatementIsoRows): what a view takes. */
export type DatesOrIso<R> = { [K in keyof R]: R[K] extends infer V ? (V extends Date ? Date | string : V) : never };

// Postgres writes a timestamptz (DateStyle ISO, the default) in UTC sessions as `2026-11-28 03:05:10.594+00`,
// with the fraction's trailing zeros left out and none at all for whole seconds: 22 characters, or 24 to
// 29 with a fraction of 1 to 6 digits.
const SEPARATORS: Record<number, number> = { 4: 45, 7: 45, 10: 32, 13: 58, 16: 58, 19: 46 };

/** Whether `v` is that text: `yyyy-mm-dd hh:mm:ss[.f{1,6}]+00`, checked character by character. */
function isUtcText(v: string): boolean {
  const n = v.length;
  if (n !== 22 && (n < 24 || n > 29)) return false;
  if (v.charCodeAt(n - 3) !== 43 || v.charCodeAt(n - 2) !== 48 || v.charCodeAt(n - 1) !== 48) return false;
  for (let i = 0; i < n - 3; i++) {
    const c = v.charCodeAt(i);
    const separator = SEPARATORS[i];
    if (separator === undefined ? c < 48 || c > 57 : c !== separator) return false;
  }
  return true;
}

/**
 * A timestamp as the driver gives it, as `Date#toISOString` writes it (`2026-11-28T03:05:10.594Z`, the
 * fraction cut to milliseconds as Date cuts it), cut and pasted from the text itself when it is UTC text:
 * a Date made and written again costs about 2 µs a value on these machines, 100 µs of a 50-row page (and
 * a regular expression's match, its array and captures, a third of that). Anything else (another time
 * zone or DateStyle, a year past 9999) goes through the column's own Date.
 */
export function isoTimestamp(value: unknown, column: Column): string {
  if (typeof value !== "string" || !isUtcText(value)) return (column.mapFromDriverValue(value) as Date).toISOString();
  const n = value.length;
  const date = value.slice(0, 10);
  if (n >= 26) return `${date}T${value.slice(11, 23)}Z`;
  if (n === 22) return `${date}T${value.slice(11, 19)}.000Z`;
  return `${date}T${value.slice(11, n - 3)}${n === 24 ? "00" : "0"}Z`;
}

/**
 * The function that turns a driver row into drizzle's row for `columns`, made once per column set: one
 * object literal of fixed shape, each property read by its database name, and only the columns that
 * convert what the driver gives (timestamps, bigints, JSON text) through their mapFromDriverValue. The
 * source is made from the schema's own names (never from input), so it is as safe as the schema file.
 */
function readerOf(columns: Columns): Reader {
  let reader = readers.get(columns);
  if (!reader) {
    const entries = Object.entries(columns);
    const decoders = entries.map(([, column]) => (column.mapFromDriverValue === passThrough ? null : column));
    const reads = entries.map(([, column], i) => `const v${i} = row[${JSON.stringify(column.name)}];`);
    const props = entries.map(
      ([key], i) => `${JSON.stringify(key)}: ${decoders[i] ? `v${i} === null ? null : d[${i}].mapFromDriverValue(v${i})` : `v${i}`}`,
    );
    reader = new Function("d", `return function read(row) { ${reads.join(" ")} return { ${props.join(", ")} }; };`)(decoders) as Reader;
    readers.set(columns, reader);
  }
  return reader;
}

const tableColumns = new WeakMap<Table, Columns>();
/** Every column of `table`, by property (drizzle's getTableColumns, made once per table). */
export function columnsOf(table: Table): Columns {
  let columns = tableColumns.get(table);
  if (!columns) {
    columns = getTableColumns(table) as Columns;
    tableColumns.set(table, columns);
  }
  return columns;
}

/**
 * Runs `query`, which selects (by their database names) the columns of `columns`, and returns the rows
 * as drizzle's `select(columns)` would: keyed by property, each non-null value through its column's
 * mapFromDriverValue. drizzle's own row mapping does that with checks on every cell for joins and
 * computed fields (about 4 µs a row here, 190 µs of a 50-row page); this reads the driver's rows
 * with a reader made once per column set (readerOf). Keep `columns` a module constant: the reader is cached on it.
 */
export async function selectRows<C extends Columns>(db: Db, query: { getSQL(): SQL }, columns: C): Promise<RowOf<C>[]> {
  return readRows(await queryRows<Record<string, unknown>>(db, query.getSQL()), columns);
}

/** selectRows for a statement written once (lib/db/statement.ts): `run` selects `columns` by their database names. */
export async function selectStatementRows<C extends Columns>(db: Db, run: Statement, params: readonly unknown[], columns: C): Promise<RowOf<C>[]> {
  return readRows(await run(db, params), columns);
}

/**
 * selectStatementRows with the timestamps as the ISO text a view writes (isoTimestamp), for a hot page
 * whose view only writes them out: no Date is made for them. `run` selects `columns` under their
 * property names (pickColumns' `aliased` list), so the driver's rows are already keyed as drizzle's
 * rows are: the columns that convert are converted in place (isoConverterOf) and no second object is
 * made per row (on a 50-row page, 50 objects of garbage fewer per request).
 */
export async function selectStatementIsoRows<C extends Columns>(
  db: Db,
  run: Statement,
  params: readonly unknown[],
  columns: C,
): Promise<IsoRowOf<C>[]> {
  const rows = await run(db, params);
  const convert = isoConverterOf(columns);
  for (let i = 0; i < rows.length; i++) convert(rows[i]);
  return rows as unknown as IsoRowOf<C>[];
}

type Converter = (row: Record<string, unknown>) => void;
const isoConverters = new WeakMap<object, Converter>();

/**
 * What readerOf does, done in place on a row already keyed by property, with timestamps written as ISO
 * text (isoTimestamp): only the columns that convert what the driver gives (timestamps, JSON text,
 * bigints) are rewritten. Made once per column set from the schema's own names.
 */
function isoConverterOf(columns: Columns): Converter {
  let convert = isoConverters.get(columns);
  if (!convert) {
    const decoders: Column[] = [];
    const steps: string[] = [];
    for (const [key, column] of Object.entries(columns)) {
      if (column.mapFromDriverValue === passThrough) continue;
      const i = decoders.push(column) - 1;
      const k = JSON.stringify(key);
      const decode = column instanceof PgTimestamp ? `iso(v, d[${i}])` : `d[${i}].mapFromDriverValue(v)`;
      steps.push(`v = row[${k}]; if (v !== null) row[${k}] = ${decode};`);
    }
    convert = new Function("d", "iso", `return function convert(row) { let v; ${steps.join(" ")} };`)(decoders, isoTimestamp) as Converter;
    isoConverters.set(columns, convert);
  }
  return convert;
}

function readRows<C extends Columns>(raw: Record<string, unknown>[], columns: C): RowOf<C>[] {
  const read = readerOf(columns);
  const out = new Array<RowOf<C>>(raw.length);
  for (let i = 0; i < raw.length; i++) out[i] = read(raw[i]) as RowOf<C>;
  return out;
}

/**
 * `db.select().from(table)...` (every column of `table`, in any where/order/limit) as selectRows reads
 * it: the rows exactly as awaiting the query would give them. For the hot list reads (lib/pagination.ts).
 */
export async function selectTableRows<T extends Table>(db: Db, query: { getSQL(): SQL }, table: T): Promise<T["$inferSelect"][]> {
  return (await selectRows(db, query, columnsOf(table))) as T["$inferSelect"][];
}

/** Columns as the list a hand-written `select` names them by. */
const columnText = (columns: Column[]): string => columns.map((c) => `"${c.name}"`).join(", ");

/** The same list with each column under its property name (`"created_at" as "createdAt"`), for selectStatementIsoRows. */
const aliasedText = (columns: Record<string, Column>): string =>
  Object.entries(columns)
    .map(([key, c]) => (c.name === key ? `"${key}"` : `"${c.name}" as "${key}"`))
    .join(", ");

const selectTexts = new WeakMap<Table, string>();
/** Every column of `table` as the list a hand-written statement names (lib/db/statement.ts), made once per table. */
export function selectText(table: Table): string {
  let text = selectTexts.get(table);
  if (text === undefined) {
    text = columnText(Object.values(columnsOf(table)));
    selectTexts.set(table, text);
  }
  return text;
}

const selectLists = new WeakMap<Table, SQL>();
/**
 * Every column of `table` as the list a hand-written `select` names (made once per table): with it a hot
 * read is a short template, not drizzle's select builder, which renders each column anew on every
 * request (about 100-200 µs for a 15-20 column table on these machines).
 */
export function selectList(table: Table): SQL {
  let list = selectLists.get(table);
  if (!list) {
    list = sql.raw(selectText(table));
    selectLists.set(table, list);
  }
  return list;
}

/**
 * `columns` of a table, picked by property, with the list that selects them by their database names (for
 * selectRows and selectStatementRows, as SQL and as text) and under their property names (`aliased`, for
 * selectStatementIsoRows).
 */
export function pickColumns<T extends Table, K extends keyof T["_"]["columns"] & string>(table: T, keys: readonly K[]) {
  const all = getTableColumns(table) as Record<string, Column>;
  const columns = Object.fromEntries(keys.map((k) => [k, all[k]])) as Pick<T["_"]["columns"], K>;
  const text = columnText(Object.values(columns));
  return { columns, list: sql.raw(text), text, aliased: aliasedText(columns) };
}

/**
 * Every column of `table` out of the table or CTE named `alias`, each as `alias.column` (`m."id" as
 * "m.id"`): the rows of two tables side by side in one result row, which prefixedRow reads back.
 */
export function prefixedText(alias: string, table: Table): string {
  let byAlias = prefixedTexts.get(table);
  if (!byAlias) {
    byAlias = new Map();
    prefixedTexts.set(table, byAlias);
  }
  let text = byAlias.get(alias);
  if (text === undefined) {
    text = Object.values(columnsOf(table))
      .map((c) => `${alias}."${c.name}" as "${alias}.${c.name}"`)
      .join(", ");
    byAlias.set(alias, text);
  }
  return text;
}
const prefixedTexts = new WeakMap<Table, Map<string, string>>();

/**
 * `table`'s row among a result row's `alias.column` values (prefixedText), as drizzle gives it: keyed by
 * property, each non-null value through its column's mapFromDriverValue.
 */
export function prefixedRow<T extends Table>(alias: string, table: T, row: Record<string, unknown>): T["$inferSelect"] {
  const out: Record<string, unknown> = {};
  for (const [prop, column] of Object.entries(columnsOf(table))) {
    const value = row[`${alias}.${column.name}`];
    out[prop] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return out as T["$inferSelect"];
}
