import fs from "node:fs";
import path from "node:path";
import { createApiKey } from "@/lib/keys/api-keys";
import { createBusiness } from "@/lib/businesses/businesses";
import { db } from "@/lib/db/client";

// Calls the real Next route handlers (app/v1/**/route.ts) the way Next does: the module's exported
// method with a Request and a params promise, matched from the folder names like Next's router.
type Route = { regex: RegExp; names: string[]; file: string; catchAll: boolean };

function scanRoutes(dir: string, segments: string[] = []): Route[] {
  const out: Route[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...scanRoutes(full, [...segments, entry.name]));
    else if (entry.name === "route.ts") {
      const names: string[] = [];
      const pattern = segments
        .map((s) => {
          if (s.startsWith("[[...")) {
            names.push(s.slice(5, -2));
            return "?(.*)";
          }
          if (s.startsWith("[...")) {
            names.push(s.slice(4, -1));
            return "(.+)";
          }
          if (s.startsWith("[")) {
            names.push(s.slice(1, -1));
            return "([^/]+)";
          }
          return s.replace(/[.]/g, "\\.");
        })
        .join("/");
      out.push({
        regex: new RegExp(`^/v1/${pattern}$`),
        names,
        file: full,
        catchAll: segments.some((s) => s.startsWith("[...") || s.startsWith("[[...")),
      });
    }
  }
  return out;
}

export const routeFiles = scanRoutes(path.resolve(__dirname, "../../app/v1"), []);
// Static routes before dynamic ones, catch-all last, as Next resolves them.
routeFiles.sort((a, b) => Number(a.catchAll) - Number(b.catchAll) || a.names.length - b.names.length);

export type ApiResult = { status: number; body: any; headers: Headers };

export async function api(
  method: string,
  urlPath: string,
  opts: { key?: string | null; body?: unknown; rawBody?: string | Uint8Array; headers?: Record<string, string> } = {},
): Promise<ApiResult> {
  const url = new URL(urlPath, "http://localhost");
  const route = routeFiles.find((r) => r.regex.test(url.pathname));
  if (!route) throw new Error(`no route file for ${url.pathname}`);
  const match = route.regex.exec(url.pathname) as RegExpExecArray;
  const params = Object.fromEntries(
    route.names.map((n, i) => [n, route.catchAll && i === route.names.length - 1 ? match[i + 1].split("/") : decodeURIComponent(match[i + 1])]),
  );
  const mod = await import(route.file);
  const headers: Record<string, string> = { ...(opts.headers ?? {}) };
  if (opts.key) headers.authorization = `Bearer ${opts.key}`;
  let body: BodyInit | undefined;
  if (opts.rawBody !== undefined) body = opts.rawBody as BodyInit;
  else if (opts.body !== undefined) {
    body = JSON.stringify(opts.body);
    headers["content-type"] ??= "application/json";
  }
  const request = new Request(url, { method, headers, body });
  const res: Response = await mod[method](request, { params: Promise.resolve(params) });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {}
  return { status: res.status, body: parsed, headers: res.headers };
}

export type TestBusiness = { businessId: string; assistantId: string; key: string };

/** A fresh business with an all-scopes key, so tests never share state and can run in parallel. */
export async function makeBusiness(opts: { tokens?: number; scopes?: string[] | "all"; name?: string } = {}): Promise<TestBusiness> {
  const { businessId, assistantId } = await createBusiness(db(), { name: opts.name ?? "Test Co", tokens: opts.tokens ?? 10_000 });
  const { key } = await createApiKey(db(), businessId, { scopes: opts.scopes ?? "all", name: "test" });
  return { businessId, assistantId, key };
}

let phoneCounter = Math.floor(Math.random() * 1e6);
export const uniquePhone = () => `+1555${String(phoneCounter++ % 10_000_000).padStart(7, "0")}`;
