import { describe, expect, it } from "vitest";
import { handlesOut, nodeTypes, skillGraphSchema, type TypedNode } from "../../lib/shared/graph-schema";
import { readyMadeSkills } from "../../lib/shared/ready-made-skills";
import { placeholders, validateGraph } from "../../lib/shared/validate-graph";

type RawNode = { id: string; type: string; data?: unknown; [key: string]: unknown };
type RawEdge = { id: string; source: string; target: string; sourceHandle?: string | null; [key: string]: unknown };
type RawGraph = { nodes: RawNode[]; edges: RawEdge[]; [key: string]: unknown };

const node = (id: string, type: string, data: unknown): RawNode => ({ id, type, position: { x: 0, y: 0 }, data });
const edge = (id: string, source: string, target: string, sourceHandle?: string): RawEdge => ({
  id,
  source,
  target,
  ...(sourceHandle && { sourceHandle }),
});

// trigger -> question "name" -> message -> end, valid with no warnings.
function simple(): RawGraph {
  return {
    nodes: [
      node("t", "trigger", { keywords: ["hello"] }),
      node("q", "question", { text: "Your name?", variable: "name", kind: "text" }),
      node("m", "message", { text: "Hi {{name}}" }),
      node("end", "end", {}),
    ],
    edges: [edge("e1", "t", "q"), edge("e2", "q", "m"), edge("e3", "m", "end")],
  };
}

function withData(type: string, data: unknown): RawGraph {
  const g = simple();
  g.nodes.push(node("x", type, data));
  g.edges.push(edge("ex", "q", "x", "invalid"));
  return g;
}

const problemsOf = (graph: unknown) => {
  const r = validateGraph(graph);
  return r.ok ? [] : r.problems;
};
const pathsOf = (graph: unknown) => problemsOf(graph).map((p) => p.path);
const warningsOf = (graph: unknown) => validateGraph(graph).warnings;

describe("validateGraph: a well-formed graph", () => {
  it("accepts it with no warnings and applies defaults", () => {
    const r = validateGraph(simple());
    expect(r).toMatchObject({ ok: true, warnings: [] });
    if (!r.ok) return;
    const q = r.graph.nodes[1] as TypedNode<"question">;
    expect(q.data.maxRetries).toBe(2);
    expect(r.graph.edges.map((e) => e.sourceHandle)).toEqual(["next", "next", "next"]);
  });

  it("keeps the keys React Flow adds to nodes, edges and the graph, and reads a null handle as next", () => {
    const g = simple();
    Object.assign(g.nodes[1], { width: 180, height: 64, selected: true, dragging: false, measured: { width: 180, height: 64 } });
    Object.assign(g.edges[0], { animated: true, type: "smoothstep", selected: false, sourceHandle: null, targetHandle: null });
    g.viewport = { x: 10, y: 20, zoom: 1.5 };
    const r = validateGraph(g);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.graph.nodes[1]).toMatchObject({ width: 180, height: 64, selected: true, dragging: false, measured: { width: 180, height: 64 } });
    expect(r.graph.edges[0]).toMatchObject({ animated: true, type: "smoothstep", selected: false, sourceHandle: "next", targetHandle: null });
    expect(r.graph.viewport).toEqual({ x: 10, y: 20, zoom: 1.5 });
    expect(skillGraphSchema.parse(g).nodes[1]).toHaveProperty("measured");
  });

  it("allows a node without a position", () => {
    const g = simple();
    delete g.nodes[2].position;
    expect(validateGraph(g).ok).toBe(true);
  });

  it("refuses input that is not a graph", () => {
    expect(pathsOf(null)).toEqual(["graph"]);
    expect(pathsOf({ nodes: 1, edges: [] })).toEqual(["graph.nodes"]);
    expect(pathsOf({ nodes: [] })).toEqual(["graph.edges"]);
  });

  it("reports every problem, not just the first, each naming its node or edge", () => {
    const g = simple();
    g.nodes[1].data = { text: "", variable: "1bad", kind: "nope" };
    g.edges.push(edge("e9", "m", "ghost"));
    const problems = problemsOf(g);
    expect(problems.map((p) => p.path)).toEqual([
      "graph.nodes[1].data.text",
      "graph.nodes[1].data.variable",
      "graph.nodes[1].data.kind",
      "graph.edges[3].target",
      "graph.edges[3].sourceHandle",
    ]);
    expect(problems[1]).toMatchObject({ nodeId: "q", message: expect.stringContaining('node "q"') });
    expect(problems[3]).toMatchObject({ edgeId: "e9", message: expect.stringContaining('edge "e9"') });
  });
});

describe("validateGraph: node types and data", () => {
  it("refuses an unknown node type", () => {
    const g = withData("teleport", {});
    expect(problemsOf(g)).toEqual([
      { path: "graph.nodes[4].type", message: expect.stringMatching(/node "x" has unknown type "teleport"/), nodeId: "x" },
    ]);
    expect(validateGraph(withData("ai", {})).ok).toBe(true);
  });

  it("checks a node's id", () => {
    const g = simple();
    g.nodes[3].id = "n".repeat(65);
    g.edges[2].target = g.nodes[3].id;
    expect(pathsOf(g)).toEqual(["graph.nodes[3].id", "graph.edges[2].target"]);
    g.nodes[3].id = "n".repeat(64);
    g.edges[2].target = g.nodes[3].id;
    expect(validateGraph(g).ok).toBe(true);
  });

  it("says which field is missing", () => {
    expect(problemsOf(withData("question", { text: "?", kind: "text" }))).toEqual([
      { path: "graph.nodes[4].data.variable", message: 'node "x": data.variable is required', nodeId: "x" },
    ]);
    expect(pathsOf(withData("message", undefined))).toEqual(["graph.nodes[4].data"]);
  });

  it("checks triggers", () => {
    const g = simple();
    g.nodes[0].data = { keywords: [] };
    expect(pathsOf(g)).toEqual(["graph.nodes[0].data.keywords"]);
    g.nodes[0].data = { keywords: ["ok", "  "] };
    expect(pathsOf(g)).toEqual(["graph.nodes[0].data.keywords[1]"]);
    g.nodes[0].data = { keywords: Array.from({ length: 51 }, (_, i) => `k${i}`) };
    expect(pathsOf(g)).toEqual(["graph.nodes[0].data.keywords"]);
    g.nodes[0].data = { keywords: Array.from({ length: 50 }, (_, i) => `k${i}`), description: "Greets" };
    expect(validateGraph(g).ok).toBe(true);
  });

  it("checks questions: kind, variable name and choices", () => {
    const q = { text: "Pick", variable: "pick", kind: "choice" };
    expect(pathsOf(withData("question", q))).toEqual(["graph.nodes[4].data.choices"]);
    expect(pathsOf(withData("question", { ...q, choices: [] }))).toEqual(["graph.nodes[4].data.choices"]);
    expect(validateGraph(withData("question", { ...q, choices: ["A", "B"] })).ok).toBe(true);
    expect(pathsOf(withData("question", { ...q, kind: "colour" }))).toEqual(["graph.nodes[4].data.kind"]);
    for (const kind of ["text", "number", "email", "phone", "date", "datetime"]) {
      expect(validateGraph(withData("question", { ...q, kind })).ok).toBe(true);
    }
    expect(pathsOf(withData("question", { ...q, kind: "text", variable: "party-size" }))).toEqual(["graph.nodes[4].data.variable"]);
    expect(pathsOf(withData("question", { ...q, kind: "text", variable: "v".repeat(65) }))).toEqual(["graph.nodes[4].data.variable"]);
    expect(validateGraph(withData("question", { ...q, kind: "text", variable: `_${"v".repeat(63)}` })).ok).toBe(true);
    expect(pathsOf(withData("question", { ...q, kind: "text", maxRetries: -1 }))).toEqual(["graph.nodes[4].data.maxRetries"]);
  });

  it("checks conditions: value is optional only for exists", () => {
    const c = { variable: "name", operator: "equals" };
    expect(pathsOf(withData("condition", c))).toEqual(["graph.nodes[4].data.value"]);
    expect(pathsOf(withData("condition", { ...c, operator: "like", value: "x" }))).toEqual(["graph.nodes[4].data.operator"]);
    for (const operator of ["equals", "not_equals", "contains", "gt", "lt"]) {
      expect(validateGraph(withData("condition", { ...c, operator, value: 3 })).ok).toBe(true);
    }
    expect(validateGraph(withData("condition", { ...c, operator: "exists" })).ok).toBe(true);
  });

  it("checks catalogs and defaults maxOptions to 5", () => {
    const c = { collection: "menu", variable: "item", text: "Which one?" };
    const r = validateGraph(withData("catalog", c));
    expect(r.ok && (r.graph.nodes[4] as TypedNode<"catalog">).data.maxOptions).toBe(5);
    expect(pathsOf(withData("catalog", { ...c, maxOptions: 0 }))).toEqual(["graph.nodes[4].data.maxOptions"]);
    expect(pathsOf(withData("catalog", { ...c, collection: "Menu" }))).toEqual(["graph.nodes[4].data.collection"]);
  });

  it("checks availability: slot, capacity and opening hours", () => {
    const a = { variable: "name", slotMinutes: 90, capacity: 4, openingHours: { mon: ["09:00-12:00", "13:00-24:00"], sun: [] } };
    expect(validateGraph(withData("availability", a)).ok).toBe(true);
    expect(pathsOf(withData("availability", { ...a, slotMinutes: 4 }))).toEqual(["graph.nodes[4].data.slotMinutes"]);
    expect(pathsOf(withData("availability", { ...a, slotMinutes: 1441 }))).toEqual(["graph.nodes[4].data.slotMinutes"]);
    expect(pathsOf(withData("availability", { ...a, slotMinutes: 30.5 }))).toEqual(["graph.nodes[4].data.slotMinutes"]);
    expect(pathsOf(withData("availability", { ...a, capacity: 0 }))).toEqual(["graph.nodes[4].data.capacity"]);
    expect(pathsOf(withData("availability", { ...a, openingHours: { monday: ["09:00-17:00"] } }))).toEqual(["graph.nodes[4].data.openingHours"]);
    expect(pathsOf(withData("availability", { ...a, openingHours: { tue: ["ok", "9:00-17:00"] } }))).toEqual([
      "graph.nodes[4].data.openingHours.tue[0]",
      "graph.nodes[4].data.openingHours.tue[1]",
    ]);
    expect(pathsOf(withData("availability", { ...a, openingHours: { wed: ["17:00-09:00"] } }))).toEqual(["graph.nodes[4].data.openingHours.wed[0]"]);
  });

  it("checks records: collection name and fields", () => {
    const r = { collection: "leads", fields: { name: "{{name}}" } };
    expect(validateGraph(withData("record", r)).ok).toBe(true);
    expect(validateGraph(withData("record", { ...r, collection: "0_my-leads" })).ok).toBe(true);
    expect(pathsOf(withData("record", { ...r, collection: "-leads" }))).toEqual(["graph.nodes[4].data.collection"]);
    expect(pathsOf(withData("record", { ...r, collection: "l".repeat(65) }))).toEqual(["graph.nodes[4].data.collection"]);
    expect(pathsOf(withData("record", { ...r, fields: {} }))).toEqual(["graph.nodes[4].data.fields"]);
    expect(pathsOf(withData("record", { ...r, fields: { name: 3 } }))).toEqual(["graph.nodes[4].data.fields.name"]);
  });

  it("accepts handoff, ai and end with their optional fields", () => {
    expect(validateGraph(withData("handoff", { reason: "stuck", text: "A colleague will help." })).ok).toBe(true);
    expect(validateGraph(withData("ai", { instructions: "Be brief." })).ok).toBe(true);
    expect(pathsOf(withData("end", { text: 42 }))).toEqual(["graph.nodes[4].data.text"]);
  });
});

describe("validateGraph: structure", () => {
  it("needs exactly one trigger", () => {
    const none = simple();
    none.nodes[0].type = "message";
    none.nodes[0].data = { text: "hi" };
    expect(pathsOf(none)).toContain("graph.nodes");
    const two = simple();
    two.nodes.push(node("t2", "trigger", { keywords: ["again"] }));
    two.edges.push(edge("e9", "t2", "q"));
    expect(problemsOf(two)).toEqual([
      { path: "graph.nodes[4].type", message: expect.stringContaining('node "t2" is a second trigger'), nodeId: "t2" },
    ]);
  });

  it("refuses duplicate node and edge ids", () => {
    const g = simple();
    g.nodes.push(node("m", "message", { text: "again" }));
    expect(problemsOf(g)).toEqual([{ path: "graph.nodes[4].id", message: expect.stringContaining('node id "m" is used twice'), nodeId: "m" }]);
    const h = simple();
    h.edges[2].id = "e1";
    expect(problemsOf(h)).toEqual([{ path: "graph.edges[2].id", message: expect.stringContaining('edge "e1" is used twice'), edgeId: "e1" }]);
  });

  it("refuses an edge to or from a missing node", () => {
    const g = simple();
    g.edges.push(edge("e4", "nowhere", "end"));
    expect(pathsOf(g)).toEqual(["graph.edges[3].source"]);
    g.edges[2].target = "gone";
    expect(pathsOf(g)).toEqual(["graph.edges[2].target", "graph.edges[3].source", "graph.nodes[3]"]);
  });

  it("refuses a handle the source node does not have", () => {
    const g = simple();
    g.edges[1].sourceHandle = "found";
    expect(problemsOf(g)).toEqual([
      {
        path: "graph.edges[1].sourceHandle",
        message: expect.stringContaining('edge "e2" leaves node "q" (question) by handle "found"'),
        edgeId: "e2",
      },
    ]);
    g.edges[1].sourceHandle = "invalid";
    expect(validateGraph(g).ok).toBe(true);
    const fromEnd = simple();
    fromEnd.nodes.push(node("m2", "message", { text: "after the end" }));
    fromEnd.edges.push(edge("e4", "end", "m2"));
    expect(pathsOf(fromEnd)).toEqual(["graph.edges[3].sourceHandle"]);
  });

  it("gives a condition no default handle", () => {
    const g = withData("condition", { variable: "name", operator: "exists" });
    g.nodes.push(node("y", "end", {}), node("z", "end", {}));
    g.edges.push(edge("c1", "x", "y"), edge("c2", "x", "z", "false"));
    expect(pathsOf(g)).toEqual(["graph.edges[4].sourceHandle"]);
    g.edges[4].sourceHandle = "true";
    expect(validateGraph(g).ok).toBe(true);
  });

  it("refuses two edges leaving one handle", () => {
    const g = simple();
    g.edges.push(edge("e4", "q", "end", "next"));
    expect(problemsOf(g)).toEqual([
      { path: "graph.edges[3].sourceHandle", message: expect.stringContaining('which edge "e2" already uses'), edgeId: "e4" },
    ]);
    g.edges[3].sourceHandle = "invalid";
    expect(validateGraph(g).ok).toBe(true);
  });

  it("refuses a node the trigger cannot reach", () => {
    const g = simple();
    g.nodes.push(node("lost", "end", { text: "bye" }));
    expect(problemsOf(g)).toEqual([{ path: "graph.nodes[4]", message: 'node "lost" cannot be reached from the trigger', nodeId: "lost" }]);
    g.edges.push(edge("e4", "q", "lost", "invalid"));
    expect(validateGraph(g).ok).toBe(true);
  });

  it("refuses a loop that passes through no question", () => {
    const g = simple();
    g.nodes[3] = node("ai", "ai", {});
    g.edges[2].target = "ai";
    g.edges.push(edge("e4", "ai", "m"));
    const problems = problemsOf(g);
    expect(problems).toEqual([
      { path: "graph.nodes[2]", message: expect.stringContaining('nodes "m", "ai" form a loop with no question'), nodeId: "m" },
    ]);
    expect(pathsOf(simple())).toEqual([]);
  });

  it("counts a self-loop as a loop", () => {
    const g = withData("condition", { variable: "name", operator: "exists" });
    g.edges.push(edge("c1", "x", "x", "true"), edge("c2", "x", "end", "false"));
    expect(pathsOf(g)).toEqual(["graph.nodes[4]"]);
  });

  it("accepts a loop back to a question, including a question's own retry loop", () => {
    const g = simple();
    g.edges[2].target = "q";
    g.nodes.pop();
    expect(validateGraph(g).ok).toBe(true);
    const self = simple();
    self.edges.push(edge("e4", "q", "q", "invalid"));
    expect(validateGraph(self).ok).toBe(true);
  });

  it("looks for loops only among valid nodes", () => {
    const g = simple();
    g.nodes[2].data = {};
    g.edges[2].target = "m";
    expect(pathsOf(g)).toEqual(["graph.nodes[2].data.text", "graph.nodes[3]"]);
  });
});

describe("validateGraph: limits", () => {
  // trigger -> n-2 messages -> end
  function chain(n: number): RawGraph {
    const nodes = [node("t", "trigger", { keywords: ["go"] })];
    for (let i = 1; i < n - 1; i++) nodes.push(node(`m${i}`, "message", { text: "." }));
    nodes.push(node("end", "end", {}));
    return { nodes, edges: nodes.slice(1).map((n, i) => edge(`e${i}`, nodes[i].id, n.id)) };
  }

  it("allows 500 nodes and refuses 501", () => {
    expect(validateGraph(chain(500)).ok).toBe(true);
    expect(problemsOf(chain(501))).toEqual([{ path: "graph.nodes", message: "graph has 501 nodes; the limit is 500" }]);
  });

  it("allows 1,000 edges and refuses 1,001", () => {
    const g = chain(3);
    const many = (n: number) => Array.from({ length: n }, (_, i) => edge(`x${i}`, "t", "end"));
    expect(pathsOf({ ...g, edges: many(1000) })).not.toContain("graph.edges");
    expect(pathsOf({ ...g, edges: many(1001) })).toEqual(["graph.edges"]);
  });

  it("refuses more than 256 KiB serialized, counting bytes not characters", () => {
    expect(validateGraph({ ...simple(), note: "x".repeat(200_000) }).ok).toBe(true);
    expect(pathsOf({ ...simple(), note: "x".repeat(270_000) })).toEqual(["graph"]);
    expect(pathsOf({ ...simple(), note: "é".repeat(140_000) })).toEqual(["graph"]);
  });
});

describe("validateGraph: warnings for variables nobody sets", () => {
  it("warns about a placeholder no question or catalog upstream sets, without refusing", () => {
    const g = simple();
    g.nodes[2].data = { text: "Hi {{name}}, your order {{order.id}} is ready" };
    const r = validateGraph(g);
    expect(r.ok).toBe(true);
    expect(r.warnings).toEqual([
      {
        path: "graph.nodes[2].data.text",
        message: 'node "m" uses {{order.id}}, but no question or catalog node before it sets "order", so it will be empty',
        nodeId: "m",
      },
    ]);
  });

  it("does not count a variable set only downstream", () => {
    const g = simple();
    g.nodes[1].data = { text: "Hello {{name}}", variable: "name", kind: "text", retryText: "Again, {{name}}?" };
    expect(warningsOf(g).map((w) => w.path)).toEqual(["graph.nodes[1].data.text", "graph.nodes[1].data.retryText"]);
  });

  it("accepts fields of a catalog item chosen upstream", () => {
    const g = simple();
    g.nodes.splice(2, 0, node("c", "catalog", { collection: "menu", variable: "item", text: "Which?" }));
    g.edges[1].target = "c";
    g.edges.push(edge("e4", "c", "m", "found"), edge("e5", "c", "end", "none"));
    g.nodes[3].data = { text: "{{item.title}} costs {{item.price}}, {{name}}" };
    expect(validateGraph(g)).toMatchObject({ ok: true, warnings: [] });
  });

  it("checks record fields, handoff and end text, and availability's variable", () => {
    const g = simple();
    g.nodes[2] = node("m", "record", { collection: "leads", fields: { name: "{{name}}", email: "{{email}}" } });
    g.nodes[3].data = { text: "Bye {{nobody}}" };
    g.nodes.push(node("a", "availability", { variable: "when", slotMinutes: 60, capacity: 1, openingHours: {} }));
    g.nodes.push(node("h", "handoff", { text: "{{why}}" }), node("h2", "handoff", {}));
    g.edges.push(edge("e4", "q", "a", "invalid"), edge("e5", "a", "h", "free"), edge("e6", "a", "h2", "taken"));
    expect(warningsOf(g).map((w) => w.path)).toEqual([
      "graph.nodes[2].data.fields.email",
      "graph.nodes[3].data.text",
      "graph.nodes[4].data.variable",
      "graph.nodes[5].data.text",
    ]);
  });

  it("still returns warnings when the graph is refused", () => {
    const g = simple();
    g.nodes[2].data = { text: "{{ghost}}" };
    g.edges.push(edge("e9", "m", "ghost"));
    expect(validateGraph(g)).toMatchObject({ ok: false, warnings: [{ path: "graph.nodes[2].data.text" }] });
  });
});

describe("placeholders", () => {
  it("finds each {{variable}} and {{variable.field}} once, in order", () => {
    expect(placeholders("Hi {{ name }}, {{item.title}} x {{quantity}} for {{name}}")).toEqual(["name", "item.title", "quantity"]);
    expect(placeholders("{{}} {{1x}} {{a-b}} {{a.b.c}} {single} plain")).toEqual([]);
  });
});

describe("ready-made skills", () => {
  it.each(readyMadeSkills.map((s) => [s.key, s] as const))("%s validates with no warnings", (_, skill) => {
    expect(validateGraph(skill.graph)).toMatchObject({ ok: true, warnings: [] });
    expect(skill.id).toBe(`sk_${skill.key}`);
    expect(skill.graph.nodes.every((n) => n.position)).toBe(true);
    // Laid out top to bottom: the trigger sits above every other node.
    const [trigger, ...rest] = skill.graph.nodes;
    expect(trigger.type).toBe("trigger");
    expect(rest.every((n) => (n.position?.y ?? 0) > (trigger.position?.y ?? 0))).toBe(true);
  });

  it("books through availability, loops back to the time question when full, and records bookings", () => {
    const booking = readyMadeSkills.find((s) => s.key === "booking")?.graph;
    const slot = booking?.nodes.find((n): n is TypedNode<"availability"> => n.type === "availability");
    expect(slot?.data).toMatchObject({ variable: "when", slotMinutes: 90, capacity: 4 });
    // No hours of its own: the business hours (issue 14.6), so no ready-made skill hard-codes opening hours.
    expect(slot?.data.openingHours).toBeUndefined();
    expect(booking?.nodes.some((n) => n.type === "record" && n.data.collection === "bookings")).toBe(true);
  });

  it("declares handles for every node type", () => {
    expect(Object.keys(handlesOut).sort()).toEqual([...nodeTypes].sort());
  });
});
