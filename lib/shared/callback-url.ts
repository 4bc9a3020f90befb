// Where to go after signing in: only a path of this site. Checked by resolving it with new URL, as the
// browser will, and comparing origins: string prefix tests miss `/\evil.example` (a browser reads the
// backslash as a slash, so that is `//evil.example`), `/\t/evil.example` (tabs are dropped) and the like.
// Imported by the sign-in page, next-auth's redirect callback and the sign-in form (browser-safe).

/** `target` as a same-origin path (`/inbox?x=1#y`), or `fallback` when it would leave `origin`. */
export function sameOriginPath(target: string | null | undefined, origin: string, fallback = "/"): string {
  if (!target) return fallback;
  let base: URL;
  let url: URL;
  try {
    base = new URL(origin);
    url = new URL(target, base);
  } catch {
    return fallback;
  }
  if (url.origin !== base.origin) return fallback;
  // `/.//evil.example` resolves to the pathname `//evil.example`, which a browser would again read as
  // another host: one leading slash only.
  return `${url.pathname.replace(/^\/+/, "/")}${url.search}${url.hash}`;
}

/** The origin paths are checked against on the server: the configured public URL, else a stand-in (only paths pass then). */
export const siteOrigin = (): string => {
  try {
    return new URL(process.env.NEXTAUTH_URL ?? "").origin;
  } catch {
    return "http://localhost";
  }
};
