import { metricsResponse } from "@/lib/server/metrics-endpoint";

// GET /metrics: Prometheus text format, for a scraper holding METRICS_TOKEN (404 without one set).
export const dynamic = "force-dynamic";

export async function GET(request: Request): Promise<Response> {
  return metricsResponse(request);
}
