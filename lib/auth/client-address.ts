import ipaddr from "ipaddr.js";

/**
 * The header scripts/serve.mjs sets on every request to the socket's peer address, overwriting
 * whatever a client sent under that name. It is read only when serve.mjs says it runs this process
 * (PEER_HEADER_ENV): under a bare `next start` or `next dev` a client could write it itself.
 */
export const PEER_HEADER = "x-convo-peer-address";
export const PEER_HEADER_ENV = "CONVO_PEER_HEADER";

type Headers = { get(name: string): string | null } | Record<string, string | string[] | undefined>;

const header = (headers: Headers, name: string): string | null => {
  if (typeof (headers as { get?: unknown }).get === "function") return (headers as { get(n: string): string | null }).get(name);
  const v = (headers as Record<string, string | string[] | undefined>)[name];
  return Array.isArray(v) ? v.join(",") : (v ?? null);
};

const normalise = (address: string): string | null => {
  const a = address.trim().replace(/^\[|\]$/g, "");
  if (!ipaddr.isValid(a)) return null;
  const parsed = ipaddr.parse(a);
  // ::ffff:1.2.3.4 (an IPv4 client on a dual-stack socket) is the IPv4 address.
  return parsed.kind() === "ipv6" && (parsed as ipaddr.IPv6).isIPv4MappedAddress()
    ? (parsed as ipaddr.IPv6).toIPv4Address().toString()
    : parsed.toString();
};

/** TRUSTED_PROXIES: comma-separated addresses or CIDR ranges of the proxies in front of this server. */
function trustedProxies(): [ipaddr.IPv4 | ipaddr.IPv6, number][] {
  return (process.env.TRUSTED_PROXIES ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean)
    .map((s) => {
      if (s.includes("/")) return ipaddr.parseCIDR(s);
      const a = ipaddr.parse(normalise(s) ?? s);
      return [a, a.kind() === "ipv4" ? 32 : 128] as [ipaddr.IPv4 | ipaddr.IPv6, number];
    });
}

function isTrusted(address: string, ranges: ReturnType<typeof trustedProxies>): boolean {
  const a = ipaddr.parse(address);
  return ranges.some(([net, bits]) => net.kind() === a.kind() && a.match(net, bits));
}

/**
 * Who is asking, for throttling: the socket's peer, or, only when that peer is one of TRUSTED_PROXIES,
 * the address the proxies recorded in X-Forwarded-For (read from the right, skipping further trusted
 * proxies, since a client may put anything at the left). "unknown" without scripts/serve.mjs (`next
 * dev`, a bare `next start`): every such request then shares one bucket.
 */
export function clientAddress(headers: Headers): string {
  if (process.env[PEER_HEADER_ENV] !== "1") return "unknown";
  const peer = normalise(header(headers, PEER_HEADER) ?? "");
  if (!peer) return "unknown";
  const ranges = trustedProxies();
  if (!ranges.length || !isTrusted(peer, ranges)) return peer;
  const hops = (header(headers, "x-forwarded-for") ?? "").split(",").map(normalise);
  for (let i = hops.length - 1; i >= 0; i--) {
    const hop = hops[i];
    if (!hop) return peer; // a malformed hop: trust nothing beyond it
    if (!isTrusted(hop, ranges)) return hop;
  }
  return peer;
}
