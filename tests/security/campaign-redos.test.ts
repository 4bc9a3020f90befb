import { describe, expect, it } from "vitest";
import { renderVariable, renderVariables } from "@/lib/campaigns/variables";
import { upsertContact } from "@/lib/contacts/contacts";
import { db } from "@/lib/db/client";
import { api, makeBusiness, type TestBusiness, uniquePhone } from "../helpers/api";

// Issue 34 item 1: the variable pattern backtracked cubically. Eight variables of "{{" + 1,020 spaces
// kept POST /v1/campaigns/preview busy for 26 s, and every other business's request waited as long.
// The bounds below are a thousand times what the linear pattern needs, and far below what the old one took.

const hostile = "{{" + " ".repeat(1020);
const contact = { name: "Ana", phone: "+351912345678", metadata: { table: "window" } };

/** A template with `n` numbered placeholders, approved (the sandbox approves at once). */
async function manyPlaceholders(b: TestBusiness, n: number) {
  const body = Array.from({ length: n }, (_, i) => `{{${i + 1}}}`).join(" ");
  const res = await api("POST", "/v1/templates", { key: b.key, body: { name: "many", language: "en", category: "marketing", body } });
  expect(res.status).toBe(200);
}

describe("campaign variables on hostile text", () => {
  it("renders eight variables of '{{' + 1,020 spaces at once (about 10 s before), and leaves them as they are", () => {
    const started = performance.now();
    expect(renderVariables(Array(8).fill(hostile), contact)).toEqual(Array(8).fill(hostile));
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it("keeps the old reading of every expression (spaces, fallbacks with bars, unclosed and nested braces)", () => {
    expect(renderVariable("{{ name | there }}", { ...contact, name: null })).toBe("there");
    expect(renderVariable("{{  metadata.table  }}!", contact)).toBe("window!");
    expect(renderVariable("{{missing|a|b}}", contact)).toBe("a|b");
    expect(renderVariable("{{{name}}}", contact)).toBe("{Ana}");
    expect(renderVariable("{{name}", contact)).toBe("{{name}");
    expect(renderVariable("{{|x}} {{}}", contact)).toBe("{{|x}} {{}}");
    expect(renderVariable("{{ }}[{{ |x}}]", contact)).toBe("[x]");
    expect(renderVariable(`${hostile}{{name}}`, contact)).toBe(`${hostile}Ana`);
  });

  it("POST /v1/campaigns/preview and POST /v1/campaigns answer at once, and another business is not held up", async () => {
    const a = await makeBusiness();
    const other = await makeBusiness();
    await manyPlaceholders(a, 8);
    for (let i = 0; i < 3; i++) await upsertContact(db(), a.businessId, { phone: uniquePhone(), name: `Guest ${i}`, tags: ["all"] });
    const template = { name: "many", language: "en", variables: Array(8).fill(hostile) };
    const audience = { tags: { any: ["all"] } };
    // Warm: the route modules are loaded before anything is timed.
    expect((await api("POST", "/v1/campaigns/preview", { key: a.key, body: { audience } })).status).toBe(200);
    expect((await api("GET", "/v1/contacts?limit=1", { key: other.key })).status).toBe(200);

    // The other business asks again and again while the hostile requests run; its slowest answer counts.
    let running = true;
    let slowest = 0;
    let served = 0;
    const others = (async () => {
      while (running) {
        const asked = performance.now();
        expect((await api("GET", "/v1/contacts?limit=1", { key: other.key })).status).toBe(200);
        slowest = Math.max(slowest, performance.now() - asked);
        served++;
      }
    })();
    const started = performance.now();
    const [preview, created] = await Promise.all([
      api("POST", "/v1/campaigns/preview", { key: a.key, body: { audience, template } }),
      api("POST", "/v1/campaigns", { key: a.key, body: { name: "Hostile", audience, template, scheduledAt: "2027-01-10T10:00Z" } }),
    ]).finally(() => {
      running = false;
    });
    const hostileMs = performance.now() - started;
    await others;
    expect(preview.status).toBe(200);
    expect(preview.body.sample).toHaveLength(3);
    expect(preview.body.sample[0].text.startsWith(hostile)).toBe(true);
    expect(created.status).toBe(200);
    expect(created.body.counts.total).toBe(3);
    expect(served).toBeGreaterThan(0);
    expect(slowest).toBeLessThan(3_000);
    expect(hostileMs).toBeLessThan(15_000);
  });
});
