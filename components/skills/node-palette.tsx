"use client";
import type { DragEvent } from "react";
import type { NodeType } from "@/lib/shared/graph-schema";
import { nodeInfo, paletteTypes } from "./editor-graph";

export const PALETTE_MIME = "application/x-skill-node";

/** Every node type: drag one onto the canvas, or press it (keyboard) to drop it in the middle of the view. */
export function NodePalette({ onAdd }: { onAdd: (type: NodeType) => void }) {
  const onDragStart = (e: DragEvent, type: NodeType) => {
    e.dataTransfer.setData(PALETTE_MIME, type);
    e.dataTransfer.setData("text/plain", type);
    e.dataTransfer.effectAllowed = "move";
  };
  return (
    <nav className="skill-palette" aria-label="Node palette">
      <div className="skill-palette-title">Nodes</div>
      {paletteTypes.map((type) => (
        <button
          key={type}
          type="button"
          draggable
          className={`skill-palette-item palette-${type}`}
          data-node-type={type}
          title={`${nodeInfo[type].hint}. Drag onto the canvas, or press to add.`}
          onDragStart={(e) => onDragStart(e, type)}
          onClick={() => onAdd(type)}
        >
          <span className="skill-node-icon" aria-hidden="true">
            {nodeInfo[type].icon}
          </span>
          {nodeInfo[type].label}
        </button>
      ))}
      <p className="muted small">Connect a node by dragging from a labelled exit at its bottom to the top of the next one.</p>
    </nav>
  );
}
