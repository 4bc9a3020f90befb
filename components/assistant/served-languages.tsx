"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Card, ErrorState, Skeleton, useToast } from "@/components/ui";
import type { BusinessLanguages, ContentLanguage } from "@/lib/shared/assistant-schema";
import { apiFetch, errorMessage } from "@/components/data/fetcher";
import { languageNames, languageOptions } from "./languages";

/** The languages the business serves: the knowledge list marks the items that have no version in one of them. */
export function ServedLanguages() {
  const client = useQueryClient();
  const toast = useToast();
  const served = useQuery({ queryKey: ["business-languages"], queryFn: () => apiFetch<BusinessLanguages>("/v1/business-languages") });
  const save = useMutation({
    mutationFn: (languages: ContentLanguage[]) => apiFetch<BusinessLanguages>("/v1/business-languages", { method: "PUT", body: { languages } }),
    onSuccess: (body) => {
      client.setQueryData(["business-languages"], body);
      client.invalidateQueries({ queryKey: ["knowledge"] });
      toast.success(`Serving customers in ${body.languages.map((l) => languageNames[l]).join(", ")}.`);
    },
    onError: (err) => toast.error(errorMessage(err)),
  });
  // Shown as asked while it saves (the checkbox follows the click at once); back as it was if the save fails.
  const [asked, setAsked] = useState<ContentLanguage[] | null>(null);
  const current = asked ?? served.data?.languages ?? [];
  const toggle = (lang: ContentLanguage, on: boolean) => {
    const next = on ? [...current, lang] : current.filter((l) => l !== lang);
    if (!next.length) return;
    setAsked(next);
    save.mutate(next, { onSettled: () => setAsked(null) });
  };
  return (
    <Card title="Languages your customers write in">
      {served.isPending ? (
        <Skeleton lines={1} />
      ) : served.isError ? (
        <ErrorState error={served.error} onRetry={() => served.refetch()} />
      ) : (
        <fieldset className="served-languages" disabled={save.isPending}>
          <p className="muted small served-languages-note">
            The assistant answers each customer in the language they write in. Knowledge items without a version in one of these are marked below.
          </p>
          {languageOptions.map((o) => {
            const on = current.includes(o.value);
            return (
              <label key={o.value} className="served-language">
                <input
                  type="checkbox"
                  checked={on}
                  // The last language cannot be switched off: a business serves at least one.
                  disabled={on && current.length === 1}
                  onChange={(e) => toggle(o.value, e.target.checked)}
                />{" "}
                {o.label}
              </label>
            );
          })}
        </fieldset>
      )}
    </Card>
  );
}
