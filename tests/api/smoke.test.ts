import { describe, expect, it } from "vitest";
import { api, makeBusiness, uniquePhone } from "../helpers/api";

describe("smoke", () => {
  it("upserts and lists a contact", async () => {
    const b = await makeBusiness();
    const phone = uniquePhone();
    const up = await api("POST", "/v1/contacts", { key: b.key, body: { phone, name: "Ada", metadata: { a: { b: [1, "ü"] } }, tags: ["vip"] } });
    expect(up.status).toBe(200);
    expect(up.body.phone).toBe(phone);
    const list = await api("GET", "/v1/contacts?tag=vip", { key: b.key });
    expect(list.status).toBe(200);
    expect(list.body.data).toHaveLength(1);
    expect(list.headers.get("x-request-id")).toMatch(/^req_/);
  });
});
