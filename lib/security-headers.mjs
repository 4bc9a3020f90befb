// Headers on every response Next serves (pages, the dashboard's endpoints, /v1): next.config.mjs reads
// them from here, so tests check the same list. Plain JavaScript because next.config.mjs imports it.
//
// The policy: everything from this site only. Scripts and styles also allow 'unsafe-inline': Next
// inlines its bootstrap scripts in every page (nonces would force every page to render per request),
// and React Flow positions nodes with inline styles. Images also from data: and blob: (the flow
// editor's icons, downloads). frame-ancestors 'none' (and X-Frame-Options for older browsers): no
// other site can frame the dashboard to trick a click. nosniff: a browser never runs an answer as a
// type other than the one it was sent as.

/** @param {boolean} dev `next dev` also needs eval (React refresh) and its websocket. */
export function contentSecurityPolicy(dev = false) {
  return [
    "default-src 'self'",
    `script-src 'self' 'unsafe-inline'${dev ? " 'unsafe-eval'" : ""}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src 'self'${dev ? " ws: wss:" : ""}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/** @param {boolean} dev */
export function securityHeaders(dev = false) {
  return [
    { key: "Content-Security-Policy", value: contentSecurityPolicy(dev) },
    { key: "X-Content-Type-Options", value: "nosniff" },
    { key: "X-Frame-Options", value: "DENY" },
    { key: "Referrer-Policy", value: "same-origin" },
  ];
}

/**
 * The same headers as a plain object, for answers our code builds itself: every /v1 answer carries
 * them (lib/api/respond.ts), on `npm run api` and on Next alike (next.config.mjs leaves bearer /v1
 * requests to them).
 * @param {boolean} dev
 * @returns {Record<string, string>}
 */
export function securityHeaderObject(dev = false) {
  return Object.fromEntries(securityHeaders(dev).map((h) => [h.key, h.value]));
}

// A stored file (GET /media/...) is someone else's bytes: a customer's document, a caller's upload.
// Even one a browser opens must run nowhere: `sandbox` gives it an opaque origin with scripts off, and
// nothing but the file itself loads. next.config.mjs sends these on /media/ instead of the site's
// policy, whose 'unsafe-inline' scripts would run an HTML file as our origin (and which would replace
// the route's own sandbox, the way Next merges them).
export const MEDIA_CONTENT_SECURITY_POLICY = "sandbox; default-src 'none'; img-src 'self'; media-src 'self'; frame-ancestors 'none'";

export function mediaSecurityHeaders() {
  return [
    { key: "Content-Security-Policy", value: MEDIA_CONTENT_SECURITY_POLICY },
    { key: "X-Content-Type-Options", value: "nosniff" },
    { key: "X-Frame-Options", value: "DENY" },
    { key: "Referrer-Policy", value: "same-origin" },
  ];
}

/** mediaSecurityHeaders as a plain object, for the media route's own answers (files and errors alike). */
export function mediaSecurityHeaderObject() {
  return Object.fromEntries(mediaSecurityHeaders().map((h) => [h.key, h.value]));
}
