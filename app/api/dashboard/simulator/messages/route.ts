import { z } from "zod";
import { sandboxThread, simulateInbound } from "@/lib/channels/sandbox-simulator";
import { withSession } from "@/lib/dashboard/handler";

const phone = z.string().regex(/^\+[1-9]\d{6,14}$/, "phone must be E.164.");

// GET /api/dashboard/simulator/messages?phone=+1999...&after=msg_... - the customer's thread, oldest first.
export const GET = withSession(
  { role: "agent", query: z.object({ phone, after: z.string().max(100).optional() }) },
  async ({ db, businessId, query }) => sandboxThread(db, businessId, query.phone, query.after || null),
);

// POST /api/dashboard/simulator/messages - the simulated customer writes in; the assistant answers in the background.
export const POST = withSession(
  {
    role: "agent",
    body: z.object({
      phone,
      name: z.string().max(200).nullable().optional(),
      text: z.string().max(4096).optional(),
      // A file uploaded through /api/dashboard/media (text is then its caption), or a shared location.
      mediaId: z.string().min(1).max(100).optional(),
      location: z
        .object({
          latitude: z.number().min(-90).max(90),
          longitude: z.number().min(-180).max(180),
          name: z.string().max(200).optional(),
          address: z.string().max(500).optional(),
        })
        .optional(),
    }),
  },
  async ({ db, businessId, body }) => simulateInbound(db, businessId, body),
);
