import { z } from "zod";
import { disconnectWhatsApp, getBusiness, setWhatsApp } from "@/lib/businesses/businesses";
import { whatsAppConnection } from "@/lib/channels/whatsapp/adapter";
import { withSession } from "@/lib/dashboard/handler";
import type { Db } from "@/lib/db/client";

const connect = z.object({
  phoneNumberId: z.string().trim().min(1, "Enter the phone number id Meta shows."),
  // Write-only, and checked with Meta before anything is saved. Left empty, the stored (encrypted) token
  // is kept, for the same number only.
  accessToken: z.string().trim().max(2000).optional(),
  displayNumber: z.string().trim().max(40).optional(),
});

async function status(db: Db, businessId: string) {
  const b = await getBusiness(db, businessId);
  return {
    channel: whatsAppConnection(b) ? ("whatsapp" as const) : ("sandbox" as const),
    phoneNumberId: b.whatsappPhoneNumberId,
    displayNumber: b.whatsappDisplayNumber,
    accessTokenSet: b.whatsappAccessTokenEnc !== null,
    verifyTokenEnv: "WHATSAPP_VERIFY_TOKEN",
    verifyTokenSet: Boolean(process.env.WHATSAPP_VERIFY_TOKEN),
    appSecretSet: Boolean(process.env.WHATSAPP_APP_SECRET),
  };
}

// GET /api/dashboard/channel - which channel replies take (WhatsApp or the sandbox); never the token.
export const GET = withSession({ role: "owner" }, async ({ db, businessId }) => status(db, businessId));

// PUT /api/dashboard/channel - connect or update the WhatsApp number.
export const PUT = withSession({ role: "owner", body: connect }, async ({ db, businessId, body }) => {
  await setWhatsApp(db, businessId, {
    phoneNumberId: body.phoneNumberId,
    accessToken: body.accessToken || undefined,
    displayNumber: body.displayNumber === undefined ? undefined : body.displayNumber || null,
  });
  return status(db, businessId);
});

// DELETE /api/dashboard/channel - disconnect WhatsApp: replies go to the sandbox again.
export const DELETE = withSession({ role: "owner" }, async ({ db, businessId }) => {
  await disconnectWhatsApp(db, businessId);
  return status(db, businessId);
});
