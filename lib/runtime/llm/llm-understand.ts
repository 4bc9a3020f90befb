import "server-only";
import { z } from "zod";
import { now } from "../../time/clock";
import type { SkillGraph } from "../../shared/graph-schema";
import { slotsOf } from "../understanding/slots";
import { wallClock } from "../../time/time-zone";
import { llmClient, llmSettings } from "./llm-client";
import { readToolArguments } from "./tool-args";
import { componentLogger } from "../../observability/log";
import { normalize } from "../understanding/text-match";

// With an LLM configured, the model reads a message to a running skill as the offline reading does:
// a sequence of clauses, each one act (an answer, a correction, a question, a cancel, a request for a
// person...) in the customer's own words, the slot values it gives, and its language, through one
// forced tool call whose arguments are checked by zod. It only reads: every value it returns goes through the same validation as the
// deterministic reading (a name must read as a name...), the confirmation is never taken from it, and
// the state machine decides what happens. A timeout, an error or an answer that does not validate
// returns null, and the deterministic understanding is used instead.

export const actNames = ["answer", "correction", "cancel", "question", "new_intent", "small_talk", "human", "unclear"] as const;

export type Act = (typeof actNames)[number];

const clauseSchema = z.object({ act: z.enum(actNames), text: z.string().trim().min(1).max(500) });

export const understandingSchema = z
  .object({
    acts: z.array(z.enum(actNames)).max(6).default([]),
    clauses: z.array(clauseSchema).max(8).default([]),
    slots: z.record(z.string().max(64), z.union([z.string().max(500), z.number()])).default({}),
    language: z.enum(["en", "pt", "es"]).optional(),
  })
  .refine((u) => u.acts.length > 0 || u.clauses.length > 0, { message: "give the message's clauses (or at least its acts)" });
export type Understanding = z.infer<typeof understandingSchema>;

/**
 * The model's reading checked against the message: a clause whose words the customer did not write is
 * dropped (the model quotes, it does not invent), and the acts are those of the clauses kept plus any
 * listed on their own.
 */
export function checkedAgainst(u: Understanding, message: string): Understanding {
  const said = ` ${normalize(message)} `;
  const clauses = u.clauses.filter((c) => {
    const quoted = normalize(c.text);
    return quoted.length > 0 && said.includes(` ${quoted} `);
  });
  const acts = [...new Set([...u.acts, ...clauses.map((c) => c.act)])];
  return { ...u, acts: acts.length ? acts : ["unclear"], clauses };
}

/** The clauses the model read as questions, in the customer's words, in the order written. */
export function questionClauses(u: Understanding | null): string[] {
  return (u?.clauses ?? []).filter((c) => c.act === "question").map((c) => c.text);
}

export type UnderstandBrief = { text: string; timeZone: string; graph: SkillGraph; pendingNodeId: string; businessName: string };

function prompt(brief: UnderstandBrief): string {
  const w = wallClock(now(), brief.timeZone);
  const two = (n: number) => String(n).padStart(2, "0");
  const today = `${w.year}-${two(w.month)}-${two(w.day)} ${two(w.hour)}:${two(w.minute)}`;
  const slots = slotsOf(brief.graph)
    .filter((s) => s.role !== "confirm")
    .map((s) => {
      const choices = s.node.data.choices?.length ? ` (one of: ${s.node.data.choices.join(", ")})` : "";
      const format = s.node.data.kind === "datetime" ? ' ("YYYY-MM-DDTHH:MM" local time)' : s.node.data.kind === "date" ? ' ("YYYY-MM-DD")' : "";
      return `- ${s.node.data.variable}: ${s.node.data.kind}${format}${choices}, asked as "${s.node.data.text}"`;
    })
    .join("\n");
  const pending = brief.graph.nodes.find((n) => n.id === brief.pendingNodeId);
  const asked = pending?.type === "question" ? pending.data.text : "(none)";
  return [
    `You read one WhatsApp message a customer of ${brief.businessName} wrote during a conversation. Now it is ${today} (${brief.timeZone}).`,
    `The question waiting for an answer: "${asked}".`,
    `The details (slots) this conversation collects:\n${slots}`,
    [
      "Call the tool `understand`. Split the message into its clauses in the order written, each with its act and the customer's exact words",
      '(a clause that answers the question or gives a detail is "answer"; one that changes a detail given before, "correction"; one that asks something, "question";',
      'one that asks for a person, "human"; one that stops what is going on, "cancel"; one that asks for something else the business does, "new_intent"; thanks, greetings and jokes, "small_talk").',
      "Give only the slot values the customer actually said (never guess), and the language the message is written in.",
    ].join(" "),
  ].join("\n\n");
}

const tool = {
  type: "function" as const,
  function: {
    name: "understand",
    description: "What the customer's message does and which details it gives.",
    parameters: {
      type: "object",
      additionalProperties: false,
      properties: {
        clauses: {
          type: "array",
          description: "The message's clauses in order, each quoting the customer's exact words.",
          items: {
            type: "object",
            additionalProperties: false,
            properties: { act: { type: "string", enum: [...actNames] }, text: { type: "string" } },
            required: ["act", "text"],
          },
        },
        acts: { type: "array", items: { type: "string", enum: [...actNames] } },
        slots: { type: "object", description: "slot variable -> value said by the customer" },
        language: { type: "string", enum: ["en", "pt", "es"] },
      },
      required: ["clauses"],
    },
  },
};

export async function understandWithLlm(brief: UnderstandBrief): Promise<Understanding | null> {
  const settings = llmSettings();
  if (!settings) return null;
  try {
    const completion = await llmClient(settings).chat.completions.create(
      {
        model: settings.model,
        messages: [
          { role: "system", content: prompt(brief) },
          { role: "user", content: brief.text },
        ],
        tools: [tool],
        tool_choice: { type: "function", function: { name: "understand" } },
      },
      { signal: AbortSignal.timeout(settings.timeoutMs) },
    );
    const call = completion.choices?.[0]?.message?.tool_calls?.find((c) => c.type === "function" && c.function.name === "understand");
    if (call?.type !== "function") return null;
    // The same limits as every tool call's arguments (size, depth), then the schema.
    const parsed = readToolArguments(understandingSchema, call.function.arguments);
    return parsed.ok ? checkedAgainst(parsed.value, brief.text) : null;
  } catch (err) {
    componentLogger("assistant").warn({ err }, "LLM understanding failed, reading the message without it");
    return null;
  }
}
