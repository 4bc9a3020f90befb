import { LoadingState } from "@/components/ui";

/**
 * Shown inside the shell while a dashboard page's server part loads. Each page folder re-exports it
 * from its own loading.tsx rather than one loading.tsx for the whole dashboard: that one would put
 * the (owner) layout inside a Suspense boundary, the 200 would be streamed before its role check,
 * and forbidden() could no longer answer agents with HTTP 403.
 */
export default function PageLoading() {
  return <LoadingState label="Loading the page…" />;
}
