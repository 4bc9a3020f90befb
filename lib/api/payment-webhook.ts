import "server-only";
import type { Db } from "../db/client";
import { receivePaymentWebhook } from "../payments/webhook";
import { readBodyBytes } from "../request-body";
import { errorResponse, jsonResponse, newRequestId } from "./respond";

// The door for payment providers' webhooks (app/payments/[provider]/[businessId]/route.ts): the raw
// body, exactly as signed, goes to lib/payments; errors answer in the API's error shape.

export async function acceptPaymentWebhook(db: Db, request: Request, provider: string, businessId: string): Promise<Response> {
  const requestId = newRequestId();
  try {
    const raw = await readBodyBytes(request);
    const result = await receivePaymentWebhook(db, provider, businessId, raw.toString("utf8"), request.headers);
    return jsonResponse(result, 200, { "X-Request-Id": requestId });
  } catch (err) {
    return errorResponse(err, requestId, { "X-Request-Id": requestId });
  }
}
