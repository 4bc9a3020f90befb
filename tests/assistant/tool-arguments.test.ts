import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { newSandboxCustomer, simulateInbound } from "@/lib/channels/sandbox-simulator";
import { databaseKind, db, dbHandle } from "@/lib/db/client";
import { messages, records } from "@/lib/db/schema";
import { understandingSchema } from "@/lib/runtime/llm/llm-understand";
import { readToolArguments, toolArgs } from "@/lib/runtime/llm/tool-args";
import { runAssistantTurn } from "@/lib/runtime/turn/turn";
import { assistantTurn } from "@/lib/messages/receive-message";
import { customer, makeShop, type Shop } from "./harness";
import { type FakeLlm, startFakeLlm } from "./fake-llm";

// Issue 34, item 4: the model's create_record call was stored unchecked; a `fields` 3,000 levels deep
// trapped the embedded database on every retry of the turn. Every tool's arguments now meet the rules of
// an API body (16 KiB, 32 levels) and a schema per tool; a refused call changes nothing.

let llm: FakeLlm;

beforeAll(async () => {
  llm = await startFakeLlm();
  process.env.LLM_BASE_URL = llm.baseURL;
  process.env.LLM_API_KEY = "test-key";
  process.env.LLM_MODEL = "fake-model";
  process.env.LLM_TIMEOUT_MS = "30000"; // generous: a loaded machine answers the fake slowly, and no test here hangs it
});

afterAll(async () => {
  for (const name of ["LLM_BASE_URL", "LLM_API_KEY", "LLM_MODEL", "LLM_TIMEOUT_MS"]) delete process.env[name];
  await llm.close();
});

beforeEach(() => llm.reset());

const nested = (depth: number): unknown => {
  let v: unknown = "deep";
  for (let i = 0; i < depth; i++) v = { a: v };
  return v;
};

/** The customer writes `text` and the assistant takes its turn (run here, as tests/assistant/llm.test.ts does). */
async function chat(shop: Shop, phone: string, text: string) {
  const { message, conversationId } = await db().transaction(async (tx) => {
    const received = await simulateInbound(tx, shop.businessId, { phone, text });
    await tx.execute(sql`delete from jobs where queue = ${assistantTurn.name} and payload->>'messageId' = ${received.message.id}`);
    return received;
  });
  await runAssistantTurn(db(), { businessId: shop.businessId, conversationId, messageId: message.id });
  return db()
    .select()
    .from(messages)
    .where(and(eq(messages.conversationId, conversationId), eq(messages.source, "assistant")))
    .orderBy(messages.id);
}

const recordsOf = (shop: Shop) => db().select().from(records).where(eq(records.businessId, shop.businessId));
/** What the turn told the model about its n-th tool call (the tool message of the request after it). */
const toolReply = (request: number) => JSON.parse(llm.requests[request].body.messages.at(-1).content);

describe("the model's tool calls are checked like API input", () => {
  it("refuses a create_record 3,000 levels deep: no record, the model is told, the database keeps answering", async () => {
    const shop = await makeShop();
    const recoveries = dbHandle().embedded?.health().recoveries ?? 0;
    llm.script(
      { tools: [{ name: "create_record", args: { collection: "leads", fields: { name: "Ada", more: nested(3000) } } }] },
      { content: "Thanks, a colleague will be in touch." },
    );
    const [answer] = await chat(shop, newSandboxCustomer(), "what would you recommend tonight?");
    expect(answer.text).toBe("Thanks, a colleague will be in touch.");
    expect(await recordsOf(shop)).toEqual([]);
    expect(toolReply(1).error).toMatch(/^create_record refused, nothing was saved: .*(nested deeper than 32 levels|16 KiB)/);
    expect(await db().execute(sql`select 1 as ok`)).toBeTruthy();
    if (databaseKind() === "pglite") expect(dbHandle().embedded?.health()).toMatchObject({ state: "ok", recoveries });
  });

  it("keeps records flat and small; a valid call beside refused ones is saved alone", async () => {
    const shop = await makeShop();
    llm.script(
      {
        tools: [
          { name: "create_record", args: { collection: "leads", fields: { name: "Ada", address: { street: "Rua 1" } } } },
          { name: "create_record", args: { collection: "leads", fields: { notes: "x".repeat(17_000) } } },
          { name: "create_record", args: { collection: "Leads!", fields: { name: "Ada" } } },
          { name: "create_record", args: { collection: "leads", fields: { name: "Ada", guests: 12, vip: true, phone: null } } },
        ],
      },
      { content: "Noted!" },
    );
    const [answer] = await chat(shop, newSandboxCustomer(), "we are twelve, any ideas?");
    expect(answer.text).toBe("Noted!");
    const replies = llm.requests[1].body.messages.slice(-4).map((m: { content: string }) => JSON.parse(m.content));
    expect(replies[0].error).toMatch(/fields\.address: must be a text, a number, true\/false or null/);
    expect(replies[1].error).toMatch(/larger than 16 KiB/);
    expect(replies[2].error).toMatch(/collection: must be a collection name/);
    expect(replies[3]).toEqual({ created: true, collection: "leads" });
    expect((await recordsOf(shop)).map((r) => r.fields)).toEqual([{ name: "Ada", guests: 12, vip: true, phone: null }]);
  });

  it("refuses an oversized search and an unknown skill; a handoff with a bad reason still hands off", async () => {
    const shop = await makeShop();
    llm.script(
      { tools: [{ name: "search_catalog", args: { query: "pizza ".repeat(4000) } }] },
      { tools: [{ name: "start_skill", args: { skillId: { deep: nested(50) } } }] },
      { tools: [{ name: "handoff", args: { reason: nested(40) } }], content: "A colleague will take over." },
    );
    const phone = newSandboxCustomer();
    const [said] = await chat(shop, phone, "what about the thing from last week?");
    expect(toolReply(1).error).toMatch(/^search_catalog refused: the arguments are larger than 16 KiB/);
    expect(toolReply(2).error).toMatch(/^start_skill refused/);
    expect(said.text).toBe("A colleague will take over.");
    expect(await customer(shop, phone).conversation()).toMatchObject({ status: "handoff", handoffReason: "assistant_handoff" });
  });

  it("reads the understanding tool's arguments with the same limits", () => {
    const deep = JSON.stringify({ acts: ["answer"], slots: { name: nested(40) } });
    expect(readToolArguments(understandingSchema, deep)).toMatchObject({ ok: false, problem: expect.stringContaining("nested deeper than 32") });
    expect(readToolArguments(understandingSchema, JSON.stringify({ acts: ["answer"], slots: { party_size: 4 } }))).toEqual({
      ok: true,
      value: { acts: ["answer"], clauses: [], slots: { party_size: 4 } },
    });
    expect(readToolArguments(toolArgs.create_record, "{not json")).toEqual({ ok: false, problem: "the arguments are not JSON" });
    expect(readToolArguments(toolArgs.create_record, JSON.stringify({ collection: "leads", fields: {} }))).toMatchObject({
      ok: false,
      problem: "fields: needs at least one field",
    });
  });
});
