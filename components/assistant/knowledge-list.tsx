"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Badge, Button, Card, ConfirmDialog, EmptyState, ErrorState, Skeleton, useToast } from "@/components/ui";
import type { ContentLanguage, KnowledgeOut } from "@/lib/shared/assistant-schema";
import { apiFetch, errorMessage } from "@/components/data/fetcher";
import type { Page } from "@/lib/pagination";
import { KnowledgeDialog } from "./knowledge-dialog";
import { languageNames } from "./languages";

/** The item's languages at a glance: its own, each version (to review when a model wrote it), each one missing. */
function LanguageMarks({ item }: { item: KnowledgeOut }) {
  const versions = Object.entries(item.translations) as Array<[ContentLanguage, NonNullable<KnowledgeOut["translations"][ContentLanguage]>]>;
  return (
    <div className="knowledge-languages" data-testid="knowledge-versions">
      <Badge title={`Written in ${languageNames[item.language]}`}>{item.language.toUpperCase()}</Badge>
      {versions.map(([lang, v]) =>
        v.origin === "machine" && !v.reviewed ? (
          <Badge key={lang} tone="warning" title={`${languageNames[lang]}: translated by the language model, not reviewed yet`}>
            {lang.toUpperCase()} · to review
          </Badge>
        ) : v.outdated ? (
          <Badge key={lang} tone="warning" title={`${languageNames[lang]}: written before the item last changed`}>
            {lang.toUpperCase()} · outdated
          </Badge>
        ) : (
          <Badge key={lang} tone="success" title={`${languageNames[lang]} version`}>
            {lang.toUpperCase()}
          </Badge>
        ),
      )}
      {item.missing.map((lang) => (
        <Badge
          key={lang}
          tone="danger"
          title={`No ${languageNames[lang]} version: customers writing in ${languageNames[lang]} get your words quoted`}
        >
          {lang.toUpperCase()} missing
        </Badge>
      ))}
    </div>
  );
}

/** The assistant's knowledge items: what it may answer customers from, and in which languages. */
export function KnowledgeList({ assistantId }: { assistantId: string }) {
  const client = useQueryClient();
  const toast = useToast();
  const [editing, setEditing] = useState<KnowledgeOut | "new" | null>(null);
  const [deleting, setDeleting] = useState<KnowledgeOut | null>(null);
  const items = useQuery({
    queryKey: ["knowledge", assistantId],
    queryFn: () => apiFetch<Page<KnowledgeOut>>(`/v1/assistants/${assistantId}/knowledge`, { query: { limit: 200 } }),
  });
  const remove = useMutation({
    mutationFn: (id: string) => apiFetch(`/v1/assistants/${assistantId}/knowledge/${id}`, { method: "DELETE" }),
    onSuccess: () => {
      toast.success(`Deleted “${deleting?.title}”.`);
      setDeleting(null);
      client.invalidateQueries({ queryKey: ["knowledge", assistantId] });
    },
    onError: (err) => toast.error(errorMessage(err)),
  });
  const list = items.data?.data ?? [];
  const missing = list.filter((k) => k.missing.length).length;
  const toReview = list.filter((k) => Object.values(k.translations).some((v) => v?.origin === "machine" && !v.reviewed)).length;
  return (
    <Card
      title={`Knowledge${items.data ? ` (${list.length}${items.data.nextCursor ? "+" : ""})` : ""}`}
      actions={
        <Button size="sm" variant="primary" onClick={() => setEditing("new")}>
          Add item
        </Button>
      }
    >
      {items.isPending ? (
        <Skeleton lines={4} />
      ) : items.isError ? (
        <ErrorState error={items.error} onRetry={() => items.refetch()} />
      ) : !list.length ? (
        <EmptyState icon="✦" title="No knowledge yet">
          Add your policies, parking, what children and pets may do: the assistant answers customers from them.
        </EmptyState>
      ) : (
        <>
          {missing || toReview ? (
            <p className="muted small" data-testid="knowledge-language-summary">
              {missing ? `${missing} ${missing === 1 ? "item has" : "items have"} no version in a language you serve.` : ""}
              {missing && toReview ? " " : ""}
              {toReview ? `${toReview} machine ${toReview === 1 ? "translation is" : "translations are"} waiting for your review.` : ""}
            </p>
          ) : null}
          <ul className="knowledge-list">
            {list.map((k) => (
              <li key={k.id} data-testid={`knowledge-${k.id}`}>
                <div style={{ minWidth: 0, flex: 1 }}>
                  <strong>{k.title}</strong>
                  <div className="muted small knowledge-excerpt">{k.content}</div>
                  <LanguageMarks item={k} />
                </div>
                <Button size="sm" onClick={() => setEditing(k)} aria-label={`Edit ${k.title}`}>
                  Edit
                </Button>
                <Button size="sm" variant="ghost" onClick={() => setDeleting(k)} aria-label={`Delete ${k.title}`}>
                  Delete
                </Button>
              </li>
            ))}
          </ul>
        </>
      )}
      {editing ? <KnowledgeDialog assistantId={assistantId} item={editing === "new" ? null : editing} onClose={() => setEditing(null)} /> : null}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete this knowledge item?"
        message={
          <p style={{ margin: 0 }}>
            The assistant will no longer answer from <strong>{deleting?.title}</strong>.
          </p>
        }
        confirmLabel="Delete item"
        danger
        busy={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting.id)}
        onCancel={() => setDeleting(null)}
      />
    </Card>
  );
}
