"use client";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { Contact } from "@/components/inbox/types";
import { Button, useToast } from "@/components/ui";
import { apiFetch, errorMessage } from "@/components/data/fetcher";
import type { ContactExportOut } from "@/lib/privacy/export-contact";
import type { EraseContactOut } from "@/lib/privacy/erase-contact";
import { contactLabel } from "@/lib/shared/customer-address";

/** Owners: a customer's privacy requests, from their contact. Export downloads a JSON file; erasure asks first. */
export function PrivacyActions({ contact, onErased }: { contact: Contact; onErased: () => void }) {
  const client = useQueryClient();
  const toast = useToast();
  const [confirming, setConfirming] = useState(false);
  const exportData = useMutation({
    mutationFn: () => apiFetch<ContactExportOut>(`/v1/contacts/${contact.id}/export`),
    onSuccess: (data) => {
      const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: "application/json" }));
      const a = document.createElement("a");
      a.href = url;
      a.download = `contact-${contact.id}.json`;
      document.body.append(a);
      a.click();
      a.remove();
      URL.revokeObjectURL(url);
      toast.success("Export downloaded.");
    },
    onError: (err) => toast.error(errorMessage(err)),
  });
  const erase = useMutation({
    mutationFn: () => apiFetch<EraseContactOut>(`/v1/contacts/${contact.id}`, { method: "DELETE" }),
    onSuccess: (data) => {
      toast.success(`Contact erased: ${data.erased.conversations} conversation(s), ${data.erased.messages} message(s).`);
      client.invalidateQueries({ queryKey: ["contacts"] });
      client.removeQueries({ queryKey: ["contact", contact.id] });
      client.invalidateQueries({ queryKey: ["conversation"] });
      onErased();
    },
  });
  return (
    <section className="stack" aria-label="Privacy requests" style={{ borderTop: "1px solid var(--border, #ddd)", paddingTop: 12 }}>
      <strong>Privacy requests</strong>
      {confirming ? (
        <div className="alert" role="alert">
          <p>
            Erase {contact.name ?? contactLabel(contact)} for good? Their conversations, messages and files are deleted; their records stay without
            their personal details. This cannot be undone.
          </p>
          {erase.isError ? <p>{errorMessage(erase.error)}</p> : null}
          <div className="row">
            <Button onClick={() => setConfirming(false)}>Keep contact</Button>
            <Button variant="danger" loading={erase.isPending} onClick={() => erase.mutate()}>
              Erase for good
            </Button>
          </div>
        </div>
      ) : (
        <div className="row">
          <Button size="sm" loading={exportData.isPending} onClick={() => exportData.mutate()}>
            Export data
          </Button>
          <Button size="sm" variant="danger" onClick={() => setConfirming(true)}>
            Erase contact
          </Button>
        </div>
      )}
    </section>
  );
}
