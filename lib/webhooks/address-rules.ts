import ipaddr from "ipaddr.js";
import { invalid } from "../errors";

/** Development and tests may deliver to http:// and to loopback/private receivers. */
export function privateAddressesAllowed(): boolean {
  return process.env.WEBHOOK_ALLOW_PRIVATE === "1";
}

// Global unicast IPv6 (RFC 4291): everything outside it (IPv4-compatible ::a.b.c.d, IPv4-mapped, NAT64,
// discard, unique-local, link-local, multicast) is refused before its special range is even looked at.
const GLOBAL_UNICAST_V6 = ipaddr.parseCIDR("2000::/3") as [ipaddr.IPv6, number];

/**
 * True for an address on the public internet. IPv4: only ipaddr.js's plain `unicast` range passes
 * (loopback, private, link-local, CGNAT, multicast, broadcast, unspecified and reserved are refused).
 * IPv6: only global unicast (2000::/3) outside every special-purpose range ipaddr.js names inside it:
 * 6to4 (2002::/16) and Teredo (2001::/32) embed an IPv4 address that could be an internal one, and the
 * rest of 2001::/23, documentation (2001:db8::/32, 3fff::/20) and benchmarking are not real receivers.
 * IPv4-mapped and IPv4-compatible forms are refused outright rather than unwrapped: a receiver has no
 * reason to be written that way, and the IPv4 address inside is exactly what the rule must not trust.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  const parsed = ipaddr.parse(address);
  if (parsed.kind() === "ipv4") return parsed.range() === "unicast";
  const v6 = parsed as ipaddr.IPv6;
  return v6.match(GLOBAL_UNICAST_V6) && v6.range() === "unicast";
}

/** The host of a URL as an IP literal (IPv6 brackets removed), or null for a name. */
export function ipLiteral(hostname: string): string | null {
  const host = hostname.startsWith("[") && hostname.endsWith("]") ? hostname.slice(1, -1) : hostname;
  return ipaddr.isValid(host) && (host.includes(":") || ipaddr.IPv4.isValidFourPartDecimal(host)) ? host : null;
}

/**
 * Why a webhook URL may not be used, or null when it may. Checked on save and again before every send;
 * names are resolved and checked at connect time (send-webhook.ts), so this sees only what the URL says.
 */
export function webhookUrlProblem(raw: string): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return "url must be an absolute URL such as https://example.com/hooks.";
  }
  const allowPrivate = privateAddressesAllowed();
  if (url.protocol !== "https:" && !(allowPrivate && url.protocol === "http:")) return "url must use https.";
  if (allowPrivate) return null;
  const host = url.hostname.toLowerCase().replace(/\.$/, "");
  if (host === "localhost" || host.endsWith(".localhost")) return "url must not point at this machine.";
  const ip = ipLiteral(url.hostname);
  if (ip && !isPublicAddress(ip)) return `url must not point at a loopback, private or reserved address (${ip}).`;
  return null;
}

export function assertWebhookUrl(raw: string, path = "url"): string {
  const problem = webhookUrlProblem(raw);
  if (problem) throw invalid([{ path, message: problem }]);
  return new URL(raw).toString();
}
