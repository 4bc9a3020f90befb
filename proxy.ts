import { errorResponse, newRequestId } from "@/lib/api/respond";
import { AppError } from "@/lib/errors";

// Next decodes route parameters before any route handler runs and answers a bare 500 to a path with
// malformed percent-encoding (`/v1/skills/%ff`). Only such paths reach this proxy (the matcher takes
// paths under /v1 that contain a `%`), so the API's other requests pay nothing for it; they get the
// documented 404, as on the standalone server.
export function proxy(request: Request) {
  try {
    decodeURIComponent(new URL(request.url).pathname);
    return undefined;
  } catch {
    return errorResponse(new AppError("not_found", "No such endpoint."), newRequestId());
  }
}

export const config = { matcher: ["/v1/:rest(.*%.*)"] };
