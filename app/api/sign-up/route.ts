import { readJsonBody } from "@/lib/request-body";
import { errorResponse, jsonResponse, newRequestId } from "@/lib/api/respond";
import { clientAddress } from "@/lib/auth/client-address";
import { signUpIn, signUpOwner } from "@/lib/starter-kits/sign-up";
import { assertSignUpAllowed } from "@/lib/auth/sign-up-throttle";
import { assertSameOrigin } from "@/lib/dashboard/csrf";
import { db } from "@/lib/db/client";
import { parseOrThrow } from "@/lib/validation";

// POST /api/sign-up - a new business and its owner; the page then signs in through next-auth.
export async function POST(request: Request) {
  const requestId = newRequestId();
  try {
    assertSameOrigin(request);
    const input = parseOrThrow(signUpIn, (await readJsonBody(request))?.value ?? {});
    await assertSignUpAllowed(db(), clientAddress(request.headers));
    const { businessId, user } = await signUpOwner(db(), input);
    return jsonResponse({ businessId, userId: user.id, email: user.email }, 200, { "X-Request-Id": requestId });
  } catch (err) {
    return errorResponse(err, requestId);
  }
}
