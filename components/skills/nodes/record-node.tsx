"use client";
import type { NodeProps } from "@xyflow/react";
import { memo } from "react";
import type { EditorNode } from "../editor-graph";
import { NodeCard } from "./node-card";

export const RecordNode = memo(function RecordNode({ id, data, selected }: NodeProps<EditorNode>) {
  const fields = Object.keys((data.fields as Record<string, unknown>) ?? {});
  return (
    <NodeCard id={id} type="record" selected={selected}>
      <div className="skill-node-text">
        save to <code>{String(data.collection || "?")}</code>
      </div>
      <div className="skill-node-meta">{fields.length ? fields.join(", ") : "no fields yet"}</div>
    </NodeCard>
  );
});
