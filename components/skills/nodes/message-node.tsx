"use client";
import type { NodeProps } from "@xyflow/react";
import { memo } from "react";
import type { EditorNode } from "../editor-graph";
import { Excerpt, NodeCard } from "./node-card";

export const MessageNode = memo(function MessageNode({ id, data, selected }: NodeProps<EditorNode>) {
  return (
    <NodeCard id={id} type="message" selected={selected}>
      <Excerpt text={data.text} />
    </NodeCard>
  );
});
