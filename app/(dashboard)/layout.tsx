import type { ReactNode } from "react";
import { Sidebar } from "@/components/shell/sidebar";
import { requireSession } from "@/lib/auth/session";
import { getBusiness } from "@/lib/businesses/businesses";
import { db } from "@/lib/db/client";

/**
 * Every dashboard page sits in this shell; it needs a signed-in staff member. Pages only owners may
 * open live under (owner)/, whose layout refuses agents; the operations check roles again (runOperation).
 */
export default async function DashboardLayout({ children }: { children: ReactNode }) {
  const session = await requireSession();
  const business = await getBusiness(db(), session.businessId);
  return (
    <div className="shell">
      <Sidebar businessName={business.name} role={session.role} user={{ name: session.name, email: session.email }} />
      <main className="main" id="main">
        {children}
      </main>
    </div>
  );
}
