import { describe, expect, it } from "vitest";
import * as messagesRoute from "@/app/v1/conversations/[conversationId]/messages/route";
import * as walletRoute from "@/app/v1/usage/wallet/route";
import { simulateInbound } from "@/lib/channels/sandbox-simulator";
import { db } from "@/lib/db/client";
import { makeBusiness } from "../helpers/api";

// The generated route files as Next calls them: a route without dynamic segments gets no params at
// all (the context's params is undefined), one with segments gets a promise of them.
describe("generated route files", () => {
  it("answer a route without dynamic segments, whose context carries no params", async () => {
    const b = await makeBusiness({ tokens: 1234 });
    const request = () => new Request("http://localhost/v1/usage/wallet", { headers: { authorization: `Bearer ${b.key}` } });
    for (const context of [{}, { params: undefined }] as never[]) {
      const res = await walletRoute.GET(request(), context);
      expect(res.status).toBe(200);
      expect((await res.json()).balanceTokens).toBe(1234);
    }
  });

  it("answer a route with dynamic segments from the promise of its params", async () => {
    const b = await makeBusiness();
    const { conversationId } = await simulateInbound(db(), b.businessId, { phone: "+14155550190", name: "Flo", text: "¿Abren el domingo?" });
    const res = await messagesRoute.GET(
      new Request(`http://localhost/v1/conversations/${conversationId}/messages`, { headers: { authorization: `Bearer ${b.key}` } }),
      { params: Promise.resolve({ conversationId }) },
    );
    expect(res.status).toBe(200);
    expect((await res.json()).data.map((m: { text: string }) => m.text)).toEqual(["¿Abren el domingo?"]);
  });
});
