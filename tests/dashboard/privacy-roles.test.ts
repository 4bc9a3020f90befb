import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { openApiDocument } from "@/lib/api/openapi";
import { operations } from "@/lib/api/operations";
import { db } from "@/lib/db/client";
import { queryRows } from "@/lib/db/rows";
import { api, uniquePhone } from "../helpers/api";
import { receiveForTest } from "../helpers/inbound";
import { makeStaff, signInAs } from "./harness";

// Privacy requests from the dashboard: owners only (agents hold contacts:write, yet may not erase).
const headers = { cookie: "next-auth.session-token=test", origin: "http://localhost" };

describe("privacy operations for members", () => {
  it("owners erase, export and set retention; agents get 403 forbidden and change nothing", async () => {
    const owner = await makeStaff({ role: "owner" });
    const agent = await makeStaff({ role: "agent", businessId: owner.businessId });
    const { contactId } = await receiveForTest(owner.businessId, uniquePhone());

    signInAs(agent);
    for (const [method, path, body] of [
      ["DELETE", `/v1/contacts/${contactId}`, undefined],
      ["GET", `/v1/contacts/${contactId}/export`, undefined],
      ["GET", "/v1/privacy-settings", undefined],
      ["PUT", "/v1/privacy-settings", { messageRetentionDays: 7 }],
    ] as const) {
      const res = await api(method, path, { headers, body });
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(res.body.error.code).toBe("forbidden");
    }
    const [{ n }] = await queryRows<{ n: number }>(db(), sql`select count(*)::int as n from contacts where id = ${contactId}`);
    expect(n).toBe(1);

    signInAs(owner);
    expect((await api("PUT", "/v1/privacy-settings", { headers, body: { messageRetentionDays: 7 } })).body.messageRetentionDays).toBe(7);
    expect((await api("GET", `/v1/contacts/${contactId}/export`, { headers })).status).toBe(200);
    expect((await api("DELETE", `/v1/contacts/${contactId}`, { headers })).status).toBe(200);
    signInAs(null);
  });

  it("documents the operations in OpenAPI with their scopes", () => {
    const doc = JSON.stringify(openApiDocument(operations));
    for (const id of ["contacts-erase", "contacts-export", "privacy-settings-get", "privacy-settings-put"]) expect(doc).toContain(id);
    expect(doc).toContain("contact.deleted");
  });
});
