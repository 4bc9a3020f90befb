import type { ReactNode } from "react";
import { errorMessage } from "@/components/data/fetcher";
import { Button } from "./button";

export function EmptyState({ title, children, action, icon = "○" }: { title: string; children?: ReactNode; action?: ReactNode; icon?: ReactNode }) {
  return (
    <div className="state">
      <div className="state-icon" aria-hidden="true">
        {icon}
      </div>
      <div className="state-title">{title}</div>
      {children ? <div>{children}</div> : null}
      {action}
    </div>
  );
}

export function ErrorState({ error, title = "Could not load this", onRetry }: { error: unknown; title?: string; onRetry?: () => void }) {
  return (
    <div className="state state-error" role="alert">
      <div className="state-icon" aria-hidden="true">
        ⚠
      </div>
      <div className="state-title">{title}</div>
      <div>{errorMessage(error)}</div>
      {onRetry ? (
        <Button size="sm" onClick={onRetry}>
          Try again
        </Button>
      ) : null}
    </div>
  );
}
