import { errorResponse, newRequestId } from "@/lib/api/respond";
import { readSession } from "@/lib/auth/session";
import { db } from "@/lib/db/client";
import { mediaResponse } from "@/lib/media/serve-media";
import { mediaSecurityHeaderObject } from "@/lib/security-headers.mjs";

// GET /media/{fileId}?expires=...&signature=... (or with a dashboard session): a message's file.
export async function GET(request: Request, context: { params: Promise<{ fileId: string }> }) {
  const { fileId } = await context.params;
  try {
    return await mediaResponse(db(), request, fileId, readSession);
  } catch (err) {
    // An error here is a /media/ answer too: the sandbox policy, never the site's.
    return errorResponse(err, newRequestId(), { ...mediaSecurityHeaderObject(), "Cache-Control": "no-store" });
  }
}
