"use client";
import type { NodeProps } from "@xyflow/react";
import { memo } from "react";
import type { EditorNode } from "../editor-graph";
import { Excerpt, NodeCard } from "./node-card";

export const TriggerNode = memo(function TriggerNode({ id, data, selected }: NodeProps<EditorNode>) {
  const keywords = Array.isArray(data.keywords) ? (data.keywords as string[]) : [];
  return (
    <NodeCard id={id} type="trigger" selected={selected}>
      <Excerpt text={keywords.map((k) => `“${k}”`).join(", ")} empty="No phrases yet" />
    </NodeCard>
  );
});
