import "server-only";
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "../db/client";
import { serviceStaff, services, staffMembers } from "../db/schema";
import { isForeignKeyViolation } from "../db/unique-violation";
import { AppError, invalid, notFound } from "../errors";
import { newId } from "../ids";
import { afterCursor, decodeCursor, type Page, type PageParams, toPage } from "../pagination";
import type { ServiceOut, serviceIn, servicePatch } from "./schema";

type ServiceRow = typeof services.$inferSelect;

function view(r: ServiceRow, staffIds: string[]): ServiceOut {
  return {
    id: r.id,
    name: r.name,
    description: r.description,
    durationMinutes: r.durationMinutes,
    bufferAfterMinutes: r.bufferAfterMinutes,
    price: r.priceAmount !== null && r.priceCurrency ? { amount: r.priceAmount, currency: r.priceCurrency } : null,
    active: r.active,
    staffIds,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

async function staffOf(db: Db, businessId: string, serviceIds: string[]): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>(serviceIds.map((id) => [id, []]));
  if (!serviceIds.length) return out;
  const rows = await db
    .select({ serviceId: serviceStaff.serviceId, staffId: serviceStaff.staffId })
    .from(serviceStaff)
    .where(and(eq(serviceStaff.businessId, businessId), inArray(serviceStaff.serviceId, serviceIds)))
    .orderBy(serviceStaff.staffId);
  for (const r of rows) out.get(r.serviceId)?.push(r.staffId);
  return out;
}

/** Every named staff member is this business's (another business's id reads like a missing one). */
async function checkStaff(db: Db, businessId: string, ids: string[]): Promise<void> {
  if (!ids.length) return;
  const found = await db
    .select({ id: staffMembers.id })
    .from(staffMembers)
    .where(and(eq(staffMembers.businessId, businessId), inArray(staffMembers.id, ids)));
  const known = new Set(found.map((r) => r.id));
  const missing = ids.flatMap((id, i) => (known.has(id) ? [] : [{ path: `staffIds[${i}]`, message: `No such staff member: ${id}.` }]));
  if (missing.length) throw invalid(missing);
}

async function setStaff(tx: Db, businessId: string, serviceId: string, ids: string[]): Promise<void> {
  await tx.delete(serviceStaff).where(and(eq(serviceStaff.businessId, businessId), eq(serviceStaff.serviceId, serviceId)));
  if (ids.length) await tx.insert(serviceStaff).values(ids.map((staffId) => ({ businessId, serviceId, staffId })));
}

/** The business's services, newest first, paged like every list; `active` filters. */
export async function listServices(db: Db, businessId: string, page: PageParams & { active?: boolean }): Promise<Page<ServiceOut>> {
  const cursor = page.cursor ? decodeCursor(page.cursor, "svc_") : null;
  const rows = await db
    .select()
    .from(services)
    .where(
      and(
        eq(services.businessId, businessId),
        page.active === undefined ? undefined : eq(services.active, page.active),
        afterCursor(services.createdAt, services.id, cursor),
      ),
    )
    .orderBy(desc(services.createdAt), desc(services.id))
    .limit(page.limit + 1);
  const staff = await staffOf(
    db,
    businessId,
    rows.slice(0, page.limit).map((r) => r.id),
  );
  return toPage(rows, page.limit, (r) => view(r, staff.get(r.id) ?? []));
}

export async function findService(db: Db, businessId: string, id: string): Promise<ServiceRow | undefined> {
  const [row] = await db
    .select()
    .from(services)
    .where(and(eq(services.businessId, businessId), eq(services.id, id)));
  return row;
}

export async function getService(db: Db, businessId: string, id: string): Promise<ServiceOut> {
  const row = await findService(db, businessId, id);
  if (!row) throw notFound("service");
  return view(row, (await staffOf(db, businessId, [id])).get(id) ?? []);
}

export async function createService(db: Db, businessId: string, input: z.output<typeof serviceIn>): Promise<ServiceOut> {
  await checkStaff(db, businessId, input.staffIds);
  const id = newId("svc");
  await db.transaction(async (tx) => {
    await tx.insert(services).values({
      id,
      businessId,
      name: input.name,
      description: input.description ?? {},
      durationMinutes: input.durationMinutes,
      bufferAfterMinutes: input.bufferAfterMinutes,
      priceAmount: input.price?.amount ?? null,
      priceCurrency: input.price?.currency ?? null,
      active: input.active,
    });
    await setStaff(tx, businessId, id, input.staffIds);
  });
  return getService(db, businessId, id);
}

/** Changes only the fields given; `staffIds` replaces who performs it; `price: null` clears the price. */
export async function updateService(db: Db, businessId: string, id: string, patch: z.output<typeof servicePatch>): Promise<ServiceOut> {
  if (!(await findService(db, businessId, id))) throw notFound("service");
  if (patch.staffIds) await checkStaff(db, businessId, patch.staffIds);
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(services)
      .set({
        ...(patch.name ? { name: patch.name } : {}),
        ...(patch.description ? { description: patch.description } : {}),
        ...(patch.durationMinutes !== undefined ? { durationMinutes: patch.durationMinutes } : {}),
        ...(patch.bufferAfterMinutes !== undefined ? { bufferAfterMinutes: patch.bufferAfterMinutes } : {}),
        ...(patch.price !== undefined ? { priceAmount: patch.price?.amount ?? null, priceCurrency: patch.price?.currency ?? null } : {}),
        ...(patch.active !== undefined ? { active: patch.active } : {}),
        updatedAt: sql`now()`,
      })
      .where(and(eq(services.businessId, businessId), eq(services.id, id)))
      .returning({ id: services.id });
    if (!row) throw notFound("service");
    if (patch.staffIds) await setStaff(tx, businessId, id, patch.staffIds);
  });
  return getService(db, businessId, id);
}

/** Deletes a service no appointment names; one with appointments is deactivated instead (409). */
export async function deleteService(db: Db, businessId: string, id: string): Promise<{ id: string; deleted: true }> {
  try {
    const rows = await db
      .delete(services)
      .where(and(eq(services.businessId, businessId), eq(services.id, id)))
      .returning({ id: services.id });
    if (!rows.length) throw notFound("service");
    return { id, deleted: true };
  } catch (err) {
    if (isForeignKeyViolation(err)) {
      throw new AppError("conflict", "This service has appointments: set it inactive instead of deleting it, so their history stays whole.");
    }
    throw err;
  }
}
