import Link from "next/link";
import { OptOutSwitch } from "@/components/contacts/opt-out-switch";
import { Badge } from "@/components/ui";
import { ConversationAppointments } from "./conversation-appointments";
import { type ConversationDetail, statusLabel } from "./types";
import { contactIdentifiers, contactLabel } from "@/lib/shared/customer-address";

/** Who the customer is: tags, metadata, and what this conversation has cost. */
export function ContactPanel({ detail }: { detail: ConversationDetail }) {
  const { contact, conversation, assignee } = detail;
  const metadata = Object.keys(contact.metadata ?? {}).length ? JSON.stringify(contact.metadata, null, 2) : null;
  return (
    <aside className="side-panel" aria-label="Contact">
      <div>
        <h2>{contact.name ?? contactLabel(contact)}</h2>
        <div className="muted">{contactIdentifiers(contact)}</div>
      </div>
      <div>
        <h3 style={{ marginBottom: 6 }}>Tags</h3>
        {contact.tags.length ? (
          <div className="row-wrap">
            {contact.tags.map((t) => (
              <Badge key={t} tone="accent">
                {t}
              </Badge>
            ))}
          </div>
        ) : (
          <div className="muted small">No tags</div>
        )}
      </div>
      <div>
        <h3 style={{ marginBottom: 6 }}>Campaigns</h3>
        <OptOutSwitch contactId={contact.id} />
      </div>
      <div>
        <h3 style={{ marginBottom: 6 }}>Metadata</h3>
        {metadata ? <pre className="json-block mono">{metadata}</pre> : <div className="muted small">None</div>}
      </div>
      <div>
        <h3 style={{ marginBottom: 6 }}>Conversation</h3>
        <dl className="kv">
          <dt>Status</dt>
          <dd>{statusLabel[conversation.status]}</dd>
          <dt>Assignee</dt>
          <dd>{assignee ? (assignee.name ?? assignee.email) : "Unassigned"}</dd>
          <dt>Tokens used</dt>
          <dd data-testid="tokens-used">{conversation.tokensUsed.toLocaleString("en")}</dd>
          <dt>Started</dt>
          <dd>{new Date(conversation.createdAt).toLocaleString("en", { dateStyle: "medium", timeStyle: "short" })}</dd>
          <dt>Last inbound</dt>
          <dd>
            {conversation.lastInboundAt
              ? new Date(conversation.lastInboundAt).toLocaleString("en", { dateStyle: "medium", timeStyle: "short" })
              : "Never"}
          </dd>
        </dl>
      </div>
      <ConversationAppointments conversationId={conversation.id} />
      <Link href={`/contacts?contact=${contact.id}`} className="small">
        Edit contact →
      </Link>
    </aside>
  );
}
