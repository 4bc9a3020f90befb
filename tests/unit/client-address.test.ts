import { afterEach, describe, expect, it } from "vitest";
import { clientAddress, PEER_HEADER } from "@/lib/auth/client-address";

const saved = process.env.TRUSTED_PROXIES;
afterEach(() => {
  process.env.TRUSTED_PROXIES = saved;
});
const from = (peer: string | null, xff?: string) => {
  const headers = new Headers();
  if (peer !== null) headers.set(PEER_HEADER, peer);
  if (xff !== undefined) headers.set("x-forwarded-for", xff);
  return clientAddress(headers);
};

describe("clientAddress", () => {
  it("is the socket's peer, whatever X-Forwarded-For says, when no proxy is trusted", () => {
    delete process.env.TRUSTED_PROXIES;
    expect(from("203.0.113.9", "198.51.100.1")).toBe("203.0.113.9");
    expect(from("::ffff:203.0.113.9")).toBe("203.0.113.9");
    expect(from("2001:db8::1")).toBe("2001:db8::1");
    expect(from(null, "198.51.100.1")).toBe("unknown");
  });

  it("ignores the peer header unless scripts/serve.mjs (which overwrites it) runs the app", () => {
    delete process.env.TRUSTED_PROXIES;
    process.env.CONVO_PEER_HEADER = "0";
    try {
      expect(from("203.0.113.9")).toBe("unknown");
    } finally {
      process.env.CONVO_PEER_HEADER = "1";
    }
  });

  it("reads X-Forwarded-For from the right only behind a trusted proxy, skipping further trusted hops", () => {
    process.env.TRUSTED_PROXIES = "10.0.0.0/8, 127.0.0.1";
    expect(from("127.0.0.1", "198.51.100.7")).toBe("198.51.100.7");
    // The client wrote the leftmost entry; the proxies appended the rest.
    expect(from("10.1.2.3", "6.6.6.6, 198.51.100.7, 10.9.9.9")).toBe("198.51.100.7");
    expect(from("10.1.2.3", "not-an-address")).toBe("10.1.2.3");
    expect(from("10.1.2.3")).toBe("10.1.2.3");
    // A peer that is not one of the proxies is the client, even with the header.
    expect(from("203.0.113.9", "198.51.100.7")).toBe("203.0.113.9");
  });
});
