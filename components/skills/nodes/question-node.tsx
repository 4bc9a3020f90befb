"use client";
import type { NodeProps } from "@xyflow/react";
import { memo } from "react";
import type { EditorNode } from "../editor-graph";
import { Excerpt, NodeCard } from "./node-card";

export const QuestionNode = memo(function QuestionNode({ id, data, selected }: NodeProps<EditorNode>) {
  return (
    <NodeCard id={id} type="question" selected={selected}>
      <Excerpt text={data.text} />
      <div className="skill-node-meta">
        → <code>{String(data.variable || "?")}</code> as {String(data.kind ?? "text")}
      </div>
    </NodeCard>
  );
});
