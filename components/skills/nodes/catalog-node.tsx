"use client";
import type { NodeProps } from "@xyflow/react";
import { memo } from "react";
import type { EditorNode } from "../editor-graph";
import { Excerpt, NodeCard } from "./node-card";

export const CatalogNode = memo(function CatalogNode({ id, data, selected }: NodeProps<EditorNode>) {
  return (
    <NodeCard id={id} type="catalog" selected={selected}>
      <Excerpt text={data.text} />
      <div className="skill-node-meta">
        search <code>{String(data.collection || "?")}</code> → <code>{String(data.variable || "?")}</code>
      </div>
    </NodeCard>
  );
});
