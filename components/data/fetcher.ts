// The dashboard's client-side fetch helper for the operations under /v1 (public and /v1/internal, the
// member's session cookie is the credential): JSON in, JSON out, and every non-2xx
// answer thrown as a typed DashboardError carrying the API's error body.

export type ErrorDetail = { path: string; message: string };

export class DashboardError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly requestId?: string,
    readonly details?: ErrorDetail[],
  ) {
    super(message);
    this.name = "DashboardError";
  }
}

type Query = Record<string, string | number | boolean | null | undefined>;

export function withQuery(path: string, query?: Query): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null && v !== "") params.set(k, String(v));
  const qs = params.toString();
  return qs ? `${path}${path.includes("?") ? "&" : "?"}${qs}` : path;
}

// While the page signs itself in again (a password change ends every session, this one included, and
// the form signs back in with the new password), a 401 from a request of that moment (the inbox
// counter's refresh) is that gap, not a signed-out visitor: the page is not sent to sign in.
let signingInAgain = 0;

/** Runs `work` (ending this session and signing in again) with 401s of its requests kept on the page. */
export async function whileSigningInAgain<T>(work: () => Promise<T>): Promise<T> {
  signingInAgain += 1;
  try {
    return await work();
  } finally {
    signingInAgain -= 1;
  }
}

export async function apiFetch<T>(path: string, opts: { method?: string; body?: unknown; query?: Query; signal?: AbortSignal } = {}): Promise<T> {
  const startedInGap = signingInAgain > 0;
  let res: Response;
  try {
    res = await fetch(withQuery(path, opts.query), {
      method: opts.method ?? (opts.body === undefined ? "GET" : "POST"),
      headers: opts.body === undefined ? { accept: "application/json" } : { accept: "application/json", "content-type": "application/json" },
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
      credentials: "same-origin",
      cache: "no-store",
      signal: opts.signal,
    });
  } catch (err) {
    if ((err as Error)?.name === "AbortError") throw err;
    throw new DashboardError(0, "network_error", "Could not reach the server. Check your connection and try again.");
  }
  const text = await res.text();
  let data: unknown = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {}
  if (!res.ok) {
    const error = (data as { error?: { code?: string; message?: string; requestId?: string; details?: ErrorDetail[] } } | null)?.error;
    if (res.status === 401 && typeof window !== "undefined" && !startedInGap && signingInAgain === 0) {
      window.location.assign(`/sign-in?callbackUrl=${encodeURIComponent(window.location.pathname + window.location.search)}`);
    }
    throw new DashboardError(
      res.status,
      error?.code ?? "http_error",
      error?.message ?? `The server answered ${res.status}.`,
      error?.requestId,
      error?.details,
    );
  }
  return data as T;
}

/** A readable one-liner for any error thrown by apiFetch (or anything else). */
export function errorMessage(err: unknown): string {
  if (err instanceof DashboardError) {
    const detail = err.details?.length ? ` (${err.details.map((d) => (d.path ? `${d.path}: ${d.message}` : d.message)).join("; ")})` : "";
    return err.message + detail;
  }
  return err instanceof Error ? err.message : "Something went wrong.";
}

/** Uploads one file as multipart/form-data (field `file`) and returns the endpoint's JSON answer. */
export async function apiUpload<T>(path: string, file: File | Blob, filename?: string): Promise<T> {
  const form = new FormData();
  form.set("file", file, filename ?? (file instanceof File ? file.name : "file"));
  let res: Response;
  try {
    res = await fetch(path, { method: "POST", body: form, credentials: "same-origin", cache: "no-store", headers: { accept: "application/json" } });
  } catch {
    throw new DashboardError(0, "network_error", "Could not reach the server. Check your connection and try again.");
  }
  const data = (await res.json().catch(() => null)) as (T & { error?: { code?: string; message?: string; requestId?: string } }) | null;
  if (!res.ok) {
    throw new DashboardError(
      res.status,
      data?.error?.code ?? "http_error",
      data?.error?.message ?? `The server answered ${res.status}.`,
      data?.error?.requestId,
    );
  }
  return data as T;
}
