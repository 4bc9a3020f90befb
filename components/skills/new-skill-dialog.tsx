"use client";
import { useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { type FormEvent, useState } from "react";
import { Button, Dialog, Input } from "@/components/ui";
import { apiFetch, DashboardError, errorMessage } from "@/components/data/fetcher";
import type { SkillGraph } from "@/lib/shared/graph-schema";
import { readyMadeSkills } from "@/lib/shared/ready-made-skills";
import { skillIdSchema } from "@/lib/shared/skill-schema";
import { skillUrl } from "./use-skill-save";

type Choice = "blank" | (typeof readyMadeSkills)[number]["key"];

const slug = (name: string) =>
  name
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[^\w\s-]/g, "")
    .trim()
    .replace(/[\s-]+/g, "_")
    .slice(0, 60);

/** The first free id like the wanted one: sk_booking, sk_booking_2, ... */
function freeId(wanted: string, taken: string[]): string {
  if (!taken.includes(wanted)) return wanted;
  for (let i = 2; ; i++) if (!taken.includes(`${wanted}_${i}`)) return `${wanted}_${i}`;
}

// A blank skill is a lone trigger: valid as it stands, ready to grow in the editor.
const blankGraph = (phrase: string): SkillGraph => ({
  nodes: [{ id: "start", type: "trigger", position: { x: 0, y: 0 }, data: { keywords: [phrase] } }],
  edges: [],
});

/** Start a skill from one of the three ready-made ones, or from a blank trigger; then open the editor. */
export function NewSkillDialog({ open, onClose, takenIds }: { open: boolean; onClose: () => void; takenIds: string[] }) {
  const router = useRouter();
  const client = useQueryClient();
  const [choice, setChoice] = useState<Choice>("booking");
  const [name, setName] = useState(readyMadeSkills[0].name);
  const [id, setId] = useState(freeId(readyMadeSkills[0].id, takenIds));
  const [phrase, setPhrase] = useState("");
  const [errors, setErrors] = useState<{ id?: string; name?: string; phrase?: string; form?: string }>({});
  const [busy, setBusy] = useState(false);

  const pick = (next: Choice) => {
    setChoice(next);
    const template = readyMadeSkills.find((s) => s.key === next);
    setName(template?.name ?? "");
    setId(template ? freeId(template.id, takenIds) : "");
    setErrors({});
  };

  async function submit(e: FormEvent) {
    e.preventDefault();
    const problems: typeof errors = {};
    const skillId = id || freeId(`sk_${slug(name) || "skill"}`, takenIds);
    const idCheck = skillIdSchema.safeParse(skillId);
    if (!idCheck.success) problems.id = idCheck.error.issues[0].message;
    if (!name.trim()) problems.name = "Give the skill a name.";
    if (choice === "blank" && !phrase.trim()) problems.phrase = "Enter a phrase that starts the skill.";
    setErrors(problems);
    if (Object.keys(problems).length) return;
    const template = readyMadeSkills.find((s) => s.key === choice);
    setBusy(true);
    try {
      await apiFetch(skillUrl(skillId), {
        method: "PUT",
        body: { name: name.trim(), enabled: template !== undefined, graph: template?.graph ?? blankGraph(phrase.trim()), expectedVersion: 0 },
      });
      client.invalidateQueries({ queryKey: ["skills"] });
      router.push(`/skills/${encodeURIComponent(skillId)}`);
    } catch (err) {
      if (err instanceof DashboardError && err.code === "version_conflict")
        setErrors({ id: `A skill with the id ${skillId} already exists. Choose another id.` });
      else setErrors({ form: errorMessage(err) });
      setBusy(false);
    }
  }

  return (
    <Dialog open={open} onClose={onClose} title="New skill">
      <form className="stack" onSubmit={submit}>
        {errors.form ? (
          <div className="alert" role="alert">
            {errors.form}
          </div>
        ) : null}
        <fieldset className="template-choices">
          <legend className="field-label">Start from</legend>
          {readyMadeSkills.map((s) => (
            <label key={s.key} className="template-choice">
              <input type="radio" name="template" value={s.key} checked={choice === s.key} onChange={() => pick(s.key)} />
              <span>
                <strong>{s.name}</strong>
                <span className="muted small"> · {s.description}</span>
              </span>
            </label>
          ))}
          <label className="template-choice">
            <input type="radio" name="template" value="blank" checked={choice === "blank"} onChange={() => pick("blank")} />
            <span>
              <strong>Blank skill</strong>
              <span className="muted small"> · A trigger only; build the rest in the editor.</span>
            </span>
          </label>
        </fieldset>
        <Input
          id="skill-name"
          label="Name"
          value={name}
          error={errors.name}
          onChange={(e) => {
            setName(e.target.value);
            if (choice === "blank") setId(e.target.value ? freeId(`sk_${slug(e.target.value)}`, takenIds) : "");
          }}
        />
        <Input
          id="skill-id"
          label="Skill id"
          value={id}
          error={errors.id}
          hint="Used by the API: sk_ then letters, digits, _ or -."
          onChange={(e) => setId(e.target.value)}
        />
        {choice === "blank" ? (
          <Input
            id="skill-phrase"
            label="Starts when a customer writes"
            placeholder="gift card"
            value={phrase}
            error={errors.phrase}
            onChange={(e) => setPhrase(e.target.value)}
          />
        ) : null}
        <div className="row" style={{ justifyContent: "flex-end" }}>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="primary" loading={busy}>
            Create and open
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
