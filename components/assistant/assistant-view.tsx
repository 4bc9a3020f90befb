"use client";
import "./assistant.css";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Card, ErrorState, PageHeader, Select, Skeleton } from "@/components/ui";
import type { AssistantOut } from "@/lib/shared/assistant-schema";
import { apiFetch } from "@/components/data/fetcher";
import { AssistantForm } from "./assistant-form";
import { KnowledgeList } from "./knowledge-list";
import { ServedLanguages } from "./served-languages";
import { TryQuestion } from "./try-question";

/** /assistant: the assistant's settings, its knowledge, and a box to try questions against it. */
export function AssistantView() {
  const [chosen, setChosen] = useState<string | null>(null);
  const assistants = useQuery({ queryKey: ["assistants"], queryFn: () => apiFetch<{ data: AssistantOut[] }>("/v1/internal/assistants") });
  const list = assistants.data?.data ?? [];
  const current = list.find((a) => a.id === chosen) ?? list[0];
  return (
    <>
      <PageHeader
        title="Assistant"
        description="How your assistant talks to customers and what it knows."
        actions={
          list.length > 1 ? (
            <Select
              id="assistant-pick"
              aria-label="Assistant"
              value={current?.id}
              options={list.map((a) => ({ value: a.id, label: a.name }))}
              onChange={(e) => setChosen(e.target.value)}
            />
          ) : null
        }
      />
      {assistants.isPending ? (
        <Card>
          <Skeleton lines={6} />
        </Card>
      ) : assistants.isError ? (
        <Card>
          <ErrorState error={assistants.error} title="Could not load the assistant" onRetry={() => assistants.refetch()} />
        </Card>
      ) : current ? (
        <div className="assistant-layout" key={current.id}>
          <AssistantForm assistant={current} />
          <div className="stack" style={{ gap: 16 }}>
            <TryQuestion assistantId={current.id} />
            <ServedLanguages />
            <KnowledgeList assistantId={current.id} />
          </div>
        </div>
      ) : (
        <Card>
          <ErrorState error={new Error("This business has no assistant.")} />
        </Card>
      )}
    </>
  );
}
