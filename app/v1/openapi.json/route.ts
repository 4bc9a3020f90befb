import { openApiResponse } from "@/lib/api/operations/public";

// GET /v1/openapi.json: the contract, generated from the zod schemas; no key needed.
export function GET() {
  return openApiResponse();
}
