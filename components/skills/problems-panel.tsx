"use client";
import type { Problem } from "@/lib/shared/validate-graph";

/** validateGraph's problems and warnings; each names a node or edge, and clicking it selects that one. */
export function ProblemsPanel({ problems, warnings, onPick }: { problems: Problem[]; warnings: Problem[]; onPick: (p: Problem) => void }) {
  const all = [...problems.map((p) => ({ ...p, severity: "error" as const })), ...warnings.map((p) => ({ ...p, severity: "warning" as const }))];
  return (
    <section className="skill-problems" aria-label="Validation">
      <header className="skill-problems-head">
        {problems.length ? (
          <strong className="text-danger">
            {problems.length} problem{problems.length === 1 ? "" : "s"}: fix {problems.length === 1 ? "it" : "them"} to save
          </strong>
        ) : (
          <strong className="text-success">✓ The skill is valid</strong>
        )}
        {warnings.length ? (
          <span className="text-warning">
            {warnings.length} warning{warnings.length === 1 ? "" : "s"}
          </span>
        ) : null}
      </header>
      {all.length ? (
        <ul className="skill-problem-list">
          {all.map((p, i) => (
            <li key={`${p.path}:${i}`}>
              <button type="button" className={`skill-problem problem-${p.severity}`} onClick={() => onPick(p)} disabled={!p.nodeId && !p.edgeId}>
                <span aria-hidden="true">{p.severity === "error" ? "✕" : "⚠"}</span>
                <span className="sr-only">{p.severity}:</span> {p.message}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
