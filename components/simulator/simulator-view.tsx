"use client";
import { useMutation } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { Button, LoadingState, PageHeader, useToast } from "@/components/ui";
import { apiFetch, errorMessage } from "@/components/data/fetcher";
import { SimulatorChat } from "./simulator-chat";
import "@/components/inbox/chat.css";
import "./simulator.css";
import type { SandboxCustomer } from "./sandbox-customer";

/**
 * Chat with the assistant as a sandbox customer. The customer is kept per business in this browser,
 * so a reload continues the same conversation; "New customer" starts over with a fresh number.
 */
export function SimulatorView({ businessId, prefill, notice }: { businessId: string; prefill?: string; notice?: string }) {
  const toast = useToast();
  const storageKey = `simulator-customer:${businessId}`;
  const [customer, setCustomer] = useState<SandboxCustomer | null>(null);
  const fresh = useMutation({
    mutationFn: () => apiFetch<SandboxCustomer>("/v1/internal/simulator/customer"),
    onSuccess: (c) => {
      localStorage.setItem(storageKey, JSON.stringify(c));
      setCustomer(c);
    },
    onError: (err) => toast.error(`Could not create a customer: ${errorMessage(err)}`),
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: pick the stored customer once, on mount.
  useEffect(() => {
    try {
      const stored = JSON.parse(localStorage.getItem(storageKey) ?? "null") as SandboxCustomer | null;
      if (stored?.phone && !prefill) {
        setCustomer(stored);
        return;
      }
    } catch {}
    fresh.mutate();
  }, []);

  return (
    <>
      <PageHeader
        title="Simulator"
        description="Write as a customer on the sandbox channel and watch the assistant answer, run skills and capture records."
        actions={
          <Button onClick={() => fresh.mutate()} loading={fresh.isPending}>
            New customer
          </Button>
        }
      />
      {notice ? (
        <div className="alert alert-warning" style={{ marginBottom: 12 }}>
          {notice}
        </div>
      ) : null}
      {/* While a new customer is being made, the old one's chat is gone: nothing typed there is lost to a remount. */}
      {customer && !fresh.isPending ? (
        <SimulatorChat key={customer.phone} customer={customer} prefill={prefill} />
      ) : (
        <div className="card">
          <LoadingState label="Preparing a sandbox customer…" />
        </div>
      )}
    </>
  );
}
