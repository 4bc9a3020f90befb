import { acceptWebhook, verifyHandshake } from "@/lib/channels";
import { db } from "@/lib/db/client";

// GET: Meta's verify handshake. POST: a signed webhook, queued for the worker and acknowledged at once.
export const dynamic = "force-dynamic";

export async function GET(request: Request): Promise<Response> {
  return verifyHandshake(request);
}

export async function POST(request: Request): Promise<Response> {
  return acceptWebhook(db(), request);
}
