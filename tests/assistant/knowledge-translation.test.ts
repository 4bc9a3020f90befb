import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createKnowledge, listKnowledge, updateKnowledge } from "@/lib/assistants/knowledge";
import { db } from "@/lib/db/client";
import { jobs, knowledgeItems, tokenLedger } from "@/lib/db/schema";
import { knowledgeTranslationJob, readTranslation } from "@/lib/runtime/llm/knowledge-translation";
import { knowledgeTranslation, requestTranslation, retrievalReply } from "@/lib/runtime/retrieval/retrieval-reply";
import { type FakeLlm, startFakeLlm } from "./fake-llm";
import { makeShop } from "./harness";

// A knowledge item with no version in the customer's language, with a model configured (issue 35
// item 4): the model translates it once in the background, the business pays for it, the version is
// stored as a machine translation for the owner to review, and the next customer gets it.

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

describe("machine translations of knowledge", () => {
  it("translates a missing version once, charges it, stores it for review, and answers with it", async () => {
    const shop = await makeShop({ skills: false });
    const item = await createKnowledge(db(), shop.businessId, shop.assistantId, {
      title: "Terraza",
      content: "Tenemos una terraza con 6 mesas. Los perros son bienvenidos en la terraza.",
    });
    const first = await retrievalReply(db(), shop.businessId, shop.assistantId, "do you have a terrace?", "en", { businessName: "Lola" });
    expect(first?.text).toBe(
      "Here is what Lola wrote about it, in Spanish:\n> Tenemos una terraza con 6 mesas. Los perros son bienvenidos en la terraza.",
    );
    expect(first?.untranslated).toEqual({ itemId: item.id, language: "en" });

    llm.script({ content: "Terrace\nWe have a terrace with 6 tables. Dogs are welcome on the terrace.", usage: 57 });
    await knowledgeTranslationJob({ businessId: shop.businessId, itemId: item.id, language: "en" }, {} as never);
    expect(llm.requests).toHaveLength(1);
    const prompt = llm.requests[0].body.messages;
    expect(prompt[0].content).toContain("from Spanish (Spain) into English");
    expect(prompt[1].content).toBe("Terraza\nTenemos una terraza con 6 mesas. Los perros son bienvenidos en la terraza.");
    const [ledger] = await db()
      .select()
      .from(tokenLedger)
      .where(and(eq(tokenLedger.businessId, shop.businessId), eq(tokenLedger.kind, "usage")));
    expect(ledger.tokens).toBe(-57);

    const [listed] = (await listKnowledge(db(), shop.businessId, shop.assistantId, { limit: 10 })).data;
    expect(listed.translations.en).toMatchObject({
      title: "Terrace",
      content: "We have a terrace with 6 tables. Dogs are welcome on the terrace.",
      origin: "machine",
      reviewed: false,
      outdated: false,
    });
    const next = await retrievalReply(db(), shop.businessId, shop.assistantId, "can I bring my dog to the terrace?", "en");
    expect(next?.text).toBe("*Terrace*\nWe have a terrace with 6 tables. Dogs are welcome on the terrace.");
    expect(next?.untranslated).toBeUndefined();

    // Asked again (another customer before the first job ran): nothing more is translated or paid.
    await knowledgeTranslationJob({ businessId: shop.businessId, itemId: item.id, language: "en" }, {} as never);
    expect(llm.requests).toHaveLength(1);

    // The owner changes the original: the machine version goes, and is made again from the new text.
    await updateKnowledge(db(), shop.businessId, shop.assistantId, item.id, { content: "Tenemos una terraza con 8 mesas." });
    const [row] = await db().select().from(knowledgeItems).where(eq(knowledgeItems.id, item.id));
    expect(row.translations.en).toBeUndefined();
  });

  it("asks for the translation when it answers without one, and stores nothing the model did not really write", async () => {
    const shop = await makeShop({ skills: false });
    const item = await createKnowledge(db(), shop.businessId, shop.assistantId, {
      title: "Perros",
      content: "Los perros son bienvenidos en la terraza.",
    });
    await requestTranslation(db(), shop.businessId, { itemId: item.id, language: "pt" });
    const queued = await db()
      .select()
      .from(jobs)
      .where(and(eq(jobs.queue, knowledgeTranslation.name), sql`${jobs.payload}->>'itemId' = ${item.id}`));
    expect(queued).toHaveLength(1);
    expect(queued[0].payload).toEqual({ businessId: shop.businessId, itemId: item.id, language: "pt" });
    await db().delete(jobs).where(eq(jobs.id, queued[0].id));

    llm.script({ content: "   " });
    await knowledgeTranslationJob({ businessId: shop.businessId, itemId: item.id, language: "pt" }, {} as never);
    const [row] = await db().select().from(knowledgeItems).where(eq(knowledgeItems.id, item.id));
    expect(row.translations).toEqual({});
  });

  it("reads the model's answer as a title line and the text below", () => {
    expect(readTranslation("Title: Terrace\nContent: We have a terrace.")).toEqual({ title: "Terrace", content: "We have a terrace." });
    expect(readTranslation("Terrace\n\nWe have a terrace.\nDogs welcome.")).toEqual({
      title: "Terrace",
      content: "We have a terrace.\nDogs welcome.",
    });
    expect(readTranslation("Only one line")).toBeNull();
  });
});
