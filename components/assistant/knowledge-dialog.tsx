"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { Badge, Button, Dialog, Input, Select, Tabs, Textarea } from "@/components/ui";
import {
  type BusinessLanguages,
  type ContentLanguage,
  contentLanguages,
  type KnowledgeOut,
  knowledgeIn,
  knowledgeTranslationIn,
} from "@/lib/shared/assistant-schema";
import { apiFetch, errorMessage } from "@/components/data/fetcher";
import { languageNames, languageOptions } from "./languages";

type Text = { title: string; content: string };
type Version = Text & { origin?: "owner" | "machine"; reviewed?: boolean; outdated?: boolean };

const blank: Version = { title: "", content: "" };
const isBlank = (v: Text) => !v.title.trim() && !v.content.trim();

/**
 * Add a knowledge item, or edit one: its own text (and the language it is written in), and a version
 * per language the owner adds, edits, approves (a machine translation) or removes. A tab per language
 * says what is missing in a language the business serves.
 */
export function KnowledgeDialog({ assistantId, item, onClose }: { assistantId: string; item: KnowledgeOut | null; onClose: () => void }) {
  const client = useQueryClient();
  const served = useQuery({ queryKey: ["business-languages"], queryFn: () => apiFetch<BusinessLanguages>("/v1/business-languages") });
  const servedLanguages = served.data?.languages ?? [];
  const [language, setLanguage] = useState<ContentLanguage>(item?.language ?? servedLanguages[0] ?? "en");
  const [own, setOwn] = useState<Text>({ title: item?.title ?? "", content: item?.content ?? "" });
  const [versions, setVersions] = useState<Partial<Record<ContentLanguage, Version>>>(() => ({ ...(item?.translations ?? {}) }));
  // The versions the owner wrote, edited, approved or removed here: only these are sent, so saving the
  // original never approves a machine translation nobody read.
  const [touched, setTouched] = useState<Set<ContentLanguage>>(new Set());
  const [tab, setTab] = useState<string>("own");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const base = `/v1/assistants/${assistantId}/knowledge`;
  const others = contentLanguages.filter((l) => l !== language);

  const save = useMutation({
    mutationFn: (body: Record<string, unknown>) =>
      item ? apiFetch<KnowledgeOut>(`${base}/${item.id}`, { method: "PATCH", body }) : apiFetch<KnowledgeOut>(base, { body }),
    onSuccess: () => {
      client.invalidateQueries({ queryKey: ["knowledge", assistantId] });
      client.invalidateQueries({ queryKey: ["assistants"] });
      onClose();
    },
  });

  function setVersion(lang: ContentLanguage, patch: Partial<Text>) {
    setVersions((all) => ({ ...all, [lang]: { ...(all[lang] ?? blank), ...patch, origin: "owner", reviewed: true, outdated: false } }));
    setTouched((t) => new Set(t).add(lang));
    setErrors(({ [lang]: _gone, ...rest }) => rest);
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    const problems: Record<string, string> = {};
    const parsed = knowledgeIn.safeParse({ title: own.title.trim(), content: own.content.trim(), language });
    if (!parsed.success) {
      for (const i of parsed.error.issues) problems[String(i.path[0])] = i.code === "too_small" ? "This cannot be empty." : i.message;
    }
    const translations: Partial<Record<ContentLanguage, Text | null>> = {};
    for (const lang of others) {
      if (!touched.has(lang)) continue;
      const v = versions[lang];
      const had = item?.translations[lang];
      if (!v || isBlank(v)) {
        if (had) translations[lang] = null;
        continue;
      }
      const text = knowledgeTranslationIn.safeParse({ title: v.title.trim(), content: v.content.trim() });
      if (!text.success) problems[lang] = `The ${languageNames[lang]} version needs a title and a text (or leave both empty).`;
      else translations[lang] = text.data;
    }
    setErrors(problems);
    if (Object.keys(problems).length) {
      const first = Object.keys(problems)[0];
      setTab((contentLanguages as readonly string[]).includes(first) ? first : "own");
      return;
    }
    save.mutate({ ...parsed.data, translations });
  }

  const tabLabel = (lang: ContentLanguage) => {
    const v = versions[lang];
    const state =
      !v || isBlank(v) ? (servedLanguages.includes(lang) ? " (missing)" : "") : v.origin === "machine" && !v.reviewed ? " (to review)" : "";
    return `${languageNames[lang]}${state}`;
  };
  const current = tab === "own" ? null : (tab as ContentLanguage);
  const version = current ? (versions[current] ?? blank) : null;

  return (
    <Dialog open onClose={onClose} title={item ? "Edit knowledge item" : "Add knowledge item"}>
      <form className="stack" onSubmit={submit} noValidate>
        {save.isError ? (
          <div className="alert" role="alert">
            {errorMessage(save.error)}
          </div>
        ) : null}
        <Tabs
          label="Language versions"
          value={tab}
          onChange={setTab}
          tabs={[{ id: "own", label: `${languageNames[language]} (original)` }, ...others.map((l) => ({ id: l, label: tabLabel(l) }))]}
        />
        {current && version ? (
          <div className="stack" role="tabpanel" aria-labelledby={`tab-${current}`}>
            {version.origin === "machine" && !version.reviewed ? (
              <div className="row knowledge-review">
                <Badge tone="warning">Machine translation</Badge>
                <span className="muted small">The language model translated this and customers already get it. Edit it, or approve it as it is.</span>
                <Button size="sm" onClick={() => setVersion(current, {})}>
                  Approve
                </Button>
              </div>
            ) : version.outdated ? (
              <div className="row knowledge-review">
                <Badge tone="warning">Outdated</Badge>
                <span className="muted small">The original changed after this version was written.</span>
              </div>
            ) : null}
            {errors[current] ? (
              <div className="field-error" role="alert">
                {errors[current]}
              </div>
            ) : null}
            <Input
              id={`knowledge-title-${current}`}
              label={`Title in ${languageNames[current]}`}
              value={version.title}
              maxLength={200}
              onChange={(e) => setVersion(current, { title: e.target.value })}
            />
            <Textarea
              id={`knowledge-content-${current}`}
              label={`Content in ${languageNames[current]}`}
              rows={8}
              value={version.content}
              hint={`What the assistant tells customers who write in ${languageNames[current]}. Leave both empty for no ${languageNames[current]} version.`}
              onChange={(e) => setVersion(current, { content: e.target.value })}
            />
            {!isBlank(version) ? (
              <div>
                <Button size="sm" variant="ghost" onClick={() => setVersion(current, { ...blank })}>
                  Remove the {languageNames[current]} version
                </Button>
              </div>
            ) : null}
          </div>
        ) : (
          <div className="stack" role="tabpanel" aria-labelledby="tab-own">
            <Select
              id="knowledge-language"
              label="Written in"
              value={language}
              options={languageOptions}
              onChange={(e) => {
                setLanguage(e.target.value as ContentLanguage);
                setTab("own");
              }}
            />
            <Input
              id="knowledge-title"
              label="Title"
              placeholder="Parking"
              value={own.title}
              error={errors.title}
              maxLength={200}
              onChange={(e) => {
                setOwn((o) => ({ ...o, title: e.target.value }));
                setErrors(({ title: _t, ...rest }) => rest);
              }}
            />
            <Textarea
              id="knowledge-content"
              label="Content"
              rows={8}
              placeholder="There is a public car park two minutes away."
              value={own.content}
              error={errors.content}
              hint="What the assistant may tell customers, in your own words."
              onChange={(e) => {
                setOwn((o) => ({ ...o, content: e.target.value }));
                setErrors(({ content: _c, ...rest }) => rest);
              }}
            />
          </div>
        )}
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
