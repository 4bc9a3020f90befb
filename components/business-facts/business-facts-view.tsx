"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { Button, Card, ErrorState, Input, PageHeader, Select, Skeleton, useToast } from "@/components/ui";
import { apiFetch, DashboardError, errorMessage } from "@/components/data/fetcher";
import { type BusinessFacts, type PaymentMethod, paymentMethodLabels, paymentMethods } from "@/lib/shared/business-facts-schema";
import "./business-facts.css";

type Said = "unsaid" | "yes" | "no";

/** Amounts are typed in the currency's units ("2.50") and stored in its minor unit (250). */
const digitsOf = (currency: string) => {
  try {
    return new Intl.NumberFormat("en", { style: "currency", currency }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    return 2;
  }
};
const toText = (m: { amount: number; currency: string } | null) => (m ? (m.amount / 10 ** digitsOf(m.currency)).toFixed(digitsOf(m.currency)) : "");
function toMoney(text: string, currency: string): { amount: number; currency: string } | null | "bad" {
  const t = text.trim().replace(",", ".");
  if (!t) return null;
  if (!/^\d+(\.\d+)?$/.test(t)) return "bad";
  return { amount: Math.round(Number(t) * 10 ** digitsOf(currency)), currency };
}
const said = (v: { offered: boolean } | null): Said => (v ? (v.offered ? "yes" : "no") : "unsaid");
const saidOptions = [
  { value: "unsaid", label: "Not said" },
  { value: "yes", label: "Yes" },
  { value: "no", label: "No" },
];

/** Settings › Business facts: the address, delivery and its charges, pickup and payment methods. */
export function BusinessFactsView() {
  const facts = useQuery({ queryKey: ["business-facts"], queryFn: () => apiFetch<BusinessFacts>("/v1/business-facts") });
  return (
    <>
      <PageHeader
        title="Business facts"
        description="What the assistant answers about your address, delivery and payment, in each customer's language, and what the order skill charges for delivery. Opening hours are under Business hours."
      />
      {facts.isPending ? (
        <Card>
          <Skeleton lines={8} />
        </Card>
      ) : facts.isError ? (
        <Card>
          <ErrorState error={facts.error} title="Could not load the business facts" onRetry={() => facts.refetch()} />
        </Card>
      ) : (
        <FactsForm key={facts.data.updatedAt ?? "new"} initial={facts.data} />
      )}
    </>
  );
}

function MethodPicker({ idPrefix, value, onChange }: { idPrefix: string; value: PaymentMethod[]; onChange: (v: PaymentMethod[]) => void }) {
  return (
    <div className="facts-methods">
      {paymentMethods.map((m) => (
        <label key={m} htmlFor={`${idPrefix}-${m}`}>
          <input
            id={`${idPrefix}-${m}`}
            type="checkbox"
            checked={value.includes(m)}
            onChange={(e) => onChange(e.target.checked ? paymentMethods.filter((x) => x === m || value.includes(x)) : value.filter((x) => x !== m))}
          />{" "}
          {paymentMethodLabels[m]}
        </label>
      ))}
    </div>
  );
}

function FactsForm({ initial }: { initial: BusinessFacts }) {
  const client = useQueryClient();
  const toast = useToast();
  const d = initial.delivery;
  const [address, setAddress] = useState(initial.address ?? "");
  const [delivers, setDelivers] = useState<Said>(said(d));
  const [radius, setRadius] = useState(d?.radiusKm ? String(d.radiusKm) : "");
  const [places, setPlaces] = useState((d?.places ?? []).join(", "));
  const [currency, setCurrency] = useState(d?.fee?.currency ?? d?.freeFrom?.currency ?? d?.minimum?.currency ?? "EUR");
  const [fee, setFee] = useState(toText(d?.fee ?? null));
  const [freeFrom, setFreeFrom] = useState(toText(d?.freeFrom ?? null));
  const [minimum, setMinimum] = useState(toText(d?.minimum ?? null));
  const [sameOnDelivery, setSameOnDelivery] = useState(!d?.paymentMethods);
  const [deliveryMethods, setDeliveryMethods] = useState<PaymentMethod[]>(d?.paymentMethods ?? []);
  const [pickup, setPickup] = useState<Said>(said(initial.pickup));
  const [methods, setMethods] = useState<PaymentMethod[]>(initial.paymentMethods);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const save = useMutation({
    mutationFn: async () => {
      const code = currency.trim().toUpperCase();
      const amounts = { fee: toMoney(fee, code), freeFrom: toMoney(freeFrom, code), minimum: toMoney(minimum, code) };
      const bad = Object.entries(amounts).filter(([, v]) => v === "bad");
      if (bad.length) {
        throw new DashboardError(
          400,
          "invalid_request",
          "Amounts are numbers like 2.50.",
          undefined,
          bad.map(([k]) => ({ path: `delivery.${k}`, message: "Write an amount like 2.50." })),
        );
      }
      const money = (v: (typeof amounts)[keyof typeof amounts]) => (v === "bad" ? null : v);
      return apiFetch<BusinessFacts>("/v1/business-facts", {
        method: "PUT",
        body: {
          address: address.trim() || null,
          delivery:
            delivers === "unsaid"
              ? null
              : {
                  offered: delivers === "yes",
                  radiusKm: radius.trim() ? Number(radius.replace(",", ".")) : null,
                  places: places
                    .split(",")
                    .map((p) => p.trim())
                    .filter(Boolean),
                  fee: money(amounts.fee),
                  freeFrom: money(amounts.freeFrom),
                  minimum: money(amounts.minimum),
                  paymentMethods: sameOnDelivery ? null : deliveryMethods,
                },
          pickup: pickup === "unsaid" ? null : { offered: pickup === "yes" },
          paymentMethods: methods,
        },
      });
    },
    onSuccess: (data) => {
      setErrors({});
      client.setQueryData(["business-facts"], data);
      toast.success("Business facts saved.");
    },
    onError: (err) => {
      if (err instanceof DashboardError && err.details?.length) {
        setErrors(Object.fromEntries(err.details.map((e) => [e.path.replace(/\.(amount|currency)$/, "").replace(/\.\d+$|\[\d+\]$/, ""), e.message])));
      } else toast.error(errorMessage(err));
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate();
  };

  return (
    <form className="stack" style={{ gap: 16 }} onSubmit={submit} aria-label="Business facts">
      <div className="grid-2" style={{ alignItems: "start" }}>
        <div className="stack" style={{ gap: 16 }}>
          <Card title="Address">
            <Input
              id="facts-address"
              label="Address"
              value={address}
              placeholder="Rua das Flores 12, 1200-195 Lisbon"
              hint="As customers should read it. Directions (the nearest metro, parking) belong in the knowledge."
              error={errors.address}
              onChange={(e) => setAddress(e.target.value)}
            />
          </Card>
          <Card title="Payment methods">
            <div className="field-hint" style={{ marginBottom: 8 }}>
              How customers pay at the business and for pickup. "Card" is any debit or credit card; a brand alone means only that brand.
            </div>
            <MethodPicker idPrefix="pay" value={methods} onChange={setMethods} />
            {errors.paymentMethods ? (
              <div className="field-error" role="alert">
                {errors.paymentMethods}
              </div>
            ) : null}
          </Card>
          <Card title="Pickup">
            <Select
              id="facts-pickup"
              label="Orders can be picked up"
              value={pickup}
              options={saidOptions}
              onChange={(e) => setPickup(e.target.value as Said)}
            />
          </Card>
        </div>
        <Card title="Delivery">
          <div className="stack" style={{ gap: 10 }}>
            <Select
              id="facts-delivers"
              label="You deliver"
              value={delivers}
              options={saidOptions}
              onChange={(e) => setDelivers(e.target.value as Said)}
            />
            {delivers === "yes" ? (
              <>
                <Input
                  id="facts-radius"
                  label="Delivery radius (km)"
                  inputMode="decimal"
                  value={radius}
                  error={errors["delivery.radiusKm"]}
                  onChange={(e) => setRadius(e.target.value)}
                />
                <Input
                  id="facts-places"
                  label="Places you deliver to"
                  value={places}
                  placeholder="Chiado, Alfama, Baixa"
                  hint="Neighbourhoods or towns, separated by commas."
                  error={errors["delivery.places"]}
                  onChange={(e) => setPlaces(e.target.value)}
                />
                <div className="facts-money">
                  <Input id="facts-currency" label="Currency" value={currency} maxLength={3} onChange={(e) => setCurrency(e.target.value)} />
                  <Input
                    id="facts-fee"
                    label="Delivery fee"
                    inputMode="decimal"
                    value={fee}
                    placeholder="2.50"
                    hint="0 for free delivery."
                    error={errors["delivery.fee"]}
                    onChange={(e) => setFee(e.target.value)}
                  />
                  <Input
                    id="facts-free-from"
                    label="Free delivery from"
                    inputMode="decimal"
                    value={freeFrom}
                    placeholder="30.00"
                    error={errors["delivery.freeFrom"]}
                    onChange={(e) => setFreeFrom(e.target.value)}
                  />
                  <Input
                    id="facts-minimum"
                    label="Minimum order for delivery"
                    inputMode="decimal"
                    value={minimum}
                    placeholder="15.00"
                    error={errors["delivery.minimum"]}
                    onChange={(e) => setMinimum(e.target.value)}
                  />
                </div>
                <label htmlFor="facts-same-on-delivery">
                  <input id="facts-same-on-delivery" type="checkbox" checked={sameOnDelivery} onChange={(e) => setSameOnDelivery(e.target.checked)} />{" "}
                  A delivery is paid as at the business
                </label>
                {sameOnDelivery ? null : <MethodPicker idPrefix="pay-delivery" value={deliveryMethods} onChange={setDeliveryMethods} />}
              </>
            ) : null}
          </div>
        </Card>
      </div>
      <div className="row">
        <Button type="submit" variant="primary" loading={save.isPending}>
          Save business facts
        </Button>
        {Object.keys(errors).length ? (
          <span className="field-error" role="alert">
            Fix the marked fields, then save again.
          </span>
        ) : null}
      </div>
    </form>
  );
}
