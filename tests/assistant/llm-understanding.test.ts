// With an LLM configured, the model reads messages to a running skill through the `understand` tool;
// the state machine keeps control: its values are validated, it never confirms, and a model that
// fails or answers nonsense leaves the deterministic reading in charge. Against the scripted fake
// OpenAI-compatible server; turns run in this process (see llm.test.ts for why).
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { runAssistantTurn } from "@/lib/runtime/turn/turn";
import { assistantTurn } from "@/lib/messages/receive-message";
import { newSandboxCustomer, simulateInbound } from "@/lib/channels/sandbox-simulator";
import { pinClock } from "@/lib/time/clock";
import { db } from "@/lib/db/client";
import { conversations, messages, records } from "@/lib/db/schema";
import { type FakeLlm, hangNext, MODEL_WAIT, resetModel, startFakeLlm } from "./fake-llm";
import { makeShop, type Shop } from "./harness";

let llm: FakeLlm;

beforeAll(async () => {
  llm = await startFakeLlm();
  process.env.LLM_BASE_URL = llm.baseURL;
  process.env.LLM_API_KEY = "test-key";
  process.env.LLM_MODEL = "fake-model";
  process.env.LLM_TIMEOUT_MS = MODEL_WAIT;
  pinClock(new Date("2026-11-25T16:00:00Z"));
});

afterAll(async () => {
  for (const name of ["LLM_BASE_URL", "LLM_API_KEY", "LLM_MODEL", "LLM_TIMEOUT_MS"]) delete process.env[name];
  pinClock(null);
  await llm.close();
});

beforeEach(() => resetModel(llm));

/** The customer writes `text`, the assistant takes its turn; returns the replies to this message. */
async function say(shop: Shop, phone: string, text: string): Promise<string[]> {
  const { message, conversationId } = await db().transaction(async (tx) => {
    const received = await simulateInbound(tx, shop.businessId, { phone, text });
    await tx.execute(sql`delete from jobs where queue = ${assistantTurn.name} and payload->>'messageId' = ${received.message.id}`);
    return received;
  });
  const before = await db().select({ id: messages.id }).from(messages).where(eq(messages.conversationId, conversationId));
  await runAssistantTurn(db(), { businessId: shop.businessId, conversationId, messageId: message.id });
  const all = await db()
    .select()
    .from(messages)
    .where(and(eq(messages.conversationId, conversationId), eq(messages.source, "assistant"), eq(messages.direction, "outbound")))
    .orderBy(messages.id);
  const seen = new Set(before.map((m) => m.id));
  return all.filter((m) => !seen.has(m.id)).map((m) => m.text ?? "");
}

const bookings = (shop: Shop) =>
  db()
    .select()
    .from(records)
    .where(and(eq(records.businessId, shop.businessId), eq(records.collection, "bookings")));

const understand = (args: Record<string, unknown>) => ({ tools: [{ name: "understand", args }] });

describe("LLM understanding inside a skill", () => {
  it("fills slots from the model's reading, validated, and never takes its word for the confirmation", async () => {
    const shop = await makeShop();
    const phone = newSandboxCustomer();
    expect(await say(shop, phone, "book")).toEqual(["Happy to book you a table! For how many people?"]);
    llm.script(understand({ acts: ["answer"], slots: { party_size: 4, name: "Ana Silva", when: "2026-11-27T20:30" }, language: "en" }));
    const [confirm] = await say(shop, phone, "we'll be four, Ana Silva, the day after tomorrow at half past eight");
    expect(confirm).toMatch(/^A table for 4 on Friday 27 November at 20:30, under the name Ana Silva\. Shall I confirm it\?/);
    expect(llm.requests.at(-1)?.body.tool_choice).toEqual({ type: "function", function: { name: "understand" } });
    // The model says "confirm: Yes" to words that do not say yes: nothing is written.
    llm.script(understand({ acts: ["answer"], slots: { confirm: "Yes" } }));
    await say(shop, phone, "hmm let me think about that for a second");
    expect(await bookings(shop)).toHaveLength(0);
    // A bare "yes" needs no model and confirms.
    const requests = llm.requests.length;
    expect((await say(shop, phone, "yes"))[0]).toMatch(/^You're booked, Ana Silva: a table for 4/);
    expect(llm.requests).toHaveLength(requests);
    expect(await bookings(shop)).toHaveLength(1);
  });

  it("refuses the model's values that do not validate (a question as the name)", async () => {
    const shop = await makeShop();
    const phone = newSandboxCustomer();
    await say(shop, phone, "book a table for 2 tomorrow at 8pm");
    llm.script(understand({ acts: ["answer"], slots: { name: "do you have parking?" } }));
    const replies = await say(shop, phone, "do you have parking near the restaurant?");
    expect(replies.at(-1)).toBe("What name should the booking be under?");
  });

  it("cancels when the model reads a cancel the word lists miss", async () => {
    const shop = await makeShop();
    const phone = newSandboxCustomer();
    await say(shop, phone, "book a table for 2 tomorrow at 8pm");
    llm.script(understand({ acts: ["cancel"], slots: {} }));
    expect(await say(shop, phone, "let's leave it for another time then")).toEqual(["No problem, I've cancelled that. Nothing was saved."]);
    expect(await bookings(shop)).toHaveLength(0);
  });

  it("falls back to the deterministic reading on nonsense, an invalid tool call, an error or a timeout", async () => {
    const shop = await makeShop();
    const phone = newSandboxCustomer();
    await say(shop, phone, "book a table for 2 tomorrow at 8pm, name Bo");
    llm.script({ content: "banana banana banana" });
    expect((await say(shop, phone, "actually make it 6 people"))[0]).toMatch(/^A table for 6 on Thursday 26 November at 20:00/);
    llm.script(understand({ acts: ["dance"], slots: { party_size: "lots" } }));
    expect((await say(shop, phone, "sorry, we are 5 people after all"))[0]).toMatch(/^A table for 5 on/);
    llm.script({ status: 500 });
    expect((await say(shop, phone, "oh wait, make it 3 people"))[0]).toMatch(/^A table for 3 on/);
    hangNext(llm);
    expect((await say(shop, phone, "no sorry, 4 people in the end"))[0]).toMatch(/^A table for 4 on/);
    expect(await bookings(shop)).toHaveLength(0);
  });

  it("reads the message as clauses: a question the word lists miss is answered, then the skill goes on", async () => {
    const shop = await makeShop();
    const phone = newSandboxCustomer();
    await say(shop, phone, "book a table for 2 tomorrow at 8pm");
    const text = "Ana Silva, and we'll come by car so wondering about parking the thing";
    // Without the model the second clause is not read as a question: only the name is taken.
    llm.script({ status: 500 });
    const offline = await say(shop, phone, text);
    expect(offline.join("\n")).not.toMatch(/Camões car park/);
    const other = newSandboxCustomer();
    await say(shop, other, "book a table for 2 tomorrow at 8pm");
    llm.script(
      understand({
        clauses: [
          { act: "answer", text: "Ana Silva" },
          { act: "question", text: "we'll come by car so wondering about parking the thing" },
        ],
        slots: { name: "Ana Silva" },
        language: "en",
      }),
    );
    const replies = await say(shop, other, text);
    expect(replies[0]).toMatch(/Camões car park is a 3-minute walk/);
    expect(replies.at(-1)).toMatch(/^A table for 2 on Thursday 26 November at 20:00, under the name Ana Silva\. Shall I confirm it\?/);
  });

  it("never answers a clause the customer did not write", async () => {
    const shop = await makeShop();
    const phone = newSandboxCustomer();
    await say(shop, phone, "book a table for 2 tomorrow at 8pm");
    llm.script(
      understand({
        clauses: [
          { act: "answer", text: "Ana Silva please" },
          { act: "question", text: "do you have parking?" },
        ],
        slots: { name: "Ana Silva" },
      }),
    );
    const replies = await say(shop, phone, "the name is Ana Silva");
    expect(replies.join("\n")).not.toMatch(/parking|car park/i);
    expect(replies.at(-1)).toMatch(/under the name Ana Silva\. Shall I confirm it\?/);
  });

  it("hands off when the model reads a request for a person the word lists miss", async () => {
    const shop = await makeShop();
    const phone = newSandboxCustomer();
    await say(shop, phone, "book a table for 2 tomorrow at 8pm");
    const text = "honestly I'd rather sort this out with your colleague at the bar";
    llm.script(understand({ clauses: [{ act: "human", text }], slots: {} }));
    const replies = await say(shop, phone, text);
    expect(replies).toHaveLength(1);
    const [conversation] = await db()
      .select({ status: conversations.status, reason: conversations.handoffReason })
      .from(conversations)
      .where(and(eq(conversations.businessId, shop.businessId)));
    expect(conversation).toEqual({ status: "handoff", reason: "customer_request" });
    expect(await bookings(shop)).toHaveLength(0);
  });
});
