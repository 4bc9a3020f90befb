import { acceptPaymentWebhook } from "@/lib/api/payment-webhook";
import { db } from "@/lib/db/client";

// POST: a payment provider's signed webhook for one business (docs/payments.md).
export const dynamic = "force-dynamic";

export async function POST(request: Request, context: { params: Promise<{ provider: string; businessId: string }> }): Promise<Response> {
  const { provider, businessId } = await context.params;
  return acceptPaymentWebhook(db(), request, provider, businessId);
}
