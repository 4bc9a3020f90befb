import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { createdAt, ts, updatedAt } from "./columns";
import { businessId, businessKey, oneOf } from "./tenancy";
import { conversations } from "./conversations";
import { users } from "./users";

// The team side of the inbox (issue 14): the thread's history and notes, per-member read markers,
// the business's handoff settings and the members' presence for round-robin assignment.

// number_changed: WhatsApp said the customer moved to a new number (a `system` message).
// skill_completed / skill_handed_back / skill_discarded: a person finished, handed back or dropped the
// skill the assistant was running when people took over (issue 36; lib/runtime/turn/takeover.ts).
// rated: the customer rated the resolved conversation (text: "4" or "4: the comment").
export const conversationEventKinds = [
  "note",
  "handed_off",
  "assigned",
  "unassigned",
  "returned",
  "closed",
  "reopened",
  "number_changed",
  "skill_completed",
  "skill_handed_back",
  "skill_discarded",
  "rated",
] as const;
export type ConversationEventKind = (typeof conversationEventKinds)[number];
export const conversationActorTypes = ["agent", "assistant", "api", "system", "customer"] as const;
export type ConversationActorType = (typeof conversationActorTypes)[number];

/**
 * What happened in a conversation besides its messages: internal notes (never sent to the customer)
 * and the system lines of the thread (handed off, assigned, returned, closed, reopened).
 */
export const conversationEvents = pgTable(
  "conversation_events",
  {
    id: text("id").primaryKey(),
    businessId: businessId(),
    conversationId: text("conversation_id")
      .notNull()
      .references(() => conversations.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: conversationEventKinds }).notNull(),
    // A note's text, or the reason of a handoff or return.
    text: text("text"),
    actorType: text("actor_type", { enum: conversationActorTypes }).notNull(),
    // The member who acted (agent actors), when known.
    actorUserId: text("actor_user_id").references(() => users.id, { onDelete: "set null" }),
    // assigned: the new assignee.
    assigneeId: text("assignee_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("conversation_events_conversation_idx").on(t.businessId, t.conversationId, t.createdAt, t.id),
    index("conversation_events_conversation_fk_idx").on(t.conversationId),
    // Removing a member (set null) finds the lines that name them.
    index("conversation_events_actor_fk_idx").on(t.actorUserId).where(sql`actor_user_id is not null`),
    index("conversation_events_assignee_fk_idx").on(t.assigneeId).where(sql`assignee_id is not null`),
    check("conversation_events_kind_check", oneOf(t.kind, conversationEventKinds)),
    check("conversation_events_actor_type_check", oneOf(t.actorType, conversationActorTypes)),
  ],
);

/** How far each member has read each conversation (unread counts are per member). */
export const conversationReads = pgTable(
  "conversation_reads",
  {
    businessId: businessId(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    conversationId: text("conversation_id")
      .notNull()
      .references(() => conversations.id, { onDelete: "cascade" }),
    readAt: ts("read_at").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.conversationId] }),
    index("conversation_reads_business_idx").on(t.businessId, t.userId),
    index("conversation_reads_conversation_idx").on(t.conversationId),
  ],
);

/** A business's handoff settings (owner-only); no row means the defaults (both off). */
export const inboxSettings = pgTable("inbox_settings", {
  businessId: businessKey(),
  // Minutes without a person acting after which the customer's next message goes to the assistant again; null: never.
  resumeAfterMinutes: integer("resume_after_minutes"),
  // Round-robin assignment of new handoffs to agents who are online.
  autoAssign: boolean("auto_assign").notNull().default(false),
  // SLA targets for every conversation (a label's own targets win), minutes; null: none.
  slaFirstResponseMinutes: integer("sla_first_response_minutes"),
  slaResolutionMinutes: integer("sla_resolution_minutes"),
  // Ask the customer to rate a conversation a person handled when it is resolved (issue 36; default on).
  satisfactionSurvey: boolean("satisfaction_survey").notNull().default(true),
  updatedAt: updatedAt(),
});

export const memberAvailabilities = ["online", "away", "offline"] as const;
export type MemberAvailability = (typeof memberAvailabilities)[number];

/** Dashboard presence (the last request the member's dashboard made) and the round-robin's turn. */
export const memberPresence = pgTable(
  "member_presence",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    businessId: businessId(),
    lastSeenAt: ts("last_seen_at"),
    lastAssignedAt: ts("last_assigned_at"),
    // What the member set themselves (issue 36): online, away or offline. Inactivity lowers it when read
    // (no dashboard poll for two minutes: away; for thirty: offline), see lib/conversations/presence.ts.
    availability: text("availability", { enum: memberAvailabilities }).notNull().default("online"),
    // The most open (not closed) conversations automatic assignment gives them; null: no limit.
    capacity: integer("capacity"),
  },
  (t) => [
    check("member_presence_availability_check", oneOf(t.availability, memberAvailabilities)),
    index("member_presence_business_idx").on(t.businessId, t.lastSeenAt),
  ],
);

/**
 * Who has a conversation open in the dashboard right now, and whether they are typing (issue 36): the
 * thread sends a heartbeat every few seconds (one upsert); a row older than the viewing window
 * (lib/conversations/presence.ts) counts for nothing, and leaving the thread deletes it.
 */
export const conversationViewers = pgTable(
  "conversation_viewers",
  {
    conversationId: text("conversation_id")
      .notNull()
      .references(() => conversations.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    businessId: businessId(),
    typing: boolean("typing").notNull().default(false),
    seenAt: ts("seen_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.conversationId, t.userId] }), index("conversation_viewers_user_idx").on(t.userId)],
);
