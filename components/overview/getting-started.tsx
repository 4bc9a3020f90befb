"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { IntentLink } from "@/components/shell/intent-link";
import { Button, Card, ErrorState, Skeleton } from "@/components/ui";
import { apiFetch } from "@/components/data/fetcher";
import "./getting-started.css";

type Step = { id: string; label: string; href: string; done: boolean };
type SetUp = { skills: number; knowledgeItems: number; staffMembers: number; services: number; catalogItems: number; openDays: number };
type Onboarding = { kind: string; languages: string[]; dismissed: boolean; done: boolean; steps: Step[]; setUp: SetUp };

const kindLabels: Record<string, string> = { restaurant: "restaurant", salon_or_clinic: "salon or clinic", shop: "shop", other: "business" };
const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** What the business has now, in words: at first, what its starter kit set up. */
function setUpSummary(kind: string, s: SetUp): string[] {
  return [
    s.openDays ? `opening hours on ${plural(s.openDays, "day", "days")} a week` : "",
    s.skills ? plural(s.skills, "skill", "skills") : "",
    s.knowledgeItems ? plural(s.knowledgeItems, "knowledge answer", "knowledge answers") : "",
    s.services ? plural(s.services, "service", "services") : "",
    s.staffMembers ? plural(s.staffMembers, "staff member", "staff members") : "",
    s.catalogItems ? plural(s.catalogItems, kind === "restaurant" ? "menu item" : "product", kind === "restaurant" ? "menu items" : "products") : "",
  ].filter(Boolean);
}
export type CatalogUsage = {
  collections: { collection: string; items: number }[];
  nodes: { skillId: string; skillName: string; enabled: boolean; nodeId: string; collection: string; cart: boolean; items: number }[];
  suggestedCollection: string | null;
  emptyCollections: { skillId: string; skillName: string; collection: string }[];
};

export const catalogUsageQuery = { queryKey: ["catalog-usage"], queryFn: () => apiFetch<CatalogUsage>("/v1/internal/catalog-usage") };

/** The getting-started checklist, each step ticked from real state, until done or dismissed. */
export function GettingStarted() {
  const client = useQueryClient();
  const state = useQuery({ queryKey: ["onboarding"], queryFn: () => apiFetch<Onboarding>("/v1/internal/onboarding") });
  const dismiss = useMutation({
    mutationFn: () => apiFetch<Onboarding>("/v1/internal/onboarding/dismiss", { method: "POST", body: {} }),
    onSuccess: (data) => client.setQueryData(["onboarding"], data),
  });
  if (state.isPending) {
    return (
      <Card title="Getting started">
        <Skeleton lines={3} />
      </Card>
    );
  }
  if (state.isError) {
    return (
      <Card title="Getting started">
        <ErrorState error={state.error} title="Could not load the checklist" onRetry={() => state.refetch()} />
      </Card>
    );
  }
  const { steps, dismissed, done, kind, setUp } = state.data;
  const summary = setUpSummary(kind, setUp);
  if (dismissed || done) return null;
  const left = steps.filter((s) => !s.done).length;
  return (
    <Card
      title="Getting started"
      aria-label="Getting started"
      actions={
        <Button size="sm" variant="ghost" loading={dismiss.isPending} onClick={() => dismiss.mutate()}>
          Dismiss
        </Button>
      }
    >
      <p className="muted small getting-started-lead">
        Your assistant is already answering in the simulator. {left} of {steps.length} steps left to go live.
      </p>
      {summary.length ? (
        <p className="small getting-started-kit" data-testid="kit-summary">
          Set up for your {kindLabels[kind] ?? "business"}: {summary.join(", ")}. Samples are there to edit or replace.
        </p>
      ) : null}
      <ol className="checklist">
        {steps.map((s) => (
          <li key={s.id} className={s.done ? "checklist-done" : undefined} data-step={s.id}>
            <span className="checklist-mark" aria-hidden="true">
              {s.done ? "✓" : ""}
            </span>
            <IntentLink href={s.href}>{s.label}</IntentLink>
            <span className="sr-only">{s.done ? " (done)" : " (to do)"}</span>
          </li>
        ))}
      </ol>
      {dismiss.isError ? (
        <div className="field-error" role="alert">
          Could not dismiss the checklist; try again.
        </div>
      ) : null}
    </Card>
  );
}

/** A warning per enabled skill whose catalog node searches an empty collection. */
export function EmptyCollectionWarnings() {
  const usage = useQuery(catalogUsageQuery);
  if (!usage.data?.emptyCollections.length) return null;
  return (
    <div className="stack" style={{ gap: 8 }}>
      {usage.data.emptyCollections.map((e) => (
        <div key={`${e.skillId}-${e.collection}`} className="alert alert-warning" role="status">
          <strong>{e.skillName}</strong> searches the catalog collection <code>{e.collection}</code>, which is empty: every order would end in
          “couldn't find that”.{" "}
          <IntentLink href={`/catalog?collection=${encodeURIComponent(e.collection)}`}>Upload items to {e.collection}</IntentLink> or{" "}
          <IntentLink href={`/skills/${encodeURIComponent(e.skillId)}`}>pick another collection</IntentLink>.
        </div>
      ))}
    </div>
  );
}
