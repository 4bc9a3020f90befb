"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { Badge, Button, Card, EmptyState, ErrorState, Input, PageHeader, Select, Skeleton, useToast } from "@/components/ui";
import { apiFetch, DashboardError, errorMessage } from "@/components/data/fetcher";
import { PAYMENT_EXPIRY_DEFAULT, type PaymentSettingsOut } from "@/lib/shared/payment-settings-schema";
import "@/components/common/common.css";

/** Settings › Payments: the business's own Stripe account, and whether confirmed orders wait for payment (docs/payments.md). */
export function PaymentsView() {
  const settings = useQuery({ queryKey: ["payment-settings"], queryFn: () => apiFetch<PaymentSettingsOut>("/v1/payments/settings") });
  return (
    <>
      <PageHeader
        title="Payments"
        description="Take payment before an order goes ahead: the assistant sends the customer a Stripe Checkout link with the total, and the order turns paid when Stripe says so."
      />
      {settings.isPending ? (
        <Card>
          <Skeleton lines={8} />
        </Card>
      ) : settings.isError ? (
        <Card>
          <ErrorState error={settings.error} title="Could not load the payment settings" onRetry={() => settings.refetch()} />
        </Card>
      ) : (
        <>
          {!settings.data.configured ? (
            <Card>
              <EmptyState title="No payment provider yet" icon="€">
                Orders are taken without payment. Add your Stripe keys below to send payment links.
              </EmptyState>
            </Card>
          ) : null}
          <PaymentsForm key={settings.data.updatedAt ?? "new"} initial={settings.data} />
        </>
      )}
    </>
  );
}

function PaymentsForm({ initial }: { initial: PaymentSettingsOut }) {
  const client = useQueryClient();
  const toast = useToast();
  const [secretKey, setSecretKey] = useState("");
  const [webhookSecret, setWebhookSecret] = useState("");
  const [currency, setCurrency] = useState(initial.currency ?? "EUR");
  const [requirePayment, setRequirePayment] = useState(initial.requirePayment);
  const [expiry, setExpiry] = useState(String(initial.expiryMinutes ?? PAYMENT_EXPIRY_DEFAULT));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useMutation({
    mutationFn: () =>
      apiFetch<PaymentSettingsOut>("/v1/payments/settings", {
        method: "PUT",
        body: {
          provider: "stripe",
          ...(secretKey.trim() ? { secretKey: secretKey.trim() } : {}),
          ...(webhookSecret.trim() ? { webhookSecret: webhookSecret.trim() } : {}),
          currency: currency.trim().toUpperCase(),
          requirePayment,
          expiryMinutes: /^\d+$/.test(expiry.trim()) ? Number(expiry.trim()) : expiry,
        },
      }),
    onSuccess: (data) => {
      setErrors({});
      client.setQueryData(["payment-settings"], data);
      toast.success("Payment settings saved.");
    },
    onError: (err) => {
      if (err instanceof DashboardError && err.details?.length) setErrors(Object.fromEntries(err.details.map((d) => [d.path, d.message])));
      else toast.error(errorMessage(err));
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate();
  };
  return (
    <form className="stack" style={{ gap: 16 }} onSubmit={submit} aria-label="Payment settings">
      <Card title="Stripe account">
        <div className="stack" style={{ gap: 12 }}>
          <Select id="payments-provider" label="Provider" value="stripe" options={[{ value: "stripe", label: "Stripe Checkout" }]} disabled />
          <Input
            id="payments-secret-key"
            label="Secret key"
            type="password"
            autoComplete="off"
            placeholder={initial.secretKeyHint ? `Saved: …${initial.secretKeyHint} (leave empty to keep)` : "sk_live_… or sk_test_…"}
            value={secretKey}
            error={errors.secretKey}
            onChange={(e) => setSecretKey(e.target.value)}
          />
          <Input
            id="payments-webhook-secret"
            label="Webhook signing secret"
            type="password"
            autoComplete="off"
            placeholder={initial.webhookSecretHint ? `Saved: …${initial.webhookSecretHint} (leave empty to keep)` : "whsec_…"}
            value={webhookSecret}
            error={errors.webhookSecret}
            onChange={(e) => setWebhookSecret(e.target.value)}
          />
          <div className="field-hint">
            In Stripe, add a webhook endpoint with this URL and the events <span className="mono">checkout.session.completed</span> and{" "}
            <span className="mono">checkout.session.expired</span>:{" "}
            <span className="mono" data-testid="payments-webhook-url">
              {initial.webhookUrl}
            </span>
          </div>
          {initial.configured ? (
            <div>
              <Badge tone="success">Keys saved</Badge>
            </div>
          ) : null}
        </div>
      </Card>
      <Card title="Orders">
        <div className="stack" style={{ gap: 12 }}>
          <Input
            id="payments-currency"
            label="Currency"
            maxLength={3}
            hint="The currency of your catalog's prices (checked when you save)."
            value={currency}
            error={errors.currency}
            onChange={(e) => setCurrency(e.target.value)}
          />
          <label className="checkbox-row">
            <input type="checkbox" checked={requirePayment} onChange={(e) => setRequirePayment(e.target.checked)} /> Require payment before accepting
            orders
          </label>
          <Input
            id="payments-expiry"
            label="Unpaid orders expire after (minutes)"
            inputMode="numeric"
            hint="30 to 1440 (24 hours). The customer is told, and the stock is given back."
            value={expiry}
            error={errors.expiryMinutes}
            onChange={(e) => setExpiry(e.target.value)}
          />
        </div>
      </Card>
      <div>
        <Button variant="primary" type="submit" loading={save.isPending}>
          Save
        </Button>
      </div>
    </form>
  );
}
