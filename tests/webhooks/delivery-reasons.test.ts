import dns from "node:dns";
import { afterEach, describe, expect, it, vi } from "vitest";
import * as attemptsRoute from "@/app/v1/internal/webhook-endpoints/[endpointId]/deliveries/[deliveryId]/attempts/route";
import { db } from "@/lib/db/client";
import { listDeliveryAttempts } from "@/lib/webhooks/deliveries";
import { api } from "../helpers/api";
import { call, makeStaff, signInAs } from "../dashboard/harness";
import { waitFor, webhookHarness } from "./harness";
import { deadPort } from "./receiver";
import { captureLogs } from "../helpers/logs";

// What a customer sees of a failed delivery: a fixed reason, never the addresses the server's resolver
// or sockets saw (those go to the server's log).

webhookHarness();
const savedAllow = process.env.WEBHOOK_ALLOW_PRIVATE;
afterEach(() => {
  process.env.WEBHOOK_ALLOW_PRIVATE = savedAllow;
  vi.restoreAllMocks();
});

/** A dashboard owner with an API key of the same business, an endpoint, and one test event's attempt. */
async function failedAttempt(url: string, beforeSend?: () => void) {
  const owner = await makeStaff();
  const { createApiKey } = await import("@/lib/keys/api-keys");
  const { key } = await createApiKey(db(), owner.businessId, { scopes: "all", name: "reasons" });
  const endpoint = (await api("POST", "/v1/webhook-endpoints", { key, body: { url, events: ["*"] } })).body;
  expect(endpoint.id).toMatch(/^we_/);
  beforeSend?.();
  const delivery = (await api("POST", `/v1/webhook-endpoints/${endpoint.id}/test`, { key })).body;
  const [attempt] = await waitFor(async () => {
    const rows = await listDeliveryAttempts(db(), owner.businessId, delivery.id);
    return rows.length ? rows : null;
  }, "the test event's attempt");
  signInAs(owner);
  const shown = await call(attemptsRoute.GET, "GET", `/v1/internal/webhook-endpoints/${endpoint.id}/deliveries/${delivery.id}/attempts`, {
    params: { endpointId: endpoint.id, deliveryId: delivery.id },
  });
  expect(shown.status).toBe(200);
  return { attempt, shown: shown.body.data[0] };
}

describe("delivery failure reasons", () => {
  it("a name resolving to an internal address: 'Address not allowed.', the address only in the server log", async () => {
    process.env.WEBHOOK_ALLOW_PRIVATE = "0";
    const real = dns.lookup;
    // The resolver's answer for one made-up name: an internal address, as a rebinding attacker would set.
    vi.spyOn(dns, "lookup").mockImplementation(((hostname: string, options: unknown, callback: (...a: unknown[]) => void) => {
      if (hostname !== "hooks.rebind.example") return (real as (...a: unknown[]) => void)(hostname, options, callback);
      callback(null, [{ address: "10.20.30.40", family: 4 }]);
    }) as typeof dns.lookup);
    const logs = captureLogs();
    const { attempt, shown } = await failedAttempt("https://hooks.rebind.example/h");
    expect(attempt).toMatchObject({ statusCode: null, error: "Address not allowed." });
    expect(shown.error).toBe("Address not allowed.");
    expect(JSON.stringify(shown)).not.toContain("10.20.30.40");
    expect(logs.text()).toContain("hooks.rebind.example resolves to 10.20.30.40");
  });

  it("a receiver that refuses connections: 'Could not connect.', not the socket's error", async () => {
    const port = await deadPort();
    const logs = captureLogs();
    const { attempt, shown } = await failedAttempt(`http://127.0.0.1:${port}/h`);
    expect(attempt.error).toBe("Could not connect.");
    expect(shown.error).toBe("Could not connect.");
    expect(JSON.stringify(shown)).not.toMatch(/ECONNREFUSED|127\.0\.0\.1/);
    expect(logs.text()).toContain(`ECONNREFUSED 127.0.0.1:${port}`);
  });
});
