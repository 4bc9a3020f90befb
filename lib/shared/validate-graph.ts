import { z } from "zod";
import {
  graphLimits,
  handlesOut,
  type NodeType,
  nodeDataSchemas,
  nodeShellSchema,
  nodeTypes,
  type SkillGraph,
  type SkillNode,
  skillEdgeSchema,
  skillGraphSchema,
} from "./graph-schema";

// The one validator the API (on upsert), the editor (before save) and the runtime (before a run) share.
// It reports every problem it finds, each with a path into the graph, so the editor can mark them all.

export type Problem = { path: string; message: string; nodeId?: string; edgeId?: string };
export type GraphCheck = { ok: true; graph: SkillGraph; warnings: Problem[] } | { ok: false; problems: Problem[]; warnings: Problem[] };

const placeholderPattern = /\{\{\s*([A-Za-z_][A-Za-z0-9_]{0,63}(?:\.[A-Za-z_][A-Za-z0-9_]*)?)\s*\}\}/g;

/** The distinct `{{variable}}` and `{{variable.field}}` placeholders in a template, in order of appearance. */
export function placeholders(text: string): string[] {
  return [...new Set(Array.from(text.matchAll(placeholderPattern), (m) => m[1]))];
}

// A missing key reads "is required" rather than zod's "expected string, received undefined".
const parseOptions = { error: (iss: { input?: unknown }) => (iss.input === undefined ? "is required" : undefined) };

// Nodes that wait for the customer: a loop through one of them cannot run away.
const waitingTypes = new Set<string>(["question", "flow", "service", "appointment"]);

type Entry = { index: number; id: string; type?: NodeType; node?: SkillNode };
type Link = { from: Entry; to: Entry };

export function validateGraph(input: unknown): GraphCheck {
  const outer = z.object({ nodes: z.array(z.unknown()), edges: z.array(z.unknown()) }).safeParse(input, parseOptions);
  if (!outer.success) return { ok: false, problems: issueProblems(outer.error, "graph", "graph", {}), warnings: [] };
  const { nodes, edges } = outer.data;

  // Limits first, and alone: the other checks are not worth running on an oversized graph.
  const problems: Problem[] = [];
  const bytes = serializedBytes(input);
  if (bytes === null) problems.push({ path: "graph", message: "graph cannot be serialized as JSON" });
  else if (bytes > graphLimits.bytes) {
    problems.push({ path: "graph", message: `graph is ${Math.ceil(bytes / 1024)} KiB serialized; the limit is 256 KiB` });
  }
  if (nodes.length > graphLimits.nodes) {
    problems.push({ path: "graph.nodes", message: `graph has ${nodes.length} nodes; the limit is ${graphLimits.nodes}` });
  }
  if (edges.length > graphLimits.edges) {
    problems.push({ path: "graph.edges", message: `graph has ${edges.length} edges; the limit is ${graphLimits.edges}` });
  }
  if (problems.length) return { ok: false, problems, warnings: [] };

  const byId = new Map<string, Entry>();
  const triggers: Entry[] = [];
  nodes.forEach((raw, index) => {
    const entry = checkNode(raw, index, problems);
    if (!entry) return;
    const first = byId.get(entry.id);
    if (first) {
      problems.push({
        path: `graph.nodes[${index}].id`,
        message: `node id "${entry.id}" is used twice (also by nodes[${first.index}])`,
        nodeId: entry.id,
      });
      return;
    }
    byId.set(entry.id, entry);
    if (entry.type === "trigger") triggers.push(entry);
  });
  if (triggers.length === 0) problems.push({ path: "graph.nodes", message: "graph needs exactly one trigger node; it has none" });
  for (const extra of triggers.slice(1)) {
    problems.push({
      path: `graph.nodes[${extra.index}].type`,
      message: `node "${extra.id}" is a second trigger; a graph has exactly one (the first is "${triggers[0].id}")`,
      nodeId: extra.id,
    });
  }

  const links = checkEdges(edges, byId, problems);
  if (triggers.length === 1) {
    const reached = walk([triggers[0]], adjacency(links, "forward"));
    for (const entry of byId.values()) {
      if (!reached.has(entry)) {
        problems.push({ path: `graph.nodes[${entry.index}]`, message: `node "${entry.id}" cannot be reached from the trigger`, nodeId: entry.id });
      }
    }
  }
  const validLinks = links.filter((l) => l.from.node && l.to.node);
  const valid = [...byId.values()].filter((e) => e.node);
  for (const loop of loopsWithoutQuestion(valid, validLinks)) {
    problems.push({
      path: `graph.nodes[${loop[0].index}]`,
      message: `nodes ${loop.map((e) => `"${e.id}"`).join(", ")} form a loop with no question node, so the skill would repeat without waiting for the customer`,
      nodeId: loop[0].id,
    });
  }
  const warnings = unsetVariables(valid, validLinks);

  if (problems.length) return { ok: false, problems, warnings };
  const graph = skillGraphSchema.safeParse(input, parseOptions);
  if (!graph.success) return { ok: false, problems: issueProblems(graph.error, "graph", "graph", {}), warnings };
  return { ok: true, graph: graph.data, warnings };
}

function checkNode(raw: unknown, index: number, problems: Problem[]): Entry | null {
  const at = `graph.nodes[${index}]`;
  const shell = nodeShellSchema.safeParse(raw, parseOptions);
  const rawId = (raw as { id?: unknown } | null)?.id;
  const label = typeof rawId === "string" && rawId ? `node "${rawId}"` : `nodes[${index}]`;
  if (!shell.success) {
    const ids = typeof rawId === "string" && rawId ? { nodeId: rawId } : {};
    problems.push(...issueProblems(shell.error, at, label, ids));
    // The id and type may still be usable, so edges to this node are not also reported as missing.
    const broken = new Set(shell.error.issues.map((i) => i.path[0]));
    if (broken.has("id") || typeof rawId !== "string") return null;
    const rawType = (raw as { type?: unknown }).type;
    return { index, id: rawId, type: !broken.has("type") && isNodeType(rawType) ? rawType : undefined };
  }
  const { id, type } = shell.data;
  if (!isNodeType(type)) {
    problems.push({ path: `${at}.type`, message: `${label} has unknown type "${type}" (expected one of ${nodeTypes.join(", ")})`, nodeId: id });
    return { index, id };
  }
  const data = nodeDataSchemas[type].safeParse(shell.data.data, parseOptions);
  if (!data.success) {
    problems.push(...issueProblems(data.error, `${at}.data`, label, { nodeId: id }, ["data"]));
    return { index, id, type };
  }
  return { index, id, type, node: { ...shell.data, type, data: data.data } as SkillNode };
}

function checkEdges(edges: unknown[], byId: Map<string, Entry>, problems: Problem[]): Link[] {
  const links: Link[] = [];
  const edgeIds = new Map<string, number>();
  const usedHandles = new Map<string, string>();
  edges.forEach((raw, index) => {
    const at = `graph.edges[${index}]`;
    const parsed = skillEdgeSchema.safeParse(raw, parseOptions);
    if (!parsed.success) {
      const rawId = (raw as { id?: unknown } | null)?.id;
      const named = typeof rawId === "string" && rawId;
      problems.push(...issueProblems(parsed.error, at, named ? `edge "${rawId}"` : `edges[${index}]`, named ? { edgeId: rawId } : {}));
      return;
    }
    const edge = parsed.data;
    const label = `edge "${edge.id}"`;
    const report = (field: string, message: string) => problems.push({ path: `${at}.${field}`, message: `${label} ${message}`, edgeId: edge.id });
    const firstIndex = edgeIds.get(edge.id);
    if (firstIndex !== undefined) report("id", `is used twice (also by edges[${firstIndex}])`);
    else edgeIds.set(edge.id, index);
    const from = byId.get(edge.source);
    const to = byId.get(edge.target);
    if (!from) report("source", `starts at node "${edge.source}", which does not exist`);
    if (!to) report("target", `ends at node "${edge.target}", which does not exist`);
    if (from?.type) {
      const handles = handlesOut[from.type];
      const handleKey = `${edge.source}\u0000${edge.sourceHandle}`;
      const taken = usedHandles.get(handleKey);
      if (!handles.includes(edge.sourceHandle)) {
        const has = handles.length ? `it has ${handles.join(", ")}` : "it has none: the skill ends there";
        report("sourceHandle", `leaves node "${edge.source}" (${from.type}) by handle "${edge.sourceHandle}", which it does not have (${has})`);
      } else if (taken !== undefined) {
        report("sourceHandle", `leaves node "${edge.source}" by handle "${edge.sourceHandle}", which edge "${taken}" already uses`);
      } else usedHandles.set(handleKey, edge.id);
    }
    if (from && to) links.push({ from, to });
  });
  return links;
}

type Adjacency = Map<Entry, Entry[]>;

function adjacency(links: Link[], direction: "forward" | "backward"): Adjacency {
  const next: Adjacency = new Map();
  for (const { from, to } of links) {
    const [here, there] = direction === "forward" ? [from, to] : [to, from];
    next.set(here, [...(next.get(here) ?? []), there]);
  }
  return next;
}

/** Every node reachable from `start` along `next`, `start` included. */
function walk(start: Entry[], next: Adjacency): Set<Entry> {
  const seen = new Set(start);
  const queue = [...start];
  for (let at = queue.pop(); at; at = queue.pop()) {
    for (const there of next.get(at) ?? []) {
      if (!seen.has(there)) {
        seen.add(there);
        queue.push(there);
      }
    }
  }
  return seen;
}

// Tarjan's strongly connected components: a component with a loop in it and no question node (nor a
// Flow node, which waits for its form too) would send messages forever without waiting for an answer.
function loopsWithoutQuestion(entries: Entry[], links: Link[]): Entry[][] {
  const position = new Map(entries.map((e, i) => [e, i]));
  const next = entries.map(() => [] as number[]);
  for (const l of links) next[position.get(l.from)!].push(position.get(l.to)!);
  const order = entries.map(() => -1);
  const low = entries.map(() => -1);
  const stack: number[] = [];
  const onStack = entries.map(() => false);
  const loops: Entry[][] = [];
  let counter = 0;
  const visit = (v: number) => {
    order[v] = low[v] = counter++;
    stack.push(v);
    onStack[v] = true;
    for (const w of next[v]) {
      if (order[w] === -1) {
        visit(w);
        low[v] = Math.min(low[v], low[w]);
      } else if (onStack[w]) low[v] = Math.min(low[v], order[w]);
    }
    if (low[v] !== order[v]) return;
    const component: number[] = [];
    let w: number | undefined;
    do {
      w = stack.pop();
      if (w === undefined) break;
      onStack[w] = false;
      component.push(w);
    } while (w !== v);
    const hasLoop = component.length > 1 || next[v].includes(v);
    if (hasLoop && component.every((i) => !waitingTypes.has(entries[i].type ?? ""))) {
      loops.push(component.map((i) => entries[i]).sort((a, b) => a.index - b.index));
    }
  };
  for (let v = 0; v < entries.length; v++) if (order[v] === -1) visit(v);
  return loops.sort((a, b) => a[0].index - b[0].index);
}

/** Templates a node sends, each with its path under the node. */
function templates(node: SkillNode): Array<[string, string | undefined]> {
  switch (node.type) {
    case "message":
    case "catalog":
    case "service":
    case "appointment":
    case "handoff":
    case "end":
      return [["data.text", node.data.text], ...variants("texts", node.data.texts)];
    case "flow":
      return [
        ["data.text", node.data.text],
        ["data.retryText", node.data.retryText],
        ...variants("texts", node.data.texts),
        ...variants("retryTexts", node.data.retryTexts),
      ];
    case "question":
      return [
        ["data.text", node.data.text],
        ["data.retryText", node.data.retryText],
        ...variants("texts", node.data.texts),
        ...variants("retryTexts", node.data.retryTexts),
      ];
    case "record":
      return Object.entries(node.data.fields).map(([key, value]) => [`data.fields.${key}`, value]);
    default:
      return [];
  }
}

const variants = (key: string, texts: Partial<Record<string, string>> | undefined): Array<[string, string | undefined]> =>
  Object.entries(texts ?? {}).map(([lang, text]) => [`data.${key}.${lang}`, text]);

// The runtime fills an unset variable with "", which is legal but almost always a wiring mistake.
function unsetVariables(entries: Entry[], links: Link[]): Problem[] {
  const warnings: Problem[] = [];
  const before = adjacency(links, "backward");
  for (const entry of entries) {
    const node = entry.node as SkillNode;
    const uses = templates(node).flatMap(([field, text]) => placeholders(text ?? "").map((p) => [field, p] as const));
    if (node.type === "availability") uses.push(["data.variable", node.data.variable]);
    if (node.type === "appointment") uses.push(["data.service", node.data.service]);
    if (!uses.length) continue;
    const upstream = walk(before.get(entry) ?? [], before);
    const set = new Set<string>();
    for (const e of upstream) {
      if (e.node?.type === "question" || e.node?.type === "catalog" || e.node?.type === "service" || e.node?.type === "appointment")
        set.add(e.node.data.variable);
      // A Flow node sets every variable its fields map to.
      if (e.node?.type === "flow") for (const v of Object.values(e.node.data.fields)) set.add(v);
    }
    for (const [field, name] of uses) {
      const root = name.split(".")[0];
      // Names starting with _ are the runtime's own (an availability node's _why and _alternatives).
      if (set.has(root) || root.startsWith("_")) continue;
      const what = node.type === "availability" ? `checks the time in "${root}"` : `uses {{${name}}}`;
      warnings.push({
        path: `graph.nodes[${entry.index}].${field}`,
        message: `node "${entry.id}" ${what}, but no question or catalog node before it sets "${root}", so it will be empty`,
        nodeId: entry.id,
      });
    }
  }
  return warnings;
}

function issueProblems(error: z.ZodError, at: string, label: string, ids: Pick<Problem, "nodeId" | "edgeId">, under: PropertyKey[] = []): Problem[] {
  return error.issues.map((issue) => {
    const field = [...under, ...issue.path].reduce<string>(
      (p, k) => (typeof k === "number" ? `${p}[${k}]` : p ? `${p}.${String(k)}` : String(k)),
      "",
    );
    const path = issue.path.reduce<string>((p, k) => (typeof k === "number" ? `${p}[${k}]` : `${p}.${String(k)}`), at);
    // Our own messages read on from the field name; zod's start with a capital and follow a colon.
    const message = !field ? issue.message : /^[a-z]/.test(issue.message) ? `${field} ${issue.message}` : `${field}: ${issue.message}`;
    return { path, message: `${label}: ${message}`, ...ids };
  });
}

function isNodeType(type: unknown): type is NodeType {
  return typeof type === "string" && (nodeTypes as readonly string[]).includes(type);
}

function serializedBytes(input: unknown): number | null {
  try {
    return new TextEncoder().encode(JSON.stringify(input)).length;
  } catch {
    return null;
  }
}
