"use client";
import {
  applyEdgeChanges,
  applyNodeChanges,
  Background,
  type Connection,
  Controls,
  type EdgeChange,
  MarkerType,
  MiniMap,
  type NodeChange,
  ReactFlow,
  useReactFlow,
} from "@xyflow/react";
import { type DragEvent, useCallback, useDeferredValue, useEffect, useMemo, useRef, useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { catalogUsageQuery } from "@/components/overview/getting-started";
import { usePhoneLayout } from "@/components/shell/use-phone-layout";
import { useToast } from "@/components/ui";
import type { NodeType } from "@/lib/shared/graph-schema";
import { type Problem, validateGraph } from "@/lib/shared/validate-graph";
import { layoutGraph } from "./auto-layout";
import { ConflictDialog } from "./conflict-dialog";
import { defaultData, type EditorEdge, type EditorGraph, type EditorNode, fromStored, isNodeType, nextNodeId, toStored } from "./editor-graph";
import { EditorToolbar } from "./editor-toolbar";
import { type ExamplePhrase, ExamplePhrases } from "./example-phrases";
import { type SkillNames, SkillNamesField } from "./skill-names";
import { NodeInspector } from "./node-inspector";
import { NodePalette, PALETTE_MIME } from "./node-palette";
import { skillNodeTypes } from "./nodes";
import { NodeIssuesContext, type Severity } from "./nodes/node-card";
import { ProblemsPanel } from "./problems-panel";
import { useGraphHistory } from "./use-graph-history";
import { type SkillDetail, useSkillSave } from "./use-skill-save";

function loadGraph(skill: SkillDetail): EditorGraph {
  const g = fromStored(skill.graph);
  return { nodes: g.needsLayout ? layoutGraph(g.nodes, g.edges) : g.nodes, edges: g.edges };
}

// What "unsaved" compares: the graph without React Flow's measurements and selection.
function draftKey(name: string, enabled: boolean, g: EditorGraph, examples: ExamplePhrase[], names: SkillNames = {}): string {
  return JSON.stringify({
    name,
    names,
    enabled,
    examples,
    nodes: g.nodes.map(({ measured: _m, selected: _s, dragging: _d, width: _w, height: _h, ...n }) => n),
    edges: g.edges.map(({ selected: _s, ...e }) => e),
  });
}

const isTyping = (target: EventTarget | null) =>
  target instanceof HTMLElement && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName));

export function SkillCanvas({ initial }: { initial: SkillDetail }) {
  const toast = useToast();
  // On a phone the flow is read-only (pan, zoom, read): editing needs the palette and the inspector.
  const readOnly = usePhoneLayout();
  const flow = useReactFlow<EditorNode, EditorEdge>();
  const wrapper = useRef<HTMLDivElement>(null);
  const [graph, setGraph] = useState<EditorGraph>(() => loadGraph(initial));
  const [name, setName] = useState(initial.name);
  const [enabled, setEnabled] = useState(initial.enabled);
  const [version, setVersion] = useState(initial.version);
  const [examples, setExamples] = useState<ExamplePhrase[]>(initial.examples ?? []);
  const [names, setNames] = useState<SkillNames>(initial.names ?? {});
  const [savedKey, setSavedKey] = useState(() =>
    draftKey(initial.name, initial.enabled, loadGraph(initial), initial.examples ?? [], initial.names ?? {}),
  );
  const [revision, setRevision] = useState(0);
  const history = useGraphHistory();
  const current = useRef(graph);
  current.current = graph;

  // --- validation: the one validator the API runs, on every change (deferred while dragging) ---
  const checked = useDeferredValue(graph);
  const check = useMemo(() => validateGraph(toStored(checked)), [checked]);
  const problems: Problem[] = check.ok ? [] : check.problems;
  // Skills and catalog agree: a catalog node on an empty (or missing) collection would find nothing.
  const usage = useQuery(catalogUsageQuery);
  const warnings = useMemo(() => {
    if (!usage.data) return check.warnings;
    const counts = new Map(usage.data.collections.map((c) => [c.collection, c.items]));
    const empty: Problem[] = checked.nodes.flatMap((n, index) => {
      const collection = n.type === "catalog" ? (n.data as { collection?: unknown }).collection : undefined;
      if (typeof collection !== "string" || !collection || (counts.get(collection) ?? 0) > 0) return [];
      return [
        {
          path: `graph.nodes[${index}].data.collection`,
          message: `node "${n.id}" searches the catalog collection "${collection}", which is empty: upload items to it or pick another collection`,
          nodeId: n.id,
        },
      ];
    });
    return [...check.warnings, ...empty];
  }, [check.warnings, checked.nodes, usage.data]);
  const nodeIssues = useMemo(() => {
    const map = new Map<string, Severity>();
    for (const w of warnings) if (w.nodeId) map.set(w.nodeId, "warning");
    for (const p of problems) if (p.nodeId) map.set(p.nodeId, "error");
    return map;
  }, [problems, warnings]);
  const edgeIssues = useMemo(() => new Set(problems.flatMap((p) => (p.edgeId ? [p.edgeId] : []))), [problems]);

  // --- graph changes, each recorded for undo first ---
  const change = useCallback(
    (next: (g: EditorGraph) => EditorGraph, key?: string) => {
      history.record(current.current, key);
      setGraph(next);
    },
    [history],
  );

  const onNodesChange = useCallback(
    (changes: NodeChange<EditorNode>[]) => {
      if (changes.some((c) => c.type === "remove" || c.type === "add")) history.record(current.current, "remove");
      setGraph((g) => ({ ...g, nodes: applyNodeChanges(changes, g.nodes) }));
    },
    [history],
  );
  const onEdgesChange = useCallback(
    (changes: EdgeChange<EditorEdge>[]) => {
      if (changes.some((c) => c.type === "remove" || c.type === "add")) history.record(current.current, "remove");
      setGraph((g) => ({ ...g, edges: applyEdgeChanges(changes, g.edges) }));
    },
    [history],
  );
  // One edge per exit: connecting a used exit again moves that connection.
  const onConnect = useCallback(
    (c: Connection) =>
      change((g) => {
        const handle = c.sourceHandle ?? "next";
        const others = g.edges.filter((e) => !(e.source === c.source && (e.sourceHandle ?? "next") === handle));
        let id = `e_${c.source}_${handle}`;
        while (others.some((e) => e.id === id)) id += "_";
        return { ...g, edges: [...others, { id, source: c.source, target: c.target, sourceHandle: handle, targetHandle: c.targetHandle ?? null }] };
      }),
    [change],
  );

  const addNode = useCallback(
    (type: NodeType, position?: { x: number; y: number }) => {
      let at = position;
      if (!at) {
        const box = wrapper.current?.getBoundingClientRect();
        at = box ? flow.screenToFlowPosition({ x: box.left + box.width / 2 - 120, y: box.top + box.height / 3 }) : { x: 0, y: 0 };
      }
      const where = at;
      change((g) => {
        const node: EditorNode = { id: nextNodeId(type, g.nodes), type, position: where, data: defaultData(type), selected: true };
        return {
          nodes: [...g.nodes.map((n) => (n.selected ? { ...n, selected: false } : n)), node],
          edges: g.edges.map((e) => ({ ...e, selected: false })),
        };
      });
    },
    [change, flow],
  );

  const onDragOver = useCallback((e: DragEvent) => {
    if (!e.dataTransfer.types.includes(PALETTE_MIME)) return;
    e.preventDefault();
    e.dataTransfer.dropEffect = "move";
  }, []);
  const onDrop = useCallback(
    (e: DragEvent) => {
      const type = e.dataTransfer.getData(PALETTE_MIME);
      if (!isNodeType(type)) return;
      e.preventDefault();
      const p = flow.screenToFlowPosition({ x: e.clientX, y: e.clientY });
      addNode(type, { x: Math.round(p.x - 120), y: Math.round(p.y - 30) });
    },
    [flow, addNode],
  );

  const patchNode = useCallback(
    (nodeId: string, key: string, value: unknown) =>
      change(
        (g) => ({
          ...g,
          nodes: g.nodes.map((n) => {
            if (n.id !== nodeId) return n;
            const { [key]: _old, ...rest } = n.data;
            return { ...n, data: value === undefined ? rest : { ...rest, [key]: value } };
          }),
        }),
        `data:${nodeId}:${key}`,
      ),
    [change],
  );
  const deleteNode = useCallback(
    (nodeId: string) =>
      change((g) => ({ nodes: g.nodes.filter((n) => n.id !== nodeId), edges: g.edges.filter((e) => e.source !== nodeId && e.target !== nodeId) })),
    [change],
  );
  const deleteEdge = useCallback((edgeId: string) => change((g) => ({ ...g, edges: g.edges.filter((e) => e.id !== edgeId) })), [change]);

  const replace = useCallback((g: EditorGraph | null) => {
    if (!g) return;
    setGraph(g);
    setRevision((r) => r + 1);
  }, []);
  const undo = useCallback(() => replace(history.undo(current.current)), [history, replace]);
  const redo = useCallback(() => replace(history.redo(current.current)), [history, replace]);
  const tidy = useCallback(() => {
    change((g) => ({ ...g, nodes: layoutGraph(g.nodes, g.edges) }));
    requestAnimationFrame(() => flow.fitView({ padding: 0.15, duration: 300 }));
  }, [change, flow]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!(e.ctrlKey || e.metaKey) || isTyping(e.target)) return;
      const key = e.key.toLowerCase();
      if (key === "z" && !e.shiftKey) undo();
      else if ((key === "z" && e.shiftKey) || key === "y") redo();
      else return;
      e.preventDefault();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [undo, redo]);

  // --- saving ---
  const key = draftKey(name, enabled, graph, examples, names);
  const dirty = key !== savedKey;
  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [dirty]);

  // The draft being saved: what "saved" means once the answer comes, even if editing went on meanwhile.
  const sending = useRef("");
  const saver = useSkillSave(
    initial.id,
    useCallback((saved) => {
      setVersion(saved.version);
      setSavedKey(sending.current);
    }, []),
    useCallback(
      (fresh: SkillDetail) => {
        const g = loadGraph(fresh);
        setName(fresh.name);
        setEnabled(fresh.enabled);
        setVersion(fresh.version);
        setExamples(fresh.examples ?? []);
        setNames(fresh.names ?? {});
        setSavedKey(draftKey(fresh.name, fresh.enabled, g, fresh.examples ?? [], fresh.names ?? {}));
        history.reset();
        replace(g);
      },
      [history, replace],
    ),
  );
  const save = () => {
    const now = validateGraph(toStored(current.current));
    if (!name.trim()) return toast.error("Give the skill a name before saving.");
    if (!now.ok) return toast.error(`Fix the ${now.problems.length} problem${now.problems.length === 1 ? "" : "s"} listed under the canvas first.`);
    sending.current = draftKey(name, enabled, current.current, examples, names);
    saver.save({ name: name.trim(), names, enabled, graph: toStored(current.current), examples }, version);
  };

  // A graph that fits at full size starts at the top (room to build downwards); a bigger one is fitted.
  const startView = useCallback(() => {
    const box = wrapper.current?.getBoundingClientRect();
    const nodes = current.current.nodes;
    if (!box || !nodes.length) return;
    const xs = nodes.map((n) => n.position.x);
    const ys = nodes.map((n) => n.position.y);
    const width = Math.max(...xs) + 240 - Math.min(...xs);
    const height = Math.max(...ys) + 120 - Math.min(...ys);
    if (width + 40 <= box.width && height + 60 <= box.height) {
      flow.setViewport({ x: Math.round(box.width / 2 - (Math.min(...xs) + width / 2)), y: 32 - Math.min(...ys), zoom: 1 });
    } else flow.fitView({ padding: 0.1, minZoom: 0.2, maxZoom: 1 });
  }, [flow]);

  // --- selection and display ---
  const selectedNodes = graph.nodes.filter((n) => n.selected);
  const selectedEdges = graph.edges.filter((e) => e.selected);
  const displayEdges = useMemo(
    () =>
      graph.edges.map((e) => ({
        ...e,
        type: "smoothstep",
        label: e.sourceHandle && e.sourceHandle !== "next" ? e.sourceHandle : undefined,
        markerEnd: { type: MarkerType.ArrowClosed },
        className: edgeIssues.has(e.id) ? "edge-error" : undefined,
      })),
    [graph.edges, edgeIssues],
  );
  const pick = (p: Problem) => {
    setGraph((g) => ({
      nodes: g.nodes.map((n) => ({ ...n, selected: n.id === p.nodeId })),
      edges: g.edges.map((e) => ({ ...e, selected: e.id === p.edgeId })),
    }));
    const node = p.nodeId ? flow.getNode(p.nodeId) : undefined;
    if (node)
      flow.setCenter(node.position.x + (node.measured?.width ?? 240) / 2, node.position.y + (node.measured?.height ?? 90) / 2, {
        zoom: flow.getZoom(),
        duration: 300,
      });
  };

  return (
    <div className="skill-editor">
      <EditorToolbar
        skillId={initial.id}
        name={name}
        enabled={enabled}
        version={version}
        dirty={dirty}
        saving={saver.saving}
        canUndo={history.canUndo}
        canRedo={history.canRedo}
        onName={setName}
        onEnabled={setEnabled}
        onUndo={undo}
        onRedo={redo}
        onTidy={tidy}
        onSave={save}
        readOnly={readOnly}
      />
      {readOnly ? (
        <div className="alert alert-info" data-testid="skill-read-only">
          Read-only on a phone: pan and zoom to read the flow. Open this skill on a wider screen to edit it.
        </div>
      ) : null}
      <div className="skill-workspace">
        <NodePalette onAdd={(type) => addNode(type)} />
        <div className="skill-canvas-column">
          <div className="skill-canvas" ref={wrapper} data-testid="skill-canvas">
            <NodeIssuesContext.Provider value={nodeIssues}>
              <ReactFlow<EditorNode, EditorEdge>
                nodes={graph.nodes}
                edges={displayEdges}
                nodeTypes={skillNodeTypes}
                onNodesChange={onNodesChange}
                onEdgesChange={onEdgesChange}
                onConnect={onConnect}
                onNodeDragStart={() => history.record(current.current)}
                isValidConnection={(c) => c.source !== c.target}
                onDrop={onDrop}
                onDragOver={onDragOver}
                onInit={startView}
                minZoom={0.2}
                nodesDraggable={!readOnly}
                nodesConnectable={!readOnly}
                elementsSelectable={!readOnly}
                deleteKeyCode={readOnly ? null : ["Backspace", "Delete"]}
                attributionPosition="top-right"
              >
                <Background gap={16} />
                <Controls showInteractive={false} />
                <MiniMap pannable zoomable nodeStrokeWidth={3} style={{ width: 150, height: 100 }} />
              </ReactFlow>
            </NodeIssuesContext.Provider>
          </div>
          <ProblemsPanel problems={problems} warnings={warnings} onPick={pick} />
          <ExamplePhrases examples={examples} onChange={setExamples} readOnly={readOnly} />
          <SkillNamesField names={names} onChange={setNames} readOnly={readOnly} />
        </div>
        <NodeInspector
          node={selectedNodes.length === 1 ? selectedNodes[0] : null}
          edge={selectedNodes.length === 0 && selectedEdges.length === 1 ? selectedEdges[0] : null}
          revision={revision}
          problems={problems}
          warnings={warnings}
          onPatch={patchNode}
          onDeleteNode={deleteNode}
          onDeleteEdge={deleteEdge}
        />
      </div>
      <ConflictDialog
        open={saver.conflict !== null}
        message={saver.conflict?.message ?? ""}
        busy={saver.resolving}
        onReload={saver.reloadTheirs}
        onOverwrite={saver.overwriteWithMine}
        onCancel={saver.dismissConflict}
      />
    </div>
  );
}
