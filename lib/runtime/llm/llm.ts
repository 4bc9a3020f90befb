import "server-only";
import type { ChatCompletionMessageParam, ChatCompletionTool } from "openai/resources/chat/completions";
import type { Db } from "../../db/client";
import { collectionName } from "../../skills/graph-schema";
import { searchCatalog } from "../retrieval/catalog-search";
import { llmClient, llmSettings } from "./llm-client";
import { llmMessages } from "./llm-prompt";
import { formatPrice } from "../understanding/price";
import { countTokens } from "../understanding/tokens";
import type { TurnBrief } from "../turn/turn-brief";

// One LLM answer, with tools: search the catalog (answered here, then the model goes on), create a
// record (done later, in the turn's transaction), start a skill or hand off (both end the model's
// part). All rounds with the provider share one deadline; a timeout or provider error throws, and the caller
// falls back to the retrieval engine.

export type PlannedRecord = { collection: string; fields: Record<string, unknown> };
export type LlmDecision = { tokens: number; records: PlannedRecord[] } & (
  | { kind: "reply"; text: string }
  | { kind: "start_skill"; skillId: string }
  | { kind: "handoff"; reason: string; text: string | null }
);

const MAX_ROUNDS = 4;

function tools(brief: TurnBrief): ChatCompletionTool[] {
  const fn = (name: string, description: string, parameters: Record<string, unknown>): ChatCompletionTool => ({
    type: "function",
    function: { name, description, parameters: { type: "object", additionalProperties: false, ...parameters } },
  });
  return [
    ...(brief.skills.length
      ? [
          fn("start_skill", "Start one of the business's skills (booking, ordering, ...) when the customer wants it.", {
            properties: { skillId: { type: "string", enum: brief.skills.map((s) => s.id) } },
            required: ["skillId"],
          }),
        ]
      : []),
    fn("search_catalog", "Search the business's catalog (menu, products) by words.", {
      properties: { query: { type: "string" }, collection: { type: "string" } },
      required: ["query"],
    }),
    fn("create_record", "Save a record for the business, such as a lead (collection leads) or an order.", {
      properties: { collection: { type: "string" }, fields: { type: "object" } },
      required: ["collection", "fields"],
    }),
    fn("handoff", "Hand the conversation to a human colleague.", { properties: { reason: { type: "string" } }, required: ["reason"] }),
  ];
}

export async function askLlm(db: Db, brief: TurnBrief, opts: { tools?: boolean; instructions?: string } = {}): Promise<LlmDecision> {
  const settings = llmSettings();
  if (!settings) throw new Error("no LLM configured");
  const client = llmClient(settings);
  const messages: ChatCompletionMessageParam[] = await llmMessages(db, brief, opts.instructions);
  // The deadline covers the provider's part only: building the prompt is ours and not what times out.
  const signal = AbortSignal.timeout(settings.timeoutMs);
  const offered = opts.tools === false ? undefined : tools(brief);
  const records: PlannedRecord[] = [];
  let tokens = 0;
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const completion = await client.chat.completions.create(
      { model: settings.model, messages, ...(offered ? { tools: offered, tool_choice: "auto" as const } : {}) },
      { signal },
    );
    const choice = completion.choices?.[0]?.message;
    // Servers that report no usage are metered like the retrieval engine: what was sent and received.
    tokens += completion.usage?.total_tokens ?? countTokens(JSON.stringify(messages), choice?.content, JSON.stringify(choice?.tool_calls ?? ""));
    if (!choice) throw new Error("the model returned no choice");
    const calls = (choice.tool_calls ?? []).filter((c) => c.type === "function");
    if (!calls.length) {
      const text = choice.content?.trim();
      if (!text) throw new Error("the model returned an empty answer");
      return { kind: "reply", text, tokens, records };
    }
    messages.push({ role: "assistant", content: choice.content ?? null, tool_calls: calls });
    for (const call of calls) {
      const args = parseArgs(call.function.arguments);
      const name = call.function.name;
      if (name === "start_skill" && brief.skills.some((s) => s.id === args.skillId)) {
        return { kind: "start_skill", skillId: String(args.skillId), tokens, records };
      }
      if (name === "handoff") {
        return {
          kind: "handoff",
          reason: String(args.reason || "assistant_handoff").slice(0, 500),
          text: choice.content?.trim() || null,
          tokens,
          records,
        };
      }
      messages.push({ role: "tool", tool_call_id: call.id, content: JSON.stringify(await runTool(db, brief, name, args, records)) });
    }
  }
  throw new Error(`the model kept calling tools for ${MAX_ROUNDS} rounds`);
}

async function runTool(db: Db, brief: TurnBrief, name: string, args: Record<string, unknown>, records: PlannedRecord[]): Promise<unknown> {
  if (name === "search_catalog") {
    const collection = typeof args.collection === "string" && args.collection ? args.collection : null;
    const found = await searchCatalog(db, brief.businessId, collection, String(args.query ?? ""), { limit: 8 });
    return found.map(({ item }) => ({
      title: item.title,
      collection: item.collection,
      externalId: item.externalId,
      price: formatPrice(item.priceAmount, item.priceCurrency),
      inStock: item.inStock,
    }));
  }
  if (name === "create_record") {
    const collection = collectionName.safeParse(args.collection);
    const fields = args.fields && typeof args.fields === "object" && !Array.isArray(args.fields) ? (args.fields as Record<string, unknown>) : null;
    if (!collection.success || !fields) return { error: "collection must look like leads and fields must be an object" };
    records.push({ collection: collection.data, fields });
    return { created: true, collection: collection.data };
  }
  return { error: `unknown tool ${name}` };
}

function parseArgs(raw: string | undefined): Record<string, unknown> {
  try {
    const parsed = JSON.parse(raw || "{}");
    return parsed && typeof parsed === "object" ? parsed : {};
  } catch {
    return {};
  }
}
