"use client";
import { Handle, Position } from "@xyflow/react";
import { createContext, type ReactNode, useContext } from "react";
import { handlesOut, type NodeType } from "@/lib/shared/graph-schema";
import { nodeInfo } from "../editor-graph";

export type Severity = "error" | "warning";
/** Which nodes the validator complains about; the editor provides it, every node reads it. */
export const NodeIssuesContext = createContext<ReadonlyMap<string, Severity>>(new Map());

/**
 * The frame every node type shares: a target handle on top (a trigger has none), a header with the
 * type and id, the type's summary, and one labelled source handle per exit of `handlesOut[type]`.
 */
export function NodeCard({ id, type, selected, children }: { id: string; type: NodeType; selected?: boolean; children?: ReactNode }) {
  const severity = useContext(NodeIssuesContext).get(id);
  const info = nodeInfo[type];
  const exits = handlesOut[type];
  const classes = ["skill-node", `skill-node-${type}`, severity && `has-${severity}`, selected && "is-selected"].filter(Boolean).join(" ");
  return (
    <div className={classes} data-testid={`skill-node-${id}`}>
      {type !== "trigger" ? <Handle type="target" position={Position.Top} className="skill-handle skill-handle-in" title="Into this node" /> : null}
      <div className="skill-node-head">
        <span className="skill-node-icon" aria-hidden="true">
          {info.icon}
        </span>
        <span className="skill-node-type">{info.label}</span>
        <span className="skill-node-id">{id}</span>
        {severity ? (
          <span className={`skill-node-flag flag-${severity}`} title={severity === "error" ? "Has problems" : "Has warnings"}>
            {severity === "error" ? "!" : "⚠"}
          </span>
        ) : null}
      </div>
      <div className="skill-node-body">{children}</div>
      {exits.length ? (
        <div className="skill-node-exits">
          {exits.map((handle) => (
            <div key={handle} className={`skill-exit exit-${handle}`}>
              <span className="skill-exit-label">{handle}</span>
              <Handle type="source" id={handle} position={Position.Bottom} className="skill-handle skill-handle-out" title={`Leave by “${handle}”`} />
            </div>
          ))}
        </div>
      ) : (
        <div className="skill-node-final">skill ends here</div>
      )}
    </div>
  );
}

/** A one-line excerpt of a node's text, or a muted placeholder while it is empty. */
export function Excerpt({ text, empty = "No text yet" }: { text?: unknown; empty?: string }) {
  const value = typeof text === "string" ? text.trim() : "";
  return value ? <div className="skill-node-text">{value}</div> : <div className="skill-node-text muted">{empty}</div>;
}
