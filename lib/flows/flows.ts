import "server-only";
import { and, eq, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "../db/client";
import { whatsappFlows } from "../db/schema";
import { isUniqueViolation } from "../db/unique-violation";
import { AppError, invalid, notFound } from "../errors";
import { newId } from "../ids";
import { listPage, type Page, type PageParams } from "../pagination";
import { FLOW_LIMITS, type FlowIn, type FlowOut, type flowPatch } from "../shared/flow-schema";
import type { InteractiveMessage } from "../shared/interactive-schema";

// The WhatsApp Flows a business registered (issue 38 item 5): managed over /v1/flows and in Settings >
// WhatsApp Flows; a send names one by its id (`flw_...`) and the answer is read by its fields.

export type FlowRow = typeof whatsappFlows.$inferSelect;

export function flowView(f: FlowRow): FlowOut {
  return {
    id: f.id,
    flowId: f.flowId,
    name: f.name,
    screen: f.screen,
    cta: f.cta,
    fields: f.fields,
    createdAt: f.createdAt.toISOString(),
    updatedAt: f.updatedAt.toISOString(),
  };
}

const taken = (flowId: string) =>
  new AppError("conflict", `The Flow ${flowId} is already registered.`, [{ path: "flowId", message: `${flowId} is already registered.` }]);

export async function listFlows(db: Db, businessId: string, page: PageParams): Promise<Page<FlowOut>> {
  return listPage(db, whatsappFlows, { idPrefix: "flw_", page, where: [eq(whatsappFlows.businessId, businessId)] }, flowView);
}

/** One of the business's Flows; another business's id is answered like a missing one. */
export async function findFlow(db: Db, businessId: string, id: string): Promise<FlowRow | null> {
  if (!id.startsWith("flw_")) return null;
  const [row] = await db
    .select()
    .from(whatsappFlows)
    .where(and(eq(whatsappFlows.businessId, businessId), eq(whatsappFlows.id, id)));
  return row ?? null;
}

export async function getFlow(db: Db, businessId: string, id: string): Promise<FlowOut> {
  const row = await findFlow(db, businessId, id);
  if (!row) throw notFound("flow");
  return flowView(row);
}

/** A Flow a send names: its registration, or a 400 on `path` (a missing or foreign id alike). */
export async function flowToSend(db: Db, businessId: string, id: string, path: string): Promise<FlowRow> {
  const row = await findFlow(db, businessId, id);
  if (!row) throw invalid([{ path, message: `No registered WhatsApp Flow ${id} for this business (GET /v1/flows lists them).` }]);
  return row;
}

export async function createFlow(db: Db, businessId: string, input: FlowIn): Promise<FlowOut> {
  return db.transaction(async (tx) => {
    // Serialises creates per business so the cap holds under concurrent requests.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`whatsapp-flows:${businessId}`}))`);
    const [{ n }] = await tx.select({ n: sql<number>`count(*)::int` }).from(whatsappFlows).where(eq(whatsappFlows.businessId, businessId));
    if (Number(n) >= FLOW_LIMITS.flows) throw new AppError("conflict", `A business may register at most ${FLOW_LIMITS.flows} WhatsApp Flows.`);
    const rows = await tx
      .insert(whatsappFlows)
      .values({
        id: newId("flw"),
        businessId,
        flowId: input.flowId,
        name: input.name,
        screen: input.screen ?? null,
        cta: input.cta,
        fields: input.fields,
      })
      .onConflictDoNothing({ target: [whatsappFlows.businessId, whatsappFlows.flowId] })
      .returning();
    if (!rows.length) throw taken(input.flowId);
    return flowView(rows[0]);
  });
}

export async function updateFlow(db: Db, businessId: string, id: string, patch: z.output<typeof flowPatch>): Promise<FlowOut> {
  if (!(await findFlow(db, businessId, id))) throw notFound("flow");
  try {
    const [row] = await db
      .update(whatsappFlows)
      .set({ ...patch, updatedAt: sql`now()` })
      .where(and(eq(whatsappFlows.businessId, businessId), eq(whatsappFlows.id, id)))
      .returning();
    if (!row) throw notFound("flow");
    return flowView(row);
  } catch (err) {
    if (patch.flowId && isUniqueViolation(err)) throw taken(patch.flowId);
    throw err;
  }
}

/** Messages already sent keep what they sent (their own copy); skills naming it refuse to send it. */
export async function deleteFlow(db: Db, businessId: string, id: string): Promise<{ id: string; deleted: true }> {
  const rows = await db
    .delete(whatsappFlows)
    .where(and(eq(whatsappFlows.businessId, businessId), eq(whatsappFlows.id, id)))
    .returning({ id: whatsappFlows.id });
  if (!rows.length) throw notFound("flow");
  return { id, deleted: true };
}

type FlowInteractive = Extract<InteractiveMessage, { type: "flow" }>;

/**
 * A Flow message as it is stored and sent: the registration's Meta id and name written in, and its call
 * to action and screen where the sender gave none. Later edits of the registration do not change it.
 */
export async function flowMessage(db: Db, businessId: string, m: FlowInteractive, path = "interactive"): Promise<FlowInteractive> {
  const flow = await flowToSend(db, businessId, m.flow, `${path}.flow`);
  const screen = m.screen ?? flow.screen ?? undefined;
  if (m.data && !screen) {
    throw invalid([{ path: `${path}.data`, message: "data is for the screen the Flow opens on: give screen (or register the Flow with one)." }]);
  }
  return { ...m, flowId: flow.flowId, name: flow.name, cta: m.cta ?? flow.cta, ...(screen ? { screen } : {}) };
}
