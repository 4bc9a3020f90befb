import dagre from "@dagrejs/dagre";
import type { EditorEdge, EditorNode } from "./editor-graph";

const FALLBACK = { width: 240, height: 96 };

/** Top-to-bottom layered layout (dagre), the trigger on top; used for graphs without positions and by "Tidy up". */
export function layoutGraph(nodes: EditorNode[], edges: EditorEdge[]): EditorNode[] {
  const g = new dagre.graphlib.Graph();
  g.setGraph({ rankdir: "TB", nodesep: 50, ranksep: 70, marginx: 20, marginy: 20 });
  g.setDefaultEdgeLabel(() => ({}));
  for (const n of nodes) g.setNode(n.id, { width: n.measured?.width ?? FALLBACK.width, height: n.measured?.height ?? FALLBACK.height });
  for (const e of edges) if (g.hasNode(e.source) && g.hasNode(e.target)) g.setEdge(e.source, e.target);
  dagre.layout(g);
  return nodes.map((n) => {
    const p = g.node(n.id);
    const width = n.measured?.width ?? FALLBACK.width;
    const height = n.measured?.height ?? FALLBACK.height;
    return { ...n, position: { x: Math.round(p.x - width / 2), y: Math.round(p.y - height / 2) } };
  });
}
