import { livenessResponse } from "@/lib/server/readiness";

// GET /healthz: liveness, for an orchestrator's restart check (GET /readyz is the one for traffic).
export const dynamic = "force-dynamic";

export function GET(): Response {
  return livenessResponse();
}
