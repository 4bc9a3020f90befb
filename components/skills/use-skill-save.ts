"use client";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useState } from "react";
import { useToast } from "@/components/ui";
import { apiFetch, DashboardError, errorMessage } from "@/components/data/fetcher";
import type { SkillGraphInput } from "@/lib/shared/graph-schema";
import type { ExamplePhrase } from "./example-phrases";
import type { SkillNames } from "./skill-names";

export type SkillDetail = {
  id: string;
  name: string;
  enabled: boolean;
  assistantId: string;
  version: number;
  createdAt: string;
  updatedAt: string;
  graph: { nodes: unknown[]; edges: unknown[] };
  examples: ExamplePhrase[];
  names?: SkillNames;
};
type Saved = Omit<SkillDetail, "graph" | "examples"> & { warnings: { path: string; message: string }[] };
type Draft = { name: string; names: SkillNames; enabled: boolean; graph: SkillGraphInput; examples: ExamplePhrase[] };

/** The skill in the public API (read, save); the list's enable toggle and delete are the dashboard's own. */
export const skillUrl = (id: string) => `/v1/skills/${encodeURIComponent(id)}`;
export const skillActionUrl = (id: string) => `/v1/internal/skills/${encodeURIComponent(id)}`;

/**
 * Saving with optimistic concurrency: every save names the version this editor loaded. A 409
 * `version_conflict` opens the conflict choice: reload theirs, or overwrite with mine (a re-save
 * naming the version now stored). Never a silent overwrite.
 */
export function useSkillSave(skillId: string, onSaved: (saved: Saved) => void, onReloaded: (skill: SkillDetail) => void) {
  const toast = useToast();
  const client = useQueryClient();
  const [saving, setSaving] = useState(false);
  const [conflict, setConflict] = useState<{ message: string; draft: Draft } | null>(null);
  const [resolving, setResolving] = useState<"reload" | "overwrite" | null>(null);

  const put = useCallback(
    async (draft: Draft, expectedVersion: number) => {
      try {
        const saved = await apiFetch<Saved>(skillUrl(skillId), { method: "PUT", body: { ...draft, expectedVersion } });
        onSaved(saved);
        setConflict(null);
        client.invalidateQueries({ queryKey: ["skills"] });
        const warned = saved.warnings.length ? ` with ${saved.warnings.length} warning${saved.warnings.length === 1 ? "" : "s"}` : "";
        toast.success(`Saved as version ${saved.version}${warned}.`);
      } catch (err) {
        if (err instanceof DashboardError && err.code === "version_conflict") setConflict({ message: err.message, draft });
        else toast.error(`Could not save: ${errorMessage(err)}`);
      }
    },
    [skillId, onSaved, client, toast],
  );

  const save = useCallback(
    async (draft: Draft, expectedVersion: number) => {
      setSaving(true);
      await put(draft, expectedVersion);
      setSaving(false);
    },
    [put],
  );

  const reloadTheirs = useCallback(async () => {
    setResolving("reload");
    try {
      const fresh = await apiFetch<SkillDetail>(skillUrl(skillId));
      onReloaded(fresh);
      setConflict(null);
      toast.show(`Loaded version ${fresh.version}.`);
    } catch (err) {
      toast.error(errorMessage(err));
    }
    setResolving(null);
  }, [skillId, onReloaded, toast]);

  const overwriteWithMine = useCallback(async () => {
    if (!conflict) return;
    setResolving("overwrite");
    try {
      const fresh = await apiFetch<SkillDetail>(skillUrl(skillId));
      await put(conflict.draft, fresh.version);
    } catch (err) {
      toast.error(errorMessage(err));
    }
    setResolving(null);
  }, [conflict, skillId, put, toast]);

  return { save, saving, conflict, resolving, reloadTheirs, overwriteWithMine, dismissConflict: () => setConflict(null) };
}
