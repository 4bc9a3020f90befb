"use client";
import { type UseQueryResult, useMutation, useQueryClient } from "@tanstack/react-query";
import { Badge, Button, Card, ErrorState, Skeleton, useToast } from "@/components/ui";
import { apiFetch, errorMessage } from "@/components/data/fetcher";
import { tierLabel } from "@/lib/shared/messaging-limit";
import type { TemplateAccountOut, TemplateOut, TemplateSyncOut } from "@/lib/shared/template-schema";

const statusTone = { approved: "success", pending: "warning", rejected: "danger", paused: "warning", disabled: "neutral" } as const;

const statusHelp: Record<TemplateOut["status"], string> = {
  approved: "Meta approved it: it can be sent.",
  pending: "Waiting for Meta's review (usually minutes, at most 24 hours). It cannot be sent yet.",
  rejected: "Meta rejected it: edit the body or category and save to submit it again.",
  paused: "Meta paused it after low-quality feedback from customers. It cannot be sent until Meta lifts the pause.",
  disabled: "Meta disabled it (or it was deleted from the WhatsApp account). It cannot be sent.",
};

/** A template's status as Meta gave it, with Meta's reason for a rejection, pause or disabling. */
export function TemplateStatus({ template }: { template: TemplateOut }) {
  return (
    <div className="template-status" data-testid={`template-status-${template.name}-${template.language}`}>
      <Badge tone={statusTone[template.status]} title={statusHelp[template.status]}>
        {template.status}
      </Badge>
      {template.statusReason ? <span className="template-status-reason">{readableReason(template.statusReason)}</span> : null}
    </div>
  );
}

function readableReason(reason: string): string {
  return /^[A-Z_]+$/.test(reason) ? reason.toLowerCase().replaceAll("_", " ") : reason;
}

/** Where templates are reviewed, and the number's quality rating and messaging limit, with a sync button. */
export function TemplateAccountCard({ account }: { account: UseQueryResult<TemplateAccountOut> }) {
  const client = useQueryClient();
  const toast = useToast();
  const sync = useMutation({
    mutationFn: () => apiFetch<TemplateSyncOut>("/v1/templates/sync", { method: "POST" }),
    onSuccess: (r) => {
      toast.success(`Synced with Meta: ${r.imported} imported, ${r.updated} updated${r.removed ? `, ${r.removed} no longer in the account` : ""}.`);
      client.invalidateQueries({ queryKey: ["templates"] });
    },
    onError: (err) => toast.error(errorMessage(err)),
  });
  if (account.isPending) {
    return (
      <Card>
        <Skeleton lines={2} />
      </Card>
    );
  }
  if (account.isError) {
    return (
      <Card>
        <ErrorState error={account.error} title="Could not load the WhatsApp account" onRetry={() => account.refetch()} />
      </Card>
    );
  }
  const a = account.data;
  if (!a.reviewedByMeta) {
    return (
      <Card>
        <p className="template-account-note" data-testid="template-review-mode">
          {a.channel === "sandbox"
            ? "Sandbox: templates are approved at once here. Connect WhatsApp with its Business Account id to have Meta review them."
            : "Templates are approved at once: your WhatsApp number is saved without its Business Account id, so manage them in Meta's tools and register them here with the same name and language."}
        </p>
      </Card>
    );
  }
  return (
    <Card>
      <div className="template-account" data-testid="template-review-mode">
        <div>
          <div className="field-label">Reviewed by Meta</div>
          <span className="mono">WhatsApp Business Account {a.businessAccountId}</span>
        </div>
        <div>
          <div className="field-label">Number quality</div>
          {a.qualityRating ? (
            <Badge tone={a.qualityRating === "GREEN" ? "success" : a.qualityRating === "RED" ? "danger" : "warning"}>
              {a.qualityRating.toLowerCase()}
            </Badge>
          ) : (
            "not reported yet"
          )}
        </div>
        <div>
          <div className="field-label">Messaging limit</div>
          <span data-testid="messaging-limit">{tierLabel(a.messagingLimit) ?? "not reported yet"}</span>
        </div>
        <div>
          <div className="field-label">Last synced</div>
          {a.syncedAt ? new Date(a.syncedAt).toLocaleString() : "never"}
        </div>
        <Button onClick={() => sync.mutate()} loading={sync.isPending}>
          Sync with Meta
        </Button>
      </div>
    </Card>
  );
}
