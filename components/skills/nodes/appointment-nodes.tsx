"use client";
import type { NodeProps } from "@xyflow/react";
import { memo } from "react";
import type { EditorNode } from "../editor-graph";
import { Excerpt, NodeCard } from "./node-card";

export const ServiceNode = memo(function ServiceNode({ id, data, selected }: NodeProps<EditorNode>) {
  const only = Array.isArray(data.services) ? data.services.length : 0;
  return (
    <NodeCard id={id} type="service" selected={selected}>
      <Excerpt text={data.text} />
      <div className="skill-node-meta">
        {only ? `${only} service${only === 1 ? "" : "s"}` : "every active service"} → <code>{String(data.variable || "?")}</code>
      </div>
    </NodeCard>
  );
});

export const AppointmentNode = memo(function AppointmentNode({ id, data, selected }: NodeProps<EditorNode>) {
  return (
    <NodeCard id={id} type="appointment" selected={selected}>
      <Excerpt text={data.text} />
      <div className="skill-node-meta">
        times for <code>{String(data.service || "?")}</code> · up to {String(data.maxOptions ?? 10)} → <code>{String(data.variable || "?")}</code>
      </div>
    </NodeCard>
  );
});
