"use client";
import type { NodeProps } from "@xyflow/react";
import { memo } from "react";
import type { EditorNode } from "../editor-graph";
import { Excerpt, NodeCard } from "./node-card";

export const AiNode = memo(function AiNode({ id, data, selected }: NodeProps<EditorNode>) {
  return (
    <NodeCard id={id} type="ai" selected={selected}>
      <Excerpt text={data.instructions} empty="Uses the assistant's own instructions" />
    </NodeCard>
  );
});
