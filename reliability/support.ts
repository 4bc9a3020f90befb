// What every category of the reliability suite shares: the profile, the HTTP client, the documented
// error schema, and the database the suite owns.
import postgres from "postgres";
import { z } from "zod";
import { errorStatus } from "../lib/errors";

export const DATABASE_URL = process.env.RELIABILITY_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/convo_reliab";
export const ENCRYPTION_KEY = Buffer.alloc(32, 11).toString("base64");

const ci = process.env.RELIABILITY_PROFILE === "ci";
/** `ci` fits in about five minutes on the 2-core CI machine; the full profile is the documented run. */
export const profile = {
  name: ci ? "ci" : "full",
  badInputs: Number(process.env.RELIABILITY_BAD_INPUTS ?? (ci ? 2000 : 6000)),
  upserts: 50,
  rateSeconds: ci ? 3 : 5,
  crashRounds: ci ? 1 : 3,
  crashLoadMs: ci ? 2500 : 4000,
  outageEvents: ci ? 40 : 150,
  walletTurns: 20,
  seed: Number(process.env.RELIABILITY_SEED ?? Date.now() % 2 ** 31),
};

export type CategoryResult = { name: string; summary: string; failures: string[] };

export const errorBody = z
  .object({
    error: z
      .object({
        code: z.enum(Object.keys(errorStatus) as [keyof typeof errorStatus, ...(keyof typeof errorStatus)[]]),
        message: z.string().min(1),
        requestId: z.string().regex(/^req_[0-9A-Z]{26}$/),
        details: z.array(z.object({ path: z.string(), message: z.string() }).strict()).optional(),
      })
      .strict(),
  })
  .strict();

export type Reply = { status: number; text: string; json: any; headers: Headers; ms: number };

export async function call(
  base: string,
  method: string,
  path: string,
  opts: { key?: string | null; json?: unknown; body?: string | Uint8Array; headers?: Record<string, string>; timeoutMs?: number } = {},
): Promise<Reply> {
  const headers: Record<string, string> = { ...(opts.headers ?? {}) };
  if (opts.key) headers.authorization = `Bearer ${opts.key}`;
  let body: string | Uint8Array | undefined = opts.body;
  if (opts.json !== undefined) {
    body = JSON.stringify(opts.json);
    headers["content-type"] ??= "application/json";
  }
  const started = Date.now();
  const res = await fetch(base + path, {
    method,
    headers,
    body: body as BodyInit | undefined,
    signal: AbortSignal.timeout(opts.timeoutMs ?? 30_000),
  });
  const text = await res.text();
  let json: unknown = null;
  try {
    json = JSON.parse(text);
  } catch {}
  return { status: res.status, text, json, headers: res.headers, ms: Date.now() - started };
}

/** Problems with an answer that must be a documented error; empty when it is one. */
export function errorProblems(r: Reply): string[] {
  const out: string[] = [];
  const parsed = errorBody.safeParse(r.json);
  if (!parsed.success) return [`body is not the documented error: ${r.text.slice(0, 160)}`];
  const e = parsed.data.error;
  if (errorStatus[e.code] !== r.status) out.push(`code ${e.code} with status ${r.status}`);
  if (r.headers.get("x-request-id") !== e.requestId) out.push("X-Request-Id differs from error.requestId");
  if (!/^application\/json/.test(r.headers.get("content-type") ?? "")) out.push(`content-type ${r.headers.get("content-type")}`);
  return out;
}

export function adminSql(max = 4) {
  return postgres(DATABASE_URL, { max, onnotice: () => {} });
}

export async function recreateDatabase(): Promise<void> {
  const name = new URL(DATABASE_URL).pathname.slice(1);
  if (!/^[a-z0-9_]+$/.test(name)) throw new Error(`refusing to recreate database ${name}`);
  const admin = postgres(DATABASE_URL.replace(/\/[^/]*$/, "/postgres"), { max: 1, onnotice: () => {} });
  await admin.unsafe(`drop database if exists "${name}" with (force)`);
  await admin.unsafe(`create database "${name}"`);
  await admin.end();
}

/** A category run alone (RELIABILITY_ONLY): this process on the suite database, recreated and migrated. */
export async function freshSuiteDatabase(): Promise<void> {
  process.env.DATABASE_URL = DATABASE_URL;
  process.env.ENCRYPTION_KEY = ENCRYPTION_KEY;
  await recreateDatabase();
  const { migrate } = await import("../lib/db/migrate");
  await migrate();
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function until(check: () => Promise<boolean> | boolean, timeoutMs: number, stepMs = 100): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await sleep(stepMs);
  }
  return check();
}

/** Runs `tasks` with at most `limit` in flight. */
export async function pool<T>(items: T[], limit: number, task: (item: T, index: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        await task(items[i], i);
      }
    }),
  );
}
