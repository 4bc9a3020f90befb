import type { Edge, Node } from "@xyflow/react";
import { handlesOut, type NodeType, nodeTypes, type SkillGraphInput } from "@/lib/shared/graph-schema";

// The editor holds the graph exactly as React Flow does and saves it as such (docs/skill-graph.md): these
// are the few things the canvas needs on top, none of which re-states a validation rule.

export type EditorNode = Node<Record<string, unknown>, NodeType>;
export type EditorEdge = Edge;
export type EditorGraph = { nodes: EditorNode[]; edges: EditorEdge[] };

export const nodeInfo: Record<NodeType, { label: string; icon: string; hint: string }> = {
  trigger: { label: "Trigger", icon: "⚡", hint: "Starts the skill when a message matches a phrase" },
  message: { label: "Message", icon: "❝", hint: "Sends a text" },
  question: { label: "Question", icon: "?", hint: "Asks and stores the answer in a variable" },
  flow: { label: "WhatsApp Flow", icon: "☰", hint: "Sends a registered Flow (a form) and stores its fields" },
  condition: { label: "Condition", icon: "◇", hint: "Branches on a variable" },
  catalog: { label: "Catalog", icon: "▦", hint: "Offers matching catalog items" },
  availability: { label: "Availability", icon: "◷", hint: "Checks a booking slot against capacity" },
  service: { label: "Service", icon: "✂", hint: "Finds the service the customer names" },
  appointment: { label: "Appointment", icon: "▣", hint: "Offers free times and books one" },
  record: { label: "Record", icon: "▤", hint: "Saves a record (order, booking, lead…)" },
  handoff: { label: "Handoff", icon: "☎", hint: "Hands the conversation to a person" },
  ai: { label: "AI answer", icon: "✦", hint: "One free-form assistant answer" },
  end: { label: "End", icon: "■", hint: "Ends the skill" },
};

export const paletteTypes = nodeTypes;

/** Data a freshly dropped node starts with: the fields its form shows, some still to fill in. */
export function defaultData(type: NodeType): Record<string, unknown> {
  switch (type) {
    case "trigger":
      return { keywords: [] };
    case "message":
      return { text: "" };
    case "question":
      return { text: "", variable: "", kind: "text", maxRetries: 2 };
    case "flow":
      return { flow: "", text: "", fields: {}, maxRetries: 2 };
    case "condition":
      return { variable: "", operator: "equals", value: "" };
    case "catalog":
      return { collection: "", variable: "", text: "", maxOptions: 5 };
    case "availability":
      return { variable: "", slotMinutes: 60, capacity: 1 };
    case "service":
      return { variable: "service", text: "" };
    case "appointment":
      return { service: "service", variable: "appointment", text: "", maxOptions: 10, stepMinutes: 30 };
    case "record":
      return { collection: "", fields: {} };
    case "handoff":
    case "ai":
    case "end":
      return {};
  }
}

/** A node id not used yet: the type and the next free number (`question_3`). */
export function nextNodeId(type: NodeType, nodes: { id: string }[]): string {
  const taken = new Set(nodes.map((n) => n.id));
  for (let i = 1; ; i++) if (!taken.has(`${type}_${i}`)) return `${type}_${i}`;
}

export const isNodeType = (value: unknown): value is NodeType => typeof value === "string" && (nodeTypes as readonly string[]).includes(value);

/** The handles an edge may leave a node by; an unknown type has none. */
export const sourceHandles = (type: string | undefined): readonly string[] => (isNodeType(type) ? handlesOut[type] : []);

/** A stored graph as the canvas wants it; `needsLayout` when some node has no position yet. */
export function fromStored(graph: { nodes?: unknown[]; edges?: unknown[] } | null | undefined): EditorGraph & { needsLayout: boolean } {
  const rawNodes = (graph?.nodes ?? []) as Array<Partial<EditorNode>>;
  const needsLayout = rawNodes.some((n) => !n.position);
  const nodes = rawNodes.map(
    (n) => ({ ...n, position: n.position ?? { x: 0, y: 0 }, data: (n.data ?? {}) as Record<string, unknown> }) as EditorNode,
  );
  const edges = ((graph?.edges ?? []) as EditorEdge[]).map((e) => ({ ...e, sourceHandle: e.sourceHandle ?? "next" }));
  return { nodes, edges, needsLayout };
}

/** What is saved: React Flow's own nodes and edges, minus the two flags that only mean "the pointer is here". */
export function toStored(graph: EditorGraph): SkillGraphInput {
  const nodes = graph.nodes.map(({ selected: _s, dragging: _d, ...n }) => n);
  const edges = graph.edges.map(({ selected: _s, ...e }) => e);
  return { nodes, edges } as unknown as SkillGraphInput;
}
