"use client";
import type { NodeProps } from "@xyflow/react";
import { memo } from "react";
import type { EditorNode } from "../editor-graph";
import { Excerpt, NodeCard } from "./node-card";

export const HandoffNode = memo(function HandoffNode({ id, data, selected }: NodeProps<EditorNode>) {
  return (
    <NodeCard id={id} type="handoff" selected={selected}>
      <Excerpt text={data.text} empty="Hands off without a message" />
      {data.reason ? <div className="skill-node-meta">reason: {String(data.reason)}</div> : null}
    </NodeCard>
  );
});
