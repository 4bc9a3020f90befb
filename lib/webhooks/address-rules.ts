import ipaddr from "ipaddr.js";
import { invalid } from "../errors";

/** Development and tests may deliver to http:// and to loopback/private receivers. */
export function privateAddressesAllowed(): boolean {
  return process.env.WEBHOOK_ALLOW_PRIVATE === "1";
}

/**
 * True for an address on the public internet. Only ipaddr.js's plain `unicast` range passes: loopback,
 * private, link-local, unique-local, multicast, unspecified, CGNAT, reserved, and the IPv6 ranges that
 * embed an IPv4 address (mapped, NAT64, 6to4, Teredo) are all refused, the latter because the IPv4
 * address inside them could be an internal one.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === "ipv6" && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  return parsed.range() === "unicast";
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
