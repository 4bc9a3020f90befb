"use client";
import { useMutation } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { Badge, Button, Card, Input } from "@/components/ui";
import { apiFetch, errorMessage } from "@/components/data/fetcher";
import type { OperationOutput } from "@/lib/api/operation";
import type { assistantsTry } from "@/lib/api/operations";

type Tried = OperationOutput<typeof assistantsTry>;

/** Ask what a customer might ask and see which knowledge item answers it, or that none does. */
export function TryQuestion({ assistantId }: { assistantId: string }) {
  const [question, setQuestion] = useState("");
  const ask = useMutation({ mutationFn: (q: string) => apiFetch<Tried>(`/v1/internal/assistants/${assistantId}/try`, { body: { question: q } }) });
  function submit(e: FormEvent) {
    e.preventDefault();
    if (question.trim()) ask.mutate(question.trim());
  }
  const result = ask.data;
  return (
    <Card title="Try a question">
      <form className="stack" onSubmit={submit}>
        <div className="row" style={{ alignItems: "flex-end" }}>
          <div style={{ flex: 1 }}>
            <Input
              id="try-question"
              label="A customer asks"
              placeholder="Do you have parking?"
              value={question}
              onChange={(e) => setQuestion(e.target.value)}
            />
          </div>
          <Button type="submit" loading={ask.isPending} disabled={!question.trim()}>
            Ask
          </Button>
        </div>
      </form>
      <div aria-live="polite" data-testid="try-result" style={{ marginTop: 12 }}>
        {ask.isError ? (
          <div className="alert">{errorMessage(ask.error)}</div>
        ) : result?.answer ? (
          <div className="stack" style={{ gap: 6 }}>
            <div className="row">
              <Badge tone="success">Answered by</Badge>
              <strong>{result.answer.item.title}</strong>
              <span className="muted small">score {result.answer.score.toFixed(2)}</span>
            </div>
            <div className="template-preview">{result.answer.item.content}</div>
          </div>
        ) : result ? (
          <div className="alert alert-warning">
            No knowledge item answers “{result.question}”. The assistant would say it does not know, or hand the conversation to your team. Add an
            item that covers it.
          </div>
        ) : (
          <span className="muted small">The assistant answers from the item that matches the question best, when one matches well enough.</span>
        )}
      </div>
    </Card>
  );
}
