"use client";
import type { NodeProps } from "@xyflow/react";
import { memo } from "react";
import type { EditorNode } from "../editor-graph";
import { Excerpt, NodeCard } from "./node-card";

export const FlowNode = memo(function FlowNode({ id, data, selected }: NodeProps<EditorNode>) {
  const fields = data.fields && typeof data.fields === "object" ? Object.values(data.fields as Record<string, string>) : [];
  return (
    <NodeCard id={id} type="flow" selected={selected}>
      <Excerpt text={data.text} />
      <div className="skill-node-meta">→ {fields.length ? fields.map((v) => <code key={v}>{v} </code>) : <code>?</code>}</div>
    </NodeCard>
  );
});
