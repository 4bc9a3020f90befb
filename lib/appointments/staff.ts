import "server-only";
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "../db/client";
import { serviceStaff, staffMembers } from "../db/schema";
import { isForeignKeyViolation } from "../db/unique-violation";
import { AppError, notFound } from "../errors";
import { newId } from "../ids";
import { afterCursor, decodeCursor, type Page, type PageParams, toPage } from "../pagination";
import type { StaffOut, staffIn, staffPatch } from "./schema";

type StaffRow = typeof staffMembers.$inferSelect;

function view(r: StaffRow, serviceIds: string[]): StaffOut {
  return {
    id: r.id,
    name: r.name,
    active: r.active,
    weekly: r.weekly as Record<string, string[]>,
    breaks: r.breaks as Record<string, string[]>,
    timeOff: r.timeOff,
    serviceIds,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

async function servicesOf(db: Db, businessId: string, staffIds: string[]): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>(staffIds.map((id) => [id, []]));
  if (!staffIds.length) return out;
  const rows = await db
    .select({ serviceId: serviceStaff.serviceId, staffId: serviceStaff.staffId })
    .from(serviceStaff)
    .where(and(eq(serviceStaff.businessId, businessId), inArray(serviceStaff.staffId, staffIds)))
    .orderBy(serviceStaff.serviceId);
  for (const r of rows) out.get(r.staffId)?.push(r.serviceId);
  return out;
}

/** The business's staff members, newest first, paged like every list; `active` filters. */
export async function listStaff(db: Db, businessId: string, page: PageParams & { active?: boolean }): Promise<Page<StaffOut>> {
  const cursor = page.cursor ? decodeCursor(page.cursor, "stf_") : null;
  const rows = await db
    .select()
    .from(staffMembers)
    .where(
      and(
        eq(staffMembers.businessId, businessId),
        page.active === undefined ? undefined : eq(staffMembers.active, page.active),
        afterCursor(staffMembers.createdAt, staffMembers.id, cursor),
      ),
    )
    .orderBy(desc(staffMembers.createdAt), desc(staffMembers.id))
    .limit(page.limit + 1);
  const serviceIds = await servicesOf(
    db,
    businessId,
    rows.slice(0, page.limit).map((r) => r.id),
  );
  return toPage(rows, page.limit, (r) => view(r, serviceIds.get(r.id) ?? []));
}

export async function getStaff(db: Db, businessId: string, id: string): Promise<StaffOut> {
  const [row] = await db
    .select()
    .from(staffMembers)
    .where(and(eq(staffMembers.businessId, businessId), eq(staffMembers.id, id)));
  if (!row) throw notFound("staff member");
  return view(row, (await servicesOf(db, businessId, [id])).get(id) ?? []);
}

export async function createStaff(db: Db, businessId: string, input: z.output<typeof staffIn>): Promise<StaffOut> {
  const [row] = await db
    .insert(staffMembers)
    .values({
      id: newId("stf"),
      businessId,
      name: input.name,
      active: input.active,
      weekly: input.weekly,
      breaks: input.breaks,
      timeOff: input.timeOff,
    })
    .returning();
  return view(row, []);
}

/** Changes only the fields given; `weekly`, `breaks` and `timeOff` are replaced whole. */
export async function updateStaff(db: Db, businessId: string, id: string, patch: z.output<typeof staffPatch>): Promise<StaffOut> {
  const [row] = await db
    .update(staffMembers)
    .set({ ...patch, updatedAt: sql`now()` })
    .where(and(eq(staffMembers.businessId, businessId), eq(staffMembers.id, id)))
    .returning({ id: staffMembers.id });
  if (!row) throw notFound("staff member");
  return getStaff(db, businessId, id);
}

/** Deletes a staff member no appointment names (they stop performing their services); else 409. */
export async function deleteStaff(db: Db, businessId: string, id: string): Promise<{ id: string; deleted: true }> {
  try {
    const rows = await db
      .delete(staffMembers)
      .where(and(eq(staffMembers.businessId, businessId), eq(staffMembers.id, id)))
      .returning({ id: staffMembers.id });
    if (!rows.length) throw notFound("staff member");
    return { id, deleted: true };
  } catch (err) {
    if (isForeignKeyViolation(err)) {
      throw new AppError("conflict", "This staff member has appointments: set them inactive instead of deleting them, so their history stays whole.");
    }
    throw err;
  }
}
