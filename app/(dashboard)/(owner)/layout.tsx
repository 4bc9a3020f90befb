import type { ReactNode } from "react";
import { requireSession } from "@/lib/auth/session";

// Owner-only pages (everything but the inbox, simulator, contacts and records): agents get HTTP 403
// and app/(dashboard)/forbidden.tsx. Put every new owner page under this folder.
export default async function OwnerLayout({ children }: { children: ReactNode }) {
  await requireSession({ role: "owner" });
  return <>{children}</>;
}
