import Link from "next/link";
import { EmptyState } from "@/components/ui";

// Rendered with HTTP 403 when a dashboard page calls forbidden() (requireSession with a role the
// signed-in staff member does not have), inside the dashboard's shell.
export default function Forbidden() {
  return (
    <div className="card" style={{ maxWidth: 560, margin: "48px auto" }}>
      <title>Not allowed</title>
      <EmptyState icon="⛔" title="403 · You are not allowed to open this page" action={<Link href="/inbox">Go to the inbox</Link>}>
        This page is for owners of the business. Agents can use the inbox, the simulator, contacts and records. Ask an owner if you need more access.
      </EmptyState>
    </div>
  );
}
