import { endpointNotFound } from "@/lib/api/route";

// Any unknown path under /v1, and /v1 itself (where Next's normalisation sends `/v1/skills/..`),
// answers the documented 404 body.
const notFound = async () => endpointNotFound();
export { notFound as GET, notFound as POST, notFound as PUT, notFound as PATCH, notFound as DELETE };
