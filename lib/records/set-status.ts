import "server-only";
import type { Db } from "../db/client";
import { type Notification, notifyOrderReady } from "./order-ready";
import { changeRecordStatus, type RecordOut } from "./records";

/**
 * A status change by staff or a client, and what follows it: an order that becomes ready messages the
 * customer (after the change is committed, so the change stands whatever the send does). That message
 * is the system's, never a person's reply, so the assistant keeps answering the customer.
 */
export async function setRecordStatus(
  db: Db,
  businessId: string,
  collection: string,
  id: string,
  status: string,
): Promise<RecordOut & { notification: Notification }> {
  const { record, changed } = await changeRecordStatus(db, businessId, collection, id, status);
  const notification = changed && collection === "orders" && status === "ready" ? await notifyOrderReady(db, businessId, record) : null;
  return { ...record, notification };
}
