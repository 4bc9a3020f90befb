import { z } from "zod";
import { withSession } from "@/lib/dashboard/handler";
import { isoDate, pageQuery } from "@/lib/dashboard/schemas";
import { listRecords } from "@/lib/records/records";

const params = z.object({ collection: z.string().regex(/^[a-z0-9][a-z0-9_-]{0,63}$/, "Unknown collection name.") });
const query = pageQuery.extend({ from: isoDate.optional(), to: isoDate.optional(), conversationId: z.string().max(100).optional() });

// GET /api/dashboard/records/{collection}?from=2026-01-01&to=2026-01-31T23:59:59Z - newest first.
export const GET = withSession({ role: "agent", params, query }, async ({ db, businessId, params, query }) =>
  listRecords(db, businessId, params.collection, {
    limit: query.limit,
    cursor: query.cursor,
    // `from` is inclusive for people: the lib's `since` is exclusive, so step back one millisecond.
    since: query.from ? new Date(query.from.getTime() - 1) : undefined,
    until: query.to,
    conversationId: query.conversationId,
  }),
);
