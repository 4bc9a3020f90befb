import "server-only";
import type { Db } from "../../db/client";
import { createRecord, type RecordOut, updateRecord } from "../../records/records";
import { initialStatus } from "../../shared/record-statuses";
import type { TypedNode } from "../../shared/graph-schema";
import { renderField } from "./render";
import { placeOrder } from "./order-write";
import { AWAITING_PAYMENT, EDITING, NOTES, RESERVED } from "./run-state";

// How a skill's `record` node writes its record, in one place: the skill's own walk (simple-nodes.ts)
// and a person completing a skill the assistant had started (lib/runtime/turn/takeover.ts) call the
// same function, so the record, its fields and its event (`record.created`, or `record.updated` for a
// change to an earlier booking) are the same whoever finished it.

export type RecordPlace = { businessId: string; conversationId: string; contactId: string };

/** The fields the node writes from these variables (the staff notes said during the skill included). */
export function recordFields(node: TypedNode<"record">, variables: Record<string, unknown>): Record<string, unknown> {
  const fields = Object.fromEntries(Object.entries(node.data.fields).map(([key, template]) => [key, renderField(template, variables)]));
  // Notes for the staff said during the skill (an allergy, an occasion) travel with the record.
  const notes = variables[NOTES];
  if (Array.isArray(notes) && notes.length) {
    const said = notes.join("; ");
    fields.notes = typeof fields.notes === "string" && fields.notes.trim() ? `${fields.notes}; ${said}` : said;
  }
  return fields;
}

/**
 * Writes the node's record from the variables: a new one (`record.created`), or, when the session
 * changes a booking made before ("change my booking to 9pm"), that record (`record.updated`; null
 * when it no longer exists). The place the session held is the record's from now on, so it leaves
 * the variables (nothing gives it back).
 */
export async function writeSkillRecord(
  db: Db,
  place: RecordPlace,
  node: TypedNode<"record">,
  variables: Record<string, unknown>,
): Promise<RecordOut | null> {
  const fields = recordFields(node, variables);
  const editing = variables[EDITING] as { id: string; collection: string } | undefined;
  if (editing && editing.collection === node.data.collection) {
    const updated = await updateRecord(db, place.businessId, editing.id, { fields, status: initialStatus(node.data.collection) });
    delete variables[EDITING];
    // The place held is the booking's now.
    delete variables[RESERVED];
    return updated;
  }
  delete variables[RESERVED];
  // An order takes its stock and, when the business requires it, waits for payment (./order-write.ts).
  if (node.data.collection === "orders") {
    const placed = await placeOrder(db, place, node.data.collection, fields, variables);
    if (placed.awaitingPayment) variables[AWAITING_PAYMENT] = true;
    return placed.record;
  }
  return createRecord(db, place.businessId, {
    collection: node.data.collection,
    fields,
    conversationId: place.conversationId,
    contactId: place.contactId,
  });
}
