"use client";
import type { NodeProps } from "@xyflow/react";
import { memo } from "react";
import type { EditorNode } from "../editor-graph";
import { Excerpt, NodeCard } from "./node-card";

export const EndNode = memo(function EndNode({ id, data, selected }: NodeProps<EditorNode>) {
  return (
    <NodeCard id={id} type="end" selected={selected}>
      <Excerpt text={data.text} empty="Ends without a message" />
    </NodeCard>
  );
});
