import { healthResponse } from "@/lib/db/health";

// GET /healthz: readiness for load balancers and orchestrators (503 while the database is unavailable).
export const dynamic = "force-dynamic";

export async function GET(): Promise<Response> {
  return healthResponse();
}
