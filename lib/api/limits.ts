// Limits of the HTTP layer that both servers (next start and npm run api) apply the same way.

/**
 * Largest request line plus headers, in bytes. Node's default is 16 KiB, which a list URL with a few
 * long filter values or cursors can pass; past this limit the answer is 431 `headers_too_large`.
 */
export const MAX_HEADER_BYTES = 64 * 1024;

/** NODE_OPTIONS for a `next start` process, so Next's node:http server takes the same headers. */
export function withHeaderLimit(nodeOptions: string | undefined): string {
  return [nodeOptions, `--max-http-header-size=${MAX_HEADER_BYTES}`].filter(Boolean).join(" ");
}
