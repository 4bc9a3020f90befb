"use client";
import { type FormEvent, useState } from "react";
import { DashboardError, errorMessage } from "@/components/data/fetcher";
import { Button, Dialog, Input, Textarea } from "@/components/ui";
import type { ServiceOut, StaffOut } from "@/lib/appointments/schema";
import { currencyDigits } from "@/lib/shared/locale-format";
import { type ServiceBody, useSave } from "./use-appointments";

const languages = [
  { code: "en", label: "English" },
  { code: "pt", label: "Portuguese" },
  { code: "es", label: "Spanish" },
] as const;
type Texts = Record<(typeof languages)[number]["code"], string>;

const texts = (t: Record<string, string> | undefined): Texts => ({ en: t?.en ?? "", pt: t?.pt ?? "", es: t?.es ?? "" });
const given = (t: Texts) => Object.fromEntries(Object.entries(t).flatMap(([k, v]) => (v.trim() ? [[k, v.trim()]] : [])));

/** New or edit: names and descriptions per language, duration, buffer, price, who performs it. */
export function ServiceDialog({ service, staff, onClose }: { service: ServiceOut | null; staff: StaffOut[]; onClose: () => void }) {
  const save = useSave<ServiceBody>("services");
  const [name, setName] = useState(texts(service?.name));
  const [description, setDescription] = useState(texts(service?.description));
  const [duration, setDuration] = useState(String(service?.durationMinutes ?? 30));
  const [buffer, setBuffer] = useState(String(service?.bufferAfterMinutes ?? 0));
  const digits = (c: string) => currencyDigits(c || "EUR");
  const [currency, setCurrency] = useState(service?.price?.currency ?? "EUR");
  // In the currency's units with its decimals (25.00 EUR), never its minor unit, as the catalog editor.
  const [price, setPrice] = useState(
    service?.price ? (service.price.amount / 10 ** digits(service.price.currency)).toFixed(digits(service.price.currency)) : "",
  );
  const [active, setActive] = useState(service?.active ?? true);
  const [staffIds, setStaffIds] = useState<string[]>(service?.staffIds ?? []);
  const [local, setLocal] = useState<Record<string, string>>({});
  const server: Record<string, string> =
    save.error instanceof DashboardError && save.error.details?.length ? Object.fromEntries(save.error.details.map((d) => [d.path, d.message])) : {};
  const errors = { ...server, ...local };
  const errorUnder = (prefix: string) =>
    Object.entries(errors).find(([path]) => path === prefix || path.startsWith(`${prefix}.`) || path.startsWith(`${prefix}[`))?.[1];

  function submit(e: FormEvent) {
    e.preventDefault();
    const code = currency.trim().toUpperCase();
    const priceText = price.trim().replace(",", ".");
    const problems: Record<string, string> = {};
    const amount = Number(priceText);
    if (priceText && (!Number.isFinite(amount) || amount < 0)) problems.price = `'${price}' is not a price such as 25.00.`;
    for (const [field, value] of [
      ["durationMinutes", duration],
      ["bufferAfterMinutes", buffer],
    ] as const) {
      if (!/^\d+$/.test(value.trim())) problems[field] = "A whole number of minutes.";
    }
    setLocal(problems);
    if (Object.keys(problems).length) return;
    save.mutate(
      {
        id: service?.id ?? null,
        body: {
          name: given(name),
          description: given(description),
          durationMinutes: Number(duration),
          bufferAfterMinutes: Number(buffer),
          price: priceText ? { amount: Math.round(amount * 10 ** digits(code)), currency: code } : null,
          active,
          staffIds,
        },
      },
      { onSuccess: onClose },
    );
  }

  return (
    <Dialog
      open
      onClose={onClose}
      title={service ? `Edit ${Object.values(service.name)[0] ?? "service"}` : "New service"}
      footer={
        <>
          <Button onClick={onClose}>Cancel</Button>
          <Button variant="primary" type="submit" form="service-form" loading={save.isPending}>
            Save
          </Button>
        </>
      }
    >
      {/* An edit after a refused save: the server's verdict on the old values no longer holds. */}
      <form id="service-form" className="stack appointments-form" onSubmit={submit} onChangeCapture={() => save.isError && save.reset()} noValidate>
        {save.isError && !Object.keys(server).length ? (
          <div className="alert" role="alert">
            {errorMessage(save.error)}
          </div>
        ) : null}
        <fieldset className="appointments-fieldset">
          <legend>Name</legend>
          <p className="muted small">In each language the business speaks; at least one.</p>
          {languages.map((l) => (
            <Input
              key={l.code}
              id={`service-name-${l.code}`}
              label={l.label}
              value={name[l.code]}
              error={l.code === "en" ? errorUnder("name") : errors[`name.${l.code}`]}
              onChange={(e) => setName({ ...name, [l.code]: e.target.value })}
            />
          ))}
        </fieldset>
        <details className="appointments-details">
          <summary>Description (optional)</summary>
          {languages.map((l) => (
            <Textarea
              key={l.code}
              id={`service-description-${l.code}`}
              label={l.label}
              rows={2}
              value={description[l.code]}
              error={errors[`description.${l.code}`]}
              onChange={(e) => setDescription({ ...description, [l.code]: e.target.value })}
            />
          ))}
        </details>
        <div className="appointments-pair">
          <Input
            id="service-duration"
            label="Duration (minutes)"
            inputMode="numeric"
            value={duration}
            error={errors.durationMinutes}
            onChange={(e) => setDuration(e.target.value)}
          />
          <Input
            id="service-buffer"
            label="Free after (minutes)"
            inputMode="numeric"
            hint="Kept free after it, to tidy up."
            value={buffer}
            error={errors.bufferAfterMinutes}
            onChange={(e) => setBuffer(e.target.value)}
          />
        </div>
        <div className="appointments-pair">
          <Input
            id="service-price"
            label="Price"
            inputMode="decimal"
            placeholder="No price"
            value={price}
            error={errorUnder("price")}
            onChange={(e) => setPrice(e.target.value)}
          />
          <Input id="service-currency" label="Currency" maxLength={3} value={currency} onChange={(e) => setCurrency(e.target.value)} />
        </div>
        <fieldset className="appointments-fieldset">
          <legend>Performed by</legend>
          {staff.length ? (
            staff.map((m) => (
              <label key={m.id} className="checkbox-row">
                <input
                  type="checkbox"
                  checked={staffIds.includes(m.id)}
                  onChange={(e) => setStaffIds(e.target.checked ? [...staffIds, m.id] : staffIds.filter((id) => id !== m.id))}
                />{" "}
                {m.name}
                {m.active ? "" : " (inactive)"}
              </label>
            ))
          ) : (
            <p className="muted small">Add staff members first; then choose who performs this service.</p>
          )}
          {errorUnder("staffIds") ? (
            <div className="field-error" role="alert">
              {errorUnder("staffIds")}
            </div>
          ) : null}
        </fieldset>
        <label className="checkbox-row">
          <input type="checkbox" checked={active} onChange={(e) => setActive(e.target.checked)} /> Active (offered for appointments)
        </label>
      </form>
    </Dialog>
  );
}
