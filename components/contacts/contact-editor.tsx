"use client";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import type { Contact } from "@/components/inbox/types";
import { Button, Dialog, Input, Textarea, useToast } from "@/components/ui";
import { apiFetch, DashboardError, errorMessage } from "@/components/data/fetcher";
import { OptOutSwitch } from "./opt-out-switch";
import { PrivacyActions } from "./privacy-actions";
import { contactIdentifiers, contactLabel } from "@/lib/shared/customer-address";

/** Checks the metadata editor's text: a JSON object (what the API stores), or a message saying why not. */
export function parseMetadata(text: string): { value?: Record<string, unknown>; error?: string } {
  if (!text.trim()) return { value: {} };
  try {
    const value = JSON.parse(text);
    if (!value || typeof value !== "object" || Array.isArray(value)) return { error: 'Metadata must be a JSON object, like {"plan": "gold"}.' };
    return { value };
  } catch (err) {
    return { error: `Not valid JSON: ${(err as Error).message}` };
  }
}

export const parseTags = (text: string) => [
  ...new Set(
    text
      .split(",")
      .map((t) => t.trim())
      .filter(Boolean),
  ),
];

/** Edit a contact's name, tags and metadata (tags and metadata are replaced whole, as in the API). */
export function ContactEditor({ contact, onClose, isOwner = false }: { contact: Contact; onClose: () => void; isOwner?: boolean }) {
  const client = useQueryClient();
  const toast = useToast();
  const [name, setName] = useState(contact.name ?? "");
  const [tags, setTags] = useState(contact.tags.join(", "));
  const [metadata, setMetadata] = useState(JSON.stringify(contact.metadata ?? {}, null, 2));
  const parsed = parseMetadata(metadata);
  const save = useMutation({
    mutationFn: () =>
      apiFetch<Contact>(`/v1/internal/contacts/${contact.id}`, {
        method: "PATCH",
        body: { name: name.trim() || null, tags: parseTags(tags), metadata: parsed.value },
      }),
    onSuccess: () => {
      toast.success("Contact saved.");
      client.invalidateQueries({ queryKey: ["contacts"] });
      client.invalidateQueries({ queryKey: ["contact", contact.id] });
      client.invalidateQueries({ queryKey: ["conversation"] });
      onClose();
    },
  });
  const fieldError = (path: string) =>
    save.error instanceof DashboardError
      ? save.error.details
          ?.filter((d) => d.path.startsWith(path))
          .map((d) => d.message)
          .join(" ") || null
      : null;

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!parsed.error) save.mutate();
  }

  return (
    <Dialog open onClose={onClose} title={`Edit ${contact.name ?? contactLabel(contact)}`}>
      <form className="stack" onSubmit={submit}>
        <div className="muted">{contactIdentifiers(contact)}</div>
        <OptOutSwitch contactId={contact.id} />
        {save.isError && !(save.error instanceof DashboardError && save.error.details?.length) ? (
          <div className="alert" role="alert">
            {errorMessage(save.error)}
          </div>
        ) : null}
        <Input id="contact-name" label="Name" value={name} onChange={(e) => setName(e.target.value)} maxLength={200} error={fieldError("name")} />
        <Input
          id="contact-tags"
          label="Tags"
          value={tags}
          onChange={(e) => setTags(e.target.value)}
          hint="Comma-separated, up to 50."
          error={fieldError("tags")}
        />
        <Textarea
          id="contact-metadata"
          label="Metadata (JSON)"
          mono
          rows={8}
          value={metadata}
          onChange={(e) => setMetadata(e.target.value)}
          error={parsed.error ?? fieldError("metadata")}
          hint="A JSON object; it replaces the stored metadata."
          spellCheck={false}
        />
        {isOwner ? <PrivacyActions contact={contact} onErased={onClose} /> : null}
        <div className="row" style={{ justifyContent: "flex-end" }}>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="primary" loading={save.isPending} disabled={!!parsed.error}>
            Save
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
