import "server-only";
import type { PausedSkillOut } from "../../conversations/paused-skill-schema";
import { type DetectedLanguage, isDetectedLanguage } from "../../language";
import type { SkillGraph, SkillNode, TypedNode } from "../../shared/graph-schema";
import { humanizeKey } from "../../shared/record-labels";
import { localeOf } from "../base/phrases";
import { refusedKey } from "./availability-node";
import { isCart } from "./cart-math";
import { testCondition } from "./condition";
import { recordFields } from "./record-write";
import { lookup, renderMessage } from "./render";
import { EDITING, LANG, NOTES, RESERVED } from "./run-state";

// A skill people took over (issue 36), read without running it: what it gathered, and the path it
// would take from the step it waits at to its `record` node if the customer said yes at its
// confirmation. Nothing here writes or says anything: lib/runtime/turn/takeover.ts writes the record
// with the skill's own record step (record-write.ts) when this plan says it can be completed.

type Vars = Record<string, unknown>;

const present = (v: unknown) => v !== undefined && v !== null && v !== "" && !(isCart(v) && v.items.length === 0);

/** Where the path from the waiting step leads, and what stands in the way. */
export type CompletionPlan = {
  /** The record node the path reaches (null: none from here). */
  record: TypedNode<"record"> | null;
  /** The variables as the record would be written: the confirmation answered yes. */
  variables: Vars;
  /** Variables the skill still has to ask for on the way. */
  missing: string[];
  /** Any other reason it cannot be written now (a time not yet checked, a step only the assistant can take). */
  blocked: string | null;
  /** The step right after the record (the skill's "you're booked" message). */
  after: SkillNode | null;
};

/**
 * Follows the graph from the waiting step as the skill would once everything is answered: a question
 * already answered moves on (the confirmation counts as its first choice, "Yes"), a condition is
 * tested on the variables, an availability step passes only when the session holds its place.
 */
export function planCompletion(graph: SkillGraph, variables: Vars, fromNodeId: string): CompletionPlan {
  const vars: Vars = structuredClone(variables);
  const nodes = new Map(graph.nodes.map((n) => [n.id, n]));
  const missing: string[] = [];
  let blocked: string | null = null;
  const need = (variable: string) => {
    if (!missing.includes(variable)) missing.push(variable);
  };
  const seen = new Set<string>();
  let id: string | null = fromNodeId;
  while (id && !seen.has(id)) {
    seen.add(id);
    const node = nodes.get(id);
    if (!node) break;
    let handle = "next";
    switch (node.type) {
      case "question": {
        const v = node.data.variable;
        const refused = vars[v] !== undefined && vars[v] === vars[refusedKey(v)];
        if (node.data.confirm && !present(vars[v])) vars[v] = node.data.choices?.[0] ?? "Yes";
        else if (!present(vars[v]) || refused) need(v);
        break;
      }
      case "flow":
        // A person completing the skill gives what the form would have: every variable it maps to.
        for (const v of Object.values(node.data.fields)) if (!present(vars[v])) need(v);
        break;
      case "condition":
        handle = testCondition(node.data, vars) ? "true" : "false";
        break;
      case "catalog":
        if (!present(vars[node.data.variable])) need(node.data.variable);
        handle = "found";
        break;
      case "service":
        if (!present(vars[node.data.variable])) need(node.data.variable);
        handle = "found";
        break;
      case "appointment":
        // The booking is the node's own step (a free time picked by the customer); staff book on the Appointments page.
        blocked ??= "The assistant books the appointment when the customer picks a free time.";
        handle = "booked";
        break;
      case "availability":
        if (!vars[RESERVED]) blocked ??= "The assistant has not checked that this time is free yet.";
        handle = "free";
        break;
      case "ai":
        blocked ??= "The skill has a step only the assistant can take before it writes anything.";
        break;
      case "record": {
        const afterId = graph.edges.find((e) => e.source === node.id && e.sourceHandle === "next")?.target;
        return { record: node, variables: vars, missing, blocked, after: (afterId && nodes.get(afterId)) || null };
      }
      case "end":
      case "handoff":
        return { record: null, variables: vars, missing, blocked: blocked ?? "From here the skill ends without writing a record.", after: null };
      default:
        break;
    }
    id = graph.edges.find((e) => e.source === node.id && e.sourceHandle === handle)?.target ?? null;
  }
  return { record: null, variables: vars, missing, blocked: blocked ?? "From here the skill writes no record.", after: null };
}

/** The session's language (the customer's), as the skill last spoke it. */
export function sessionLanguage(variables: Vars): DetectedLanguage {
  const lang = variables[LANG];
  return isDetectedLanguage(lang) ? lang : "en";
}

/** The variables a template names: `{{cart.items}}` and `{{cart}}` both name `cart`. */
const placeholderNames = (template: string) => [...template.matchAll(/\{\{\s*([A-Za-z_][A-Za-z0-9_]{0,63})/g)].map((m) => m[1]);

/** What staff call a variable: the question's label, the record's label for a field holding it, or the name made readable. */
function labelOf(graph: SkillGraph, variable: string): string {
  for (const n of graph.nodes) if (n.type === "question" && n.data.variable === variable && n.data.label) return n.data.label;
  for (const n of graph.nodes) {
    if (n.type !== "record") continue;
    for (const [key, template] of Object.entries(n.data.fields)) {
      if (placeholderNames(template).includes(variable)) return n.data.labels?.[key] ?? humanizeKey(key);
    }
  }
  return humanizeKey(variable);
}

/** A value as staff read it: dates in the business's zone, a cart as its lines, a chosen item as its title. */
function textOf(variables: Vars, variable: string, timeZone: string): string {
  const value = variables[variable];
  if (isCart(value)) return String(lookup(variables, variable, "summary") ?? "");
  return renderMessage(`{{${variable}}}`, variables, timeZone, "en-GB");
}

/** The order the skill asks things in: the graph's questions and catalog steps first, then the rest by name. */
function gatheredVariables(graph: SkillGraph, variables: Vars): string[] {
  const ordered: string[] = [];
  for (const n of graph.nodes) {
    const vs = n.type === "question" || n.type === "catalog" ? [n.data.variable] : n.type === "flow" ? Object.values(n.data.fields) : [];
    for (const v of vs) if (!ordered.includes(v)) ordered.push(v);
  }
  const shown = (k: string) => !k.startsWith("$") && !k.startsWith("_") && present(variables[k]);
  const rest = Object.keys(variables)
    .filter((k) => !ordered.includes(k))
    .sort();
  return [...ordered, ...rest].filter(shown);
}

/** The step's text in the customer's language, filled in. */
function sayText(node: SkillNode | null | undefined, variables: Vars, timeZone: string, lang: DetectedLanguage): string | null {
  if (!node || !("text" in node.data) || typeof node.data.text !== "string") return null;
  const texts = "texts" in node.data ? (node.data.texts as Partial<Record<string, string>> | undefined) : undefined;
  const text = texts?.[lang] ?? node.data.text;
  return text ? renderMessage(text, variables, timeZone, localeOf(lang)).replace(/ {2,}/g, " ").trim() || null : null;
}

/** The paused skill as the thread and `GET /v1/conversations/{id}/skill` show it. */
export function describePausedSkill(input: {
  conversationId: string;
  skill: { id: string; name: string };
  graph: SkillGraph;
  session: { nodeId: string; variables: Vars; pausedAt: Date; expiresAt: Date };
  timeZone: string;
}): PausedSkillOut {
  const { graph, session, timeZone } = input;
  const vars = session.variables;
  const lang = sessionLanguage(vars);
  const waiting = graph.nodes.find((n) => n.id === session.nodeId);
  const waitingVariable = waiting && (waiting.type === "question" || waiting.type === "catalog") ? waiting.data.variable : null;
  const plan = planCompletion(graph, vars, session.nodeId);
  const gathered = gatheredVariables(graph, vars).map((variable) => ({
    variable,
    label: labelOf(graph, variable),
    value: vars[variable],
    text: textOf(vars, variable, timeZone),
  }));
  const notes = vars[NOTES];
  if (Array.isArray(notes) && notes.length) {
    gathered.push({ variable: "notes", label: "Notes for the staff", value: notes, text: notes.join("; ") });
  }
  const missing = plan.missing.map((variable) => ({ variable, label: labelOf(graph, variable) }));
  const reason = !plan.record ? plan.blocked : missing.length ? `Still to ask: ${missing.map((m) => m.label).join(", ")}.` : plan.blocked;
  const canComplete = !!plan.record && !reason;
  const editing = vars[EDITING] as { id: string; collection: string } | undefined;
  return {
    conversationId: input.conversationId,
    skill: input.skill,
    pausedAt: session.pausedAt.toISOString(),
    expiresAt: session.expiresAt.toISOString(),
    waitingFor: {
      nodeId: session.nodeId,
      variable: waitingVariable,
      label: waitingVariable ? labelOf(graph, waitingVariable) : null,
      question: waiting?.type === "question" ? sayText(waiting, vars, timeZone, lang) : null,
    },
    gathered,
    collection: plan.record?.data.collection ?? null,
    changes: editing && plan.record && editing.collection === plan.record.data.collection ? { recordId: editing.id } : null,
    fields: canComplete && plan.record ? recordFields(plan.record, plan.variables) : null,
    canComplete,
    missing,
    reason,
    confirmation: canComplete ? sayText(plan.after, plan.variables, timeZone, lang) : null,
  };
}

/** The confirmation the skill would say after writing, from the plan's variables. */
export function confirmationText(plan: CompletionPlan, timeZone: string): string | null {
  return sayText(plan.after, plan.variables, timeZone, sessionLanguage(plan.variables));
}
