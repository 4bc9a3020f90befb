import "server-only";
import type { ChatCompletionMessageParam, ChatCompletionTool } from "openai/resources/chat/completions";
import type { Db } from "../../db/client";
import { componentLogger } from "../../observability/log";
import { searchCatalog } from "../retrieval/catalog-search";
import { llmClient, llmSettings } from "./llm-client";
import { llmMessages } from "./llm-prompt";
import { formatPrice } from "../understanding/price";
import { countTokens } from "../understanding/tokens";
import type { TurnBrief } from "../base/turn-brief";
import { readToolArguments, toolArgs } from "./tool-args";

// One LLM answer, with tools: search the catalog (answered here, then the model goes on), create a
// record (done later, in the turn's transaction), start a skill or hand off (both end the model's
// part). All rounds with the provider share one deadline; a timeout or provider error throws, and the caller
// falls back to the retrieval engine. Every call's arguments are checked first (./tool-args.ts): one
// that fails does nothing and tells the model why, so a record is only ever flat, small fields.

export type PlannedRecord = { collection: string; fields: Record<string, unknown> };
export type LlmDecision = { tokens: number; records: PlannedRecord[] } & (
  | { kind: "reply"; text: string }
  | { kind: "start_skill"; skillId: string }
  | { kind: "handoff"; reason: string; text: string | null }
);

const MAX_ROUNDS = 4;
const log = componentLogger("assistant");

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
      properties: {
        collection: { type: "string" },
        fields: {
          type: "object",
          description: "Flat fields: each a text, a number, true/false or null (no objects or lists); at most 100.",
          additionalProperties: { type: ["string", "number", "boolean", "null"] },
        },
      },
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
      const name = call.function.name;
      if (name === "start_skill") {
        const args = readToolArguments(toolArgs.start_skill, call.function.arguments);
        if (args.ok && brief.skills.some((s) => s.id === args.value.skillId))
          return { kind: "start_skill", skillId: args.value.skillId, tokens, records };
      }
      if (name === "handoff") {
        // A person takes over whatever the arguments say: only the reason depends on them.
        const args = readToolArguments(toolArgs.handoff, call.function.arguments);
        const reason = args.ok ? args.value.reason.trim() : "";
        return { kind: "handoff", reason: reason || "assistant_handoff", text: choice.content?.trim() || null, tokens, records };
      }
      const result = await runTool(db, brief, name, call.function.arguments, records);
      if ("error" in result) log.warn({ businessId: brief.businessId, tool: name, problem: result.error }, "refused a tool call of the model");
      messages.push({ role: "tool", tool_call_id: call.id, content: JSON.stringify(result) });
    }
  }
  throw new Error(`the model kept calling tools for ${MAX_ROUNDS} rounds`);
}

async function runTool(db: Db, brief: TurnBrief, name: string, raw: string | undefined, records: PlannedRecord[]): Promise<object> {
  if (name === "search_catalog") {
    const args = readToolArguments(toolArgs.search_catalog, raw);
    if (!args.ok) return { error: `search_catalog refused: ${args.problem}` };
    const found = await searchCatalog(db, brief.businessId, args.value.collection || null, args.value.query, { limit: 8 });
    return found.map(({ item }) => ({
      title: item.title,
      collection: item.collection,
      externalId: item.externalId,
      price: formatPrice(item.priceAmount, item.priceCurrency),
      inStock: item.inStock,
    }));
  }
  if (name === "create_record") {
    const args = readToolArguments(toolArgs.create_record, raw);
    if (!args.ok) return { error: `create_record refused, nothing was saved: ${args.problem}` };
    records.push({ collection: args.value.collection, fields: args.value.fields });
    return { created: true, collection: args.value.collection };
  }
  if (name === "start_skill") return { error: "start_skill refused: no such skill" };
  return { error: `unknown tool ${name}` };
}
