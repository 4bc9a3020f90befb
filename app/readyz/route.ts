import { readinessResponse } from "@/lib/server/readiness";

// GET /readyz: readiness for load balancers (database, migrations, worker heartbeats).
export const dynamic = "force-dynamic";

export async function GET(): Promise<Response> {
  return readinessResponse();
}
