import { NextResponse } from "next/server";
import { errorResponse, newRequestId } from "@/lib/api/respond";
import { DASHBOARD_PATH_HEADER } from "@/lib/auth/dashboard-path";
import { AppError } from "@/lib/errors";

// Two kinds of paths reach this proxy (see the matcher); the API's other requests pay nothing for it.
// - Paths under /v1 with a `%`: Next decodes route parameters before any route handler runs and
//   answers a bare 500 to malformed percent-encoding (`/v1/skills/%ff`); they get the documented 404,
//   as on the standalone server.
// - Dashboard pages: the page's path goes along as a request header, so that a visitor without a
//   session is sent to sign in and then back to the page they opened (lib/auth/session.ts).
export function proxy(request: Request) {
  const url = new URL(request.url);
  if (url.pathname.startsWith("/v1/")) {
    try {
      decodeURIComponent(url.pathname);
      return undefined;
    } catch {
      return errorResponse(new AppError("not_found", "No such endpoint."), newRequestId());
    }
  }
  const headers = new Headers(request.headers);
  headers.set(DASHBOARD_PATH_HEADER, url.pathname + url.search);
  return NextResponse.next({ request: { headers } });
}

// Written out in full: Next reads the matcher statically at build time (no spreads or computed values).
// The dashboard's pages: app/(dashboard) and app/(dashboard)/(owner).
export const config = {
  matcher: [
    "/v1/:rest(.*%.*)",
    "/:page(inbox|simulator|appointments|contacts|records|account|overview|payments|api-keys|api-reference|assistant|audit|business-hours|campaigns|catalog|channel|flows|privacy|saved-replies|skills|team|templates|webhooks)/:rest*",
  ],
};
