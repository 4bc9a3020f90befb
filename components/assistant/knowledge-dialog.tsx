"use client";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { Button, Dialog, Input, Textarea } from "@/components/ui";
import { type KnowledgeOut, knowledgeIn } from "@/lib/shared/assistant-schema";
import { apiFetch, errorMessage } from "@/components/data/fetcher";

/** Add a knowledge item, or edit one. */
export function KnowledgeDialog({ assistantId, item, onClose }: { assistantId: string; item: KnowledgeOut | null; onClose: () => void }) {
  const client = useQueryClient();
  const [title, setTitle] = useState(item?.title ?? "");
  const [content, setContent] = useState(item?.content ?? "");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const base = `/v1/assistants/${assistantId}/knowledge`;
  const save = useMutation({
    mutationFn: (body: { title: string; content: string }) =>
      item ? apiFetch<KnowledgeOut>(`${base}/${item.id}`, { method: "PATCH", body }) : apiFetch<KnowledgeOut>(base, { body }),
    onSuccess: () => {
      client.invalidateQueries({ queryKey: ["knowledge", assistantId] });
      client.invalidateQueries({ queryKey: ["assistants"] });
      onClose();
    },
  });
  function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = knowledgeIn.safeParse({ title: title.trim(), content: content.trim() });
    if (!parsed.success) {
      setErrors(
        Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.code === "too_small" ? "This cannot be empty." : i.message])),
      );
      return;
    }
    setErrors({});
    save.mutate(parsed.data);
  }
  return (
    <Dialog open onClose={onClose} title={item ? "Edit knowledge item" : "Add knowledge item"}>
      <form className="stack" onSubmit={submit} noValidate>
        {save.isError ? (
          <div className="alert" role="alert">
            {errorMessage(save.error)}
          </div>
        ) : null}
        <Input
          id="knowledge-title"
          label="Title"
          placeholder="Opening hours"
          value={title}
          error={errors.title}
          maxLength={200}
          onChange={(e) => {
            setTitle(e.target.value);
            setErrors(({ title: _t, ...rest }) => rest);
          }}
        />
        <Textarea
          id="knowledge-content"
          label="Content"
          rows={8}
          placeholder="We are open every day from 12:00 to 23:00."
          value={content}
          error={errors.content}
          hint="What the assistant may tell customers, in your own words."
          onChange={(e) => {
            setContent(e.target.value);
            setErrors(({ content: _c, ...rest }) => rest);
          }}
        />
        <div className="row" style={{ justifyContent: "flex-end" }}>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="primary" loading={save.isPending}>
            {item ? "Save" : "Add item"}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
