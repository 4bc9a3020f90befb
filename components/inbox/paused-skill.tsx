"use client";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Button, useToast } from "@/components/ui";
import { apiFetch, errorMessage } from "@/components/data/fetcher";
import type { PausedSkill } from "./types";
import "./collision.css";

// A skill the assistant was running when people took over (issue 36): what it gathered, where it
// waited, and what a person does with it: complete it (its record is written as the skill would),
// hand it back for the assistant to finish, or drop it.

const nouns: Record<string, string> = { bookings: "booking", orders: "order", leads: "lead" };
type Action = "complete" | "hand-back" | "discard";

export function PausedSkillCard({ skill, onConfirmation }: { skill: PausedSkill; onConfirmation: (text: string) => void }) {
  const client = useQueryClient();
  const toast = useToast();
  const id = skill.conversationId;
  const noun = skill.collection ? (nouns[skill.collection] ?? "record") : "record";
  const act = useMutation({
    mutationFn: (action: Action) =>
      action === "discard"
        ? apiFetch(`/v1/conversations/${id}/skill`, { method: "DELETE" })
        : apiFetch<{ confirmation?: string | null }>(`/v1/conversations/${id}/skill/${action}`, { body: {} }),
    onSuccess: (result, action) => {
      if (action === "complete") {
        const confirmation = (result as { confirmation?: string | null }).confirmation;
        toast.success(`The ${noun} is saved in Records.${confirmation ? " Its confirmation is in the reply box." : ""}`);
        if (confirmation) onConfirmation(confirmation);
      } else if (action === "hand-back") toast.success("Handed back: the assistant asks its question again.");
      else toast.success("Dropped: nothing was saved.");
    },
    onError: (err) => toast.error(errorMessage(err)),
    onSettled: () => {
      client.invalidateQueries({ queryKey: ["conversation", id] });
      client.invalidateQueries({ queryKey: ["messages", id] });
      client.invalidateQueries({ queryKey: ["inbox"] });
    },
  });
  const busy = (a: Action) => act.isPending && act.variables === a;
  return (
    <section className="paused-skill" data-testid="paused-skill" aria-label={`${skill.skill.name} paused`}>
      <div className="paused-skill-title">
        {skill.skill.name} — paused when people took over{skill.changes ? ` (a change to ${noun} ${skill.changes.recordId})` : ""}
      </div>
      {skill.waitingFor.question ? (
        <div className="muted" data-testid="paused-skill-question">
          The assistant had asked: “{skill.waitingFor.question}”
        </div>
      ) : null}
      {skill.gathered.length ? (
        <dl data-testid="paused-skill-gathered">
          {skill.gathered.map((g) => (
            <div key={g.variable} style={{ display: "contents" }}>
              <dt>{g.label}</dt>
              <dd>{g.text}</dd>
            </div>
          ))}
        </dl>
      ) : (
        <div className="muted">Nothing gathered yet.</div>
      )}
      {skill.reason ? (
        <div className="small muted" data-testid="paused-skill-reason" style={{ marginBottom: 6 }}>
          {skill.reason}
        </div>
      ) : null}
      <div className="paused-skill-actions">
        <Button
          size="sm"
          variant="primary"
          disabled={!skill.canComplete || act.isPending}
          loading={busy("complete")}
          onClick={() => act.mutate("complete")}
          title={skill.canComplete ? `Write the ${noun} exactly as the assistant would have` : (skill.reason ?? undefined)}
        >
          Complete {noun}
        </Button>
        <Button size="sm" disabled={act.isPending} loading={busy("hand-back")} onClick={() => act.mutate("hand-back")}>
          Hand back to assistant
        </Button>
        <Button size="sm" variant="ghost" disabled={act.isPending} loading={busy("discard")} onClick={() => act.mutate("discard")}>
          Drop
        </Button>
      </div>
    </section>
  );
}
