"use client";
import type { NodeProps } from "@xyflow/react";
import { memo } from "react";
import type { EditorNode } from "../editor-graph";
import { NodeCard } from "./node-card";

export const AvailabilityNode = memo(function AvailabilityNode({ id, data, selected }: NodeProps<EditorNode>) {
  const own = data.openingHours as Record<string, unknown> | undefined;
  const days = Object.keys(own ?? {}).length;
  return (
    <NodeCard id={id} type="availability" selected={selected}>
      <div className="skill-node-text">
        slot at <code>{String(data.variable || "?")}</code>
      </div>
      <div className="skill-node-meta">
        {String(data.slotMinutes ?? "?")} min · capacity {String(data.capacity ?? "?")} ·{" "}
        {own ? `open ${days} day${days === 1 ? "" : "s"}` : "business hours"}
      </div>
    </NodeCard>
  );
});
