"use client";
import Link from "next/link";
import { Switch } from "@/components/common/switch";
import { Badge, Button } from "@/components/ui";

type Props = {
  skillId: string;
  name: string;
  enabled: boolean;
  version: number;
  dirty: boolean;
  saving: boolean;
  canUndo: boolean;
  canRedo: boolean;
  onName: (name: string) => void;
  onEnabled: (enabled: boolean) => void;
  onUndo: () => void;
  onRedo: () => void;
  onTidy: () => void;
  onSave: () => void;
  /** A phone: the name, the switch and the editing buttons are left out (the flow is read-only). */
  readOnly?: boolean;
};

/** The editor's header: name, enabled, version and unsaved state, history, layout, simulator, save. */
export function EditorToolbar(p: Props) {
  return (
    <header className="skill-toolbar">
      <Link href="/skills" className="muted small">
        ← Skills
      </Link>
      {p.readOnly ? (
        <h1 className="skill-name-heading">{p.name}</h1>
      ) : (
        <input
          className="input skill-name-input"
          aria-label="Skill name"
          title={`Skill id: ${p.skillId}`}
          value={p.name}
          maxLength={200}
          onChange={(e) => p.onName(e.target.value)}
        />
      )}
      <Badge tone="neutral" title={`${p.skillId}: the saved version`}>
        v{p.version}
      </Badge>
      {p.readOnly ? (
        <Badge tone={p.enabled ? "success" : "neutral"}>{p.enabled ? "Enabled" : "Disabled"}</Badge>
      ) : (
        <>
          {p.dirty ? <Badge tone="warning">Unsaved changes</Badge> : <Badge tone="success">Saved</Badge>}
          <Switch checked={p.enabled} onChange={p.onEnabled} label="Enabled" showLabel />
        </>
      )}
      <div className="spacer" />
      {p.readOnly ? null : (
        <>
          <Button size="sm" onClick={p.onUndo} disabled={!p.canUndo} title="Undo (Ctrl+Z)" aria-label="Undo">
            ↶
          </Button>
          <Button size="sm" onClick={p.onRedo} disabled={!p.canRedo} title="Redo (Ctrl+Shift+Z)" aria-label="Redo">
            ↷
          </Button>
          <Button size="sm" onClick={p.onTidy} title="Lay the nodes out top to bottom">
            Tidy up
          </Button>
        </>
      )}
      <Link className="btn btn-sm" href={`/simulator?skill=${encodeURIComponent(p.skillId)}`}>
        Test in simulator
      </Link>
      {p.readOnly ? null : (
        <Button size="sm" variant="primary" onClick={p.onSave} loading={p.saving}>
          Save
        </Button>
      )}
    </header>
  );
}
