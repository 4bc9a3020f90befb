"use client";
import { Badge, Button } from "@/components/ui";
import { nodeDataSchemas } from "@/lib/shared/graph-schema";
import type { Problem } from "@/lib/shared/validate-graph";
import { type EditorEdge, type EditorNode, isNodeType, nodeInfo } from "./editor-graph";
import { fieldErrors, type Patch } from "./inspector-fields";
import { NodeForm } from "./node-forms";

type Props = {
  node: EditorNode | null;
  edge: EditorEdge | null;
  /** Changes when the graph is replaced (undo, redo, reload) so the form re-reads the node. */
  revision: number;
  problems: Problem[];
  warnings: Problem[];
  onPatch: (nodeId: string, key: string, value: unknown) => void;
  onDeleteNode: (nodeId: string) => void;
  onDeleteEdge: (edgeId: string) => void;
};

/** The side panel: the selected node's fields with inline validation, or the selected edge. */
export function NodeInspector({ node, edge, revision, problems, warnings, onPatch, onDeleteNode, onDeleteEdge }: Props) {
  if (node && isNodeType(node.type)) {
    const type = node.type;
    const { errors, count } = fieldErrors(nodeDataSchemas[type], node.data);
    const patch: Patch = (key, value) => onPatch(node.id, key, value);
    const mine = [...problems, ...warnings].filter((p) => p.nodeId === node.id && !p.path.includes(".data"));
    const mineWarnings = warnings.filter((p) => p.nodeId === node.id && p.path.includes(".data"));
    return (
      <aside className="skill-inspector" aria-label="Selected node">
        <div className="skill-inspector-head">
          <span aria-hidden="true">{nodeInfo[type].icon}</span>
          <h2>{nodeInfo[type].label}</h2>
          <code className="muted small">{node.id}</code>
          {count ? <Badge tone="danger">{count === 1 ? "1 problem" : `${count} problems`}</Badge> : <Badge tone="success">valid</Badge>}
        </div>
        <p className="muted small" style={{ margin: 0 }}>
          {nodeInfo[type].hint}.
        </p>
        <div className="stack" key={`${node.id}:${revision}`}>
          <NodeForm type={type} data={node.data} onPatch={patch} errors={errors} />
        </div>
        {[...mine, ...mineWarnings].map((p) => (
          <div key={p.path + p.message} className={problems.includes(p) ? "alert" : "alert alert-warning"}>
            {p.message}
          </div>
        ))}
        <Button variant="danger" size="sm" onClick={() => onDeleteNode(node.id)}>
          Delete node
        </Button>
      </aside>
    );
  }
  if (edge) {
    return (
      <aside className="skill-inspector" aria-label="Selected connection">
        <div className="skill-inspector-head">
          <h2>Connection</h2>
        </div>
        <p style={{ margin: 0 }}>
          From <code>{edge.source}</code> by <Badge tone="accent">{edge.sourceHandle ?? "next"}</Badge> to <code>{edge.target}</code>.
        </p>
        <Button variant="danger" size="sm" onClick={() => onDeleteEdge(edge.id)}>
          Delete connection
        </Button>
      </aside>
    );
  }
  return (
    <aside className="skill-inspector" aria-label="Selected node">
      <div className="state" style={{ padding: "32px 8px" }}>
        <div className="state-title">Nothing selected</div>
        <div>Drag a node from the palette onto the canvas, connect a labelled exit to the next node, and click a node to edit it.</div>
      </div>
    </aside>
  );
}
