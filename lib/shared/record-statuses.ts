// Orders that wait for payment: docs/payments.md.
// The statuses a record moves through, per collection, and which moves staff (or a client through
// PATCH /v1/records/{collection}/{id}) may make. Browser-safe: the dashboard's status picker offers
// exactly these moves. A collection that is not one of the assistant's three keeps the generic pair.

export const recordStatuses = {
  bookings: ["confirmed", "seated", "no_show", "cancelled"],
  orders: ["new", "awaiting_payment", "paid", "preparing", "ready", "delivered", "cancelled", "expired"],
  leads: ["new", "contacted", "won", "lost"],
  // The appointment skill's records mirror their appointment's status (lib/appointments/appointment-record.ts).
  appointments: ["booked", "confirmed", "cancelled", "no_show", "completed"],
} as const;
export const otherRecordStatuses = ["confirmed", "cancelled"] as const;
const otherStatuses = otherRecordStatuses;

export type StandardCollection = keyof typeof recordStatuses;
const isStandard = (c: string): c is StandardCollection => Object.hasOwn(recordStatuses, c);

/** Every status a record of the collection can have. */
export function statusesOf(collection: string): readonly string[] {
  return isStandard(collection) ? recordStatuses[collection] : otherStatuses;
}

/** The status a new record starts with: a booking is confirmed, an order or a lead is new. */
export function initialStatus(collection: string): string {
  return statusesOf(collection)[0];
}

/**
 * The moves allowed from each status. Orders go forward (a step may be skipped) and can be cancelled
 * until delivered; delivered and cancelled orders are final. A booking is seated, a no-show or
 * cancelled, and can be put back to confirmed (a mistake undone). Leads move freely.
 */
const moves: Record<string, Record<string, readonly string[]>> = {
  bookings: {
    confirmed: ["seated", "no_show", "cancelled"],
    seated: ["confirmed", "no_show"],
    no_show: ["confirmed", "seated"],
    cancelled: ["confirmed"],
  },
  orders: {
    new: ["preparing", "ready", "delivered", "cancelled"],
    // Paid or expired only as the payment provider (or the expiry job) says: docs/payments.md.
    awaiting_payment: ["cancelled"],
    paid: ["preparing", "ready", "delivered", "cancelled"],
    expired: [],
    preparing: ["ready", "delivered", "cancelled"],
    ready: ["delivered", "cancelled"],
    delivered: [],
    cancelled: [],
  },
  leads: {
    new: ["contacted", "won", "lost"],
    contacted: ["new", "won", "lost"],
    won: ["contacted", "lost"],
    lost: ["contacted", "won"],
  },
  // Moved only with the appointment itself (PATCH /v1/appointments/{id}, the customer by message), which
  // the record follows: a move here would leave the appointment holding (or freeing) the staff member's time.
  appointments: { booked: [], confirmed: [], cancelled: [], no_show: [], completed: [] },
  other: { confirmed: ["cancelled"], cancelled: ["confirmed"] },
};

/** The statuses a record in `from` may move to (none from a final status, or from one the collection does not know). */
export function nextStatuses(collection: string, from: string): readonly string[] {
  return moves[isStandard(collection) ? collection : "other"][from] ?? [];
}

/** Why a move is refused, in words for a person; null when it is allowed. */
export function transitionProblem(collection: string, from: string, to: string): string | null {
  const known = statusesOf(collection);
  if (!known.includes(to)) return `must be one of ${known.join(", ")} for ${collection}.`;
  if (!nextStatuses(collection, from).includes(to)) {
    const allowed = nextStatuses(collection, from);
    return `A ${statusLabel(from)} record of ${collection} cannot become ${statusLabel(to)}${
      allowed.length ? ` (it can become ${allowed.map(statusLabel).join(", ")})` : " (it is final)"
    }.`;
  }
  return null;
}

export function statusLabel(status: string): string {
  return status === "no_show" ? "no-show" : status.replace(/_/g, " ");
}
