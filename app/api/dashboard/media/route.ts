import { withSession } from "@/lib/dashboard/handler";
import { receiveUpload } from "@/lib/media/upload";

// POST /api/dashboard/media - a file attached in the reply box or the simulator (multipart, field `file`).
export const POST = withSession({ role: "agent" }, async ({ db, businessId }, request) => {
  const f = await receiveUpload(db, businessId, request);
  return { id: f.id, type: f.kind, mimeType: f.mimeType, size: f.size, filename: f.filename };
});
