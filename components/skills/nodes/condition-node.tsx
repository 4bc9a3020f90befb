"use client";
import type { NodeProps } from "@xyflow/react";
import { memo } from "react";
import type { EditorNode } from "../editor-graph";
import { NodeCard } from "./node-card";

export const ConditionNode = memo(function ConditionNode({ id, data, selected }: NodeProps<EditorNode>) {
  const operator = String(data.operator ?? "equals").replace("_", " ");
  return (
    <NodeCard id={id} type="condition" selected={selected}>
      <div className="skill-node-text">
        <code>{String(data.variable || "?")}</code> {operator} {data.operator === "exists" ? null : <code>{JSON.stringify(data.value ?? "")}</code>}
      </div>
    </NodeCard>
  );
});
