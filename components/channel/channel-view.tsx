"use client";
import "@/components/common/common.css";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useEffect, useState } from "react";
import { CopyButton } from "@/components/common/copy-button";
import { Badge, Button, Card, ConfirmDialog, ErrorState, Input, PageHeader, Skeleton, useToast } from "@/components/ui";
import { apiFetch, DashboardError, errorMessage } from "@/components/data/fetcher";
import type { OperationOutput } from "@/lib/api/operation";
import type { channelGet } from "@/lib/api/operations";
import { tierLabel } from "@/lib/shared/messaging-limit";

type Status = OperationOutput<typeof channelGet>;

/** /channel: connect the business's WhatsApp number, or see that the sandbox is in use; the webhook to paste into Meta. */
export function ChannelView() {
  const client = useQueryClient();
  const toast = useToast();
  const status = useQuery({ queryKey: ["channel"], queryFn: () => apiFetch<Status>("/v1/internal/channel") });
  const [origin, setOrigin] = useState("");
  useEffect(() => setOrigin(window.location.origin), []);
  const [confirming, setConfirming] = useState(false);
  const disconnect = useMutation({
    mutationFn: () => apiFetch<Status>("/v1/internal/channel", { method: "DELETE" }),
    onSuccess: (s) => {
      client.setQueryData(["channel"], s);
      setConfirming(false);
      toast.success("WhatsApp disconnected: replies now go to the sandbox.");
    },
    onError: (err) => toast.error(errorMessage(err)),
  });
  const webhookUrl = `${origin}/channels/whatsapp/webhook`;
  return (
    <>
      <PageHeader
        title="Channel"
        description="Where your assistant's conversations happen: your WhatsApp Business number, or the built-in sandbox."
      />
      {status.isPending ? (
        <Card>
          <Skeleton lines={5} />
        </Card>
      ) : status.isError ? (
        <Card>
          <ErrorState error={status.error} title="Could not load the channel" onRetry={() => status.refetch()} />
        </Card>
      ) : (
        <div className="grid-2" style={{ alignItems: "start" }}>
          <div className="stack" style={{ gap: 16 }}>
            <Card title="Status">
              {status.data.channel === "whatsapp" ? (
                <div className="stack" style={{ gap: 8 }}>
                  <div className="row">
                    <Badge tone="success">WhatsApp connected</Badge>
                    <strong>{status.data.displayNumber ?? status.data.phoneNumberId}</strong>
                  </div>
                  <div className="muted small">
                    Phone number id <code>{status.data.phoneNumberId}</code>; access token stored encrypted.{" "}
                    {status.data.businessAccountId ? (
                      <>
                        Business Account <code>{status.data.businessAccountId}</code>: templates are reviewed by Meta.
                      </>
                    ) : (
                      "No Business Account id: templates are approved at once here."
                    )}
                  </div>
                  {status.data.messagingLimit ? <MessagingLimit limit={status.data.messagingLimit} /> : null}
                  <div>
                    <Button variant="danger" size="sm" onClick={() => setConfirming(true)}>
                      Disconnect WhatsApp
                    </Button>
                  </div>
                </div>
              ) : (
                <div className="stack" style={{ gap: 8 }}>
                  <div className="row">
                    <Badge tone="info">Sandbox in use</Badge>
                  </div>
                  <div className="muted">
                    No WhatsApp number is connected: conversations run in the sandbox, which you can try in the simulator. Connect your number to talk
                    to real customers.
                  </div>
                </div>
              )}
            </Card>
            <Card title="Webhook for Meta">
              <div className="stack" style={{ gap: 10 }}>
                <div className="muted small">
                  In the Meta app dashboard, under WhatsApp → Configuration, set the callback URL and verify token, then subscribe to messages.
                </div>
                <div className="field-label">Callback URL</div>
                <div className="secret-row">
                  <code className="secret-value" data-testid="webhook-url">
                    {webhookUrl}
                  </code>
                  <CopyButton value={webhookUrl} />
                </div>
                <div className="field-label">Verify token</div>
                <div>
                  The value of the <code>{status.data.verifyTokenEnv}</code> environment variable of this server{" "}
                  {status.data.verifyTokenSet ? <Badge tone="success">set</Badge> : <Badge tone="warning">not set</Badge>}
                </div>
                <div className="field-label">Signature check</div>
                <div>
                  <code>WHATSAPP_APP_SECRET</code> (your Meta app secret) verifies every callback{" "}
                  {status.data.appSecretSet ? <Badge tone="success">set</Badge> : <Badge tone="warning">not set</Badge>}
                </div>
              </div>
            </Card>
          </div>
          <ConnectForm status={status.data} onSaved={(s) => client.setQueryData(["channel"], s)} />
        </div>
      )}
      <ConfirmDialog
        open={confirming}
        title="Disconnect WhatsApp?"
        message="Replies stop going to WhatsApp customers at once; the stored access token is deleted. You can connect again at any time."
        confirmLabel="Disconnect"
        danger
        busy={disconnect.isPending}
        onConfirm={() => disconnect.mutate()}
        onCancel={() => setConfirming(false)}
      />
    </>
  );
}

function ConnectForm({ status, onSaved }: { status: Status; onSaved: (s: Status) => void }) {
  const toast = useToast();
  const [phoneNumberId, setPhoneNumberId] = useState(status.phoneNumberId ?? "");
  const [displayNumber, setDisplayNumber] = useState(status.displayNumber ?? "");
  const [accessToken, setAccessToken] = useState("");
  const [businessAccountId, setBusinessAccountId] = useState(status.businessAccountId ?? "");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useMutation({
    mutationFn: () =>
      apiFetch<Status>("/v1/internal/channel", { method: "PUT", body: { phoneNumberId, accessToken, displayNumber, businessAccountId } }),
    onSuccess: (s) => {
      onSaved(s);
      setAccessToken("");
      toast.success("WhatsApp settings saved.");
    },
    onError: (err) => {
      if (err instanceof DashboardError && err.details?.length) setErrors(Object.fromEntries(err.details.map((d) => [d.path, d.message])));
      else setErrors({ form: errorMessage(err) });
    },
  });
  function submit(e: FormEvent) {
    e.preventDefault();
    const problems: Record<string, string> = {};
    if (!phoneNumberId.trim()) problems.phoneNumberId = "Enter the phone number id Meta shows.";
    // The server checks the token with Meta before saving; a stored one only serves the same number.
    if (!accessToken.trim() && (!status.accessTokenSet || phoneNumberId.trim() !== status.phoneNumberId)) {
      problems.accessToken = "Enter the access token. WhatsApp confirms with it that the number is yours.";
    }
    setErrors(problems);
    if (!Object.keys(problems).length) save.mutate();
  }
  return (
    <Card title={status.channel === "whatsapp" ? "Update the WhatsApp connection" : "Connect WhatsApp"}>
      <form className="stack" onSubmit={submit} noValidate>
        {errors.form ? (
          <div className="alert" role="alert">
            {errors.form}
          </div>
        ) : null}
        <Input
          id="wa-phone-number-id"
          label="Phone number id"
          inputMode="numeric"
          placeholder="106540352242922"
          value={phoneNumberId}
          error={errors.phoneNumberId}
          hint="From WhatsApp → API Setup in the Meta app dashboard (not the phone number itself)."
          onChange={(e) => setPhoneNumberId(e.target.value)}
        />
        <Input
          id="wa-access-token"
          label="Access token"
          type="password"
          autoComplete="off"
          placeholder={status.accessTokenSet ? "•••••••• stored; leave empty to keep it for this number" : "EAAG…"}
          value={accessToken}
          error={errors.accessToken}
          hint="A permanent system-user token. Checked with Meta before saving (it must be able to use this number), then stored encrypted and never shown again."
          onChange={(e) => setAccessToken(e.target.value)}
        />
        <Input
          id="wa-business-account-id"
          label="WhatsApp Business Account id"
          inputMode="numeric"
          placeholder="102290129340398"
          value={businessAccountId}
          error={errors.businessAccountId}
          hint="Optional but recommended: with it, templates you add here are submitted to Meta for review, their status stays up to date, and the account's existing templates are imported. Leave empty if you manage templates in Meta's tools."
          onChange={(e) => setBusinessAccountId(e.target.value)}
        />
        <Input
          id="wa-display-number"
          label="Display number"
          placeholder="+351 912 345 678"
          value={displayNumber}
          error={errors.displayNumber}
          hint="Optional: how your team recognises the number."
          onChange={(e) => setDisplayNumber(e.target.value)}
        />
        <div className="row" style={{ justifyContent: "flex-end" }}>
          <Button type="submit" variant="primary" loading={save.isPending}>
            {status.channel === "whatsapp" ? "Save" : "Connect"}
          </Button>
        </div>
      </form>
    </Card>
  );
}

/** Meta's messaging limit (the business portfolio's, shared by its numbers) and what the last 24 hours used. */
function MessagingLimit({ limit }: { limit: NonNullable<Status["messagingLimit"]> }) {
  const shared = limit.sharedWith
    ? ` Shared with ${limit.sharedWith} other business${limit.sharedWith === 1 ? "" : "es"} here on the same account.`
    : "";
  return (
    <div data-testid="messaging-limit-use">
      <div className="field-label">Messaging limit (your business portfolio)</div>
      {limit.reported ? (
        <span>
          {tierLabel(limit.tier)} outside a service window: {limit.used.toLocaleString("en")}
          {limit.users === null ? "" : ` of ${limit.users.toLocaleString("en")}`} used in the last 24 hours.{shared}
        </span>
      ) : (
        <span className="muted">
          Not reported by Meta yet ({limit.used.toLocaleString("en")} customers reached outside a service window in the last 24 hours). It is read
          when templates sync.
        </span>
      )}
    </div>
  );
}
