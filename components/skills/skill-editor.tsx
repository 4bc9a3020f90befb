"use client";
import "@xyflow/react/dist/style.css";
import "./skill-editor.css";
import { useQuery } from "@tanstack/react-query";
import { ReactFlowProvider } from "@xyflow/react";
import Link from "next/link";
import { Card, EmptyState, ErrorState, LoadingState } from "@/components/ui";
import { apiFetch, DashboardError } from "@/components/data/fetcher";
import { SkillCanvas } from "./skill-canvas";
import { type SkillDetail, skillUrl } from "./use-skill-save";

/** /skills/[skillId]: loads the skill once, then the canvas owns the draft until it is saved. */
export function SkillEditor({ skillId }: { skillId: string }) {
  const skill = useQuery({
    queryKey: ["skill", skillId],
    queryFn: () => apiFetch<SkillDetail>(skillUrl(skillId)),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
  });
  if (skill.isPending) return <LoadingState label="Loading the skill…" />;
  if (skill.isError) {
    return (
      <Card>
        {skill.error instanceof DashboardError && skill.error.status === 404 ? (
          <EmptyState title="No such skill" action={<Link href="/skills">Back to skills</Link>}>
            It may have been deleted.
          </EmptyState>
        ) : (
          <ErrorState error={skill.error} title="Could not load the skill" onRetry={() => skill.refetch()} />
        )}
      </Card>
    );
  }
  return (
    <ReactFlowProvider>
      <SkillCanvas initial={skill.data} />
    </ReactFlowProvider>
  );
}
