/** The request header proxy.ts sets on dashboard pages: the path (and query) the visitor opened. */
export const DASHBOARD_PATH_HEADER = "x-convo-dashboard-path";

/** Where a visitor without a session goes: the sign-in page, which then returns them to `path` (a same-site path only). */
export function signInPathFor(path: string | null): string {
  if (!path?.startsWith("/") || path.startsWith("//")) return "/sign-in";
  return `/sign-in?callbackUrl=${encodeURIComponent(path)}`;
}
