import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { countTokens } from "@/lib/runtime/understanding/tokens";
import { runAssistantTurn } from "@/lib/runtime/turn/turn";
import { analyticsSummary } from "@/lib/analytics/analytics";
import { resumeConversation } from "@/lib/conversations/transitions";
import { db } from "@/lib/db/client";
import { queryRows } from "@/lib/db/rows";
import { conversations, events, messages, tokenLedger } from "@/lib/db/schema";
import { enqueue } from "@/lib/jobs/queue";
import { api } from "../helpers/api";
import { customer, knowledge, makeShop, type Shop, settle, fileWorker } from "./harness";
import { testJob } from "../helpers/test-job";

fileWorker();

const QUESTION = "Is there parking nearby?";
const [parkingTitle, parkingContent] = knowledge.find(([title]) => title === "Parking") as [string, string];
const PARKING_REPLY = `*${parkingTitle}*\n${parkingContent}`;
// The retrieval engine's meter: the customer's message and the retrieved context (the prompt), plus the reply.
const PARKING_COST = countTokens(QUESTION) + countTokens(`${parkingTitle}\n${parkingContent}`) + countTokens(PARKING_REPLY);

const usage = (shop: Shop) =>
  db()
    .select()
    .from(tokenLedger)
    .where(and(eq(tokenLedger.businessId, shop.businessId), eq(tokenLedger.kind, "usage")));
const wallet = async (shop: Shop) => (await api("GET", "/v1/usage/wallet", { key: shop.key })).body;

describe("token wallet", () => {
  it("records every automated reply's tokens on the message, the ledger, the conversation and the wallet", async () => {
    const shop = await makeShop({ tokens: 50_000 });
    const ada = customer(shop);
    expect(await ada.say(QUESTION)).toEqual([PARKING_REPLY]);
    expect(await ada.say("book a table")).toEqual(["Happy to book you a table! For how many people?"]);
    const replies = await db()
      .select()
      .from(messages)
      .where(and(eq(messages.businessId, shop.businessId), eq(messages.source, "assistant")));
    const byText = Object.fromEntries(replies.map((m) => [m.text, m]));
    expect(byText[PARKING_REPLY].tokens).toBe(PARKING_COST);
    expect(byText["Happy to book you a table! For how many people?"].tokens).toBe(
      countTokens("book a table") + countTokens("Happy to book you a table! For how many people?"),
    );

    const ledger = await usage(shop);
    expect(ledger.map((l) => [l.messageId, -l.tokens]).sort()).toEqual(replies.map((m) => [m.id, m.tokens]).sort());
    const total = replies.reduce((n, m) => n + m.tokens, 0);
    const conversation = await ada.conversation();
    expect(ledger.every((l) => l.conversationId === conversation.id)).toBe(true);
    expect(conversation.tokensUsed).toBe(total);
    expect(await wallet(shop)).toMatchObject({ balanceTokens: 50_000 - total, periodUsedTokens: total });
    const listed = await api("GET", `/v1/conversations?contactId=${conversation.contactId}`, { key: shop.key });
    expect(listed.body.data).toEqual([expect.objectContaining({ id: conversation.id, tokensUsed: total })]);
  });

  it("never overdraws: 20 conversations at once on a balance for 5 replies", async () => {
    const shop = await makeShop({ tokens: PARKING_COST * 5 + Math.floor(PARKING_COST / 2) });
    const people = Array.from({ length: 20 }, () => customer(shop));
    await Promise.all(people.map((c) => c.send(QUESTION)));
    await settle(shop.businessId, 60_000);

    const replies = await db()
      .select()
      .from(messages)
      .where(and(eq(messages.businessId, shop.businessId), eq(messages.source, "assistant")));
    expect(replies).toHaveLength(5);
    expect(replies.every((m) => m.text === PARKING_REPLY && m.tokens === PARKING_COST)).toBe(true);
    const states = await db().select().from(conversations).where(eq(conversations.businessId, shop.businessId));
    expect(states.filter((c) => c.status === "open")).toHaveLength(5);
    expect(states.filter((c) => c.status === "handoff" && c.handoffReason === "insufficient_tokens")).toHaveLength(15);
    expect(await wallet(shop)).toMatchObject({ balanceTokens: Math.floor(PARKING_COST / 2), periodUsedTokens: PARKING_COST * 5 });
    expect((await usage(shop)).reduce((n, l) => n + l.tokens, 0)).toBe(-PARKING_COST * 5);
  });

  it("hands off with insufficient_tokens at a zero balance, saying nothing", async () => {
    const shop = await makeShop({ tokens: 0 });
    const bo = customer(shop);
    expect(await bo.say(QUESTION)).toEqual([]);
    const conversation = await bo.conversation();
    expect(conversation).toMatchObject({ status: "handoff", handoffReason: "insufficient_tokens", tokensUsed: 0 });
    const [handoff] = await db()
      .select()
      .from(events)
      .where(and(eq(events.businessId, shop.businessId), eq(events.type, "conversation.handoff")));
    expect(handoff.payload).toMatchObject({ conversationId: conversation.id, reason: "insufficient_tokens" });
    expect(await wallet(shop)).toMatchObject({ balanceTokens: 0, periodUsedTokens: 0 });

    // Asking for a person keeps its own reason even when the goodbye cannot be paid for.
    const cy = customer(shop);
    expect(await cy.say("I want to speak to a human")).toEqual([]);
    expect(await cy.conversation()).toMatchObject({ status: "handoff", handoffReason: "customer_request" });
  });

  it("counts a conversation the assistant answered as resolved by the assistant", async () => {
    const shop = await makeShop();
    await customer(shop).say(QUESTION);
    await customer(shop).say("a human please");
    expect(await analyticsSummary(db(), shop.businessId, "24h")).toMatchObject({ conversations: 2, resolvedByAssistant: 1, handoffs: 1 });
    const res = await api("GET", "/v1/analytics/summary?window=24h", { key: shop.key });
    expect(res.body).toMatchObject({ conversations: 2, resolvedByAssistant: 1, handoffs: 1 });
  });
});

describe("turn concurrency", () => {
  /**
   * A customer's question with a turn job of the test's own: in handoff no turn is queued for the
   * message, so the test queues one and runs the turn itself (as one or two "instances").
   */
  async function questionWithOwnTurnJob() {
    const shop = await makeShop();
    const di = customer(shop);
    await di.say("a human please");
    const { message } = await di.send(QUESTION);
    const conversation = await di.conversation();
    await resumeConversation(db(), shop.businessId, conversation.id, "agent");
    const payload = { businessId: shop.businessId, conversationId: conversation.id, messageId: message.id };
    await enqueue(db(), testJob("assistant.turn.test-only"), payload);
    const [job] = await queryRows<{ id: number }>(
      db(),
      sql`select id from jobs where queue = 'assistant.turn.test-only' and payload->>'messageId' = ${message.id}`,
    );
    return { shop, di, payload, job };
  }

  it("runs a turn once even when two instances run its job at the same moment", async () => {
    const { di, payload, job } = await questionWithOwnTurnJob();
    await Promise.all([runAssistantTurn(db(), payload, Number(job.id)), runAssistantTurn(db(), payload, Number(job.id))]);
    expect((await di.replies()).map((m) => m.text)).toEqual([PARKING_REPLY]);
    const left = await queryRows(db(), sql`select id from jobs where id = ${job.id}`);
    expect(left).toHaveLength(0);
  });

  it("a turn that fails after removing its job on load leaves the job queued, and its retry answers once", async () => {
    const { shop, di, payload, job } = await questionWithOwnTurnJob();
    // The reply's write fails (after the statement that loaded the turn and removed its job).
    await db().execute(
      sql.raw(`create function refuse_reply() returns trigger language plpgsql as $$ begin raise exception 'reply refused by the test'; end $$`),
    );
    await db().execute(
      sql.raw(`create trigger refuse_reply before insert on messages for each row
          when (new.business_id = '${shop.businessId}' and new.direction = 'outbound') execute function refuse_reply()`),
    );
    try {
      const failed = await runAssistantTurn(db(), payload, Number(job.id)).then(
        () => null,
        (err: Error) => err,
      );
      // drizzle wraps the database's error ("Failed query: ...") as its cause.
      expect(String((failed?.cause as Error | undefined)?.message ?? failed?.message)).toMatch(/reply refused by the test/);
    } finally {
      await db().execute(sql.raw("drop trigger refuse_reply on messages"));
      await db().execute(sql.raw("drop function refuse_reply()"));
    }
    expect(await queryRows(db(), sql`select id from jobs where id = ${job.id}`)).toHaveLength(1);
    expect(await di.replies()).toEqual([]); // nothing from the failed turn

    expect(await runAssistantTurn(db(), payload, Number(job.id))).toBe(true);
    expect((await di.replies()).map((m) => m.text)).toEqual([PARKING_REPLY]);
    expect(await queryRows(db(), sql`select id from jobs where id = ${job.id}`)).toHaveLength(0);
    // Run again (a lease that ran out): nothing more is said.
    expect(await runAssistantTurn(db(), payload, Number(job.id))).toBe(true);
    expect(await di.replies()).toEqual([]); // replies() lists those since its last call
  });
});
