import { z } from "zod";
import { listContacts } from "@/lib/contacts/contacts";
import { withSession } from "@/lib/dashboard/handler";
import { pageQuery } from "@/lib/dashboard/schemas";

const query = pageQuery.extend({ search: z.string().trim().max(200).optional(), tag: z.string().trim().max(64).optional() });

// GET /api/dashboard/contacts?search=ana&tag=vip - search, tag filter, paging.
export const GET = withSession({ role: "agent", query }, async ({ db, businessId, query }) =>
  listContacts(db, businessId, { ...query, search: query.search || undefined, tag: query.tag || undefined }),
);
