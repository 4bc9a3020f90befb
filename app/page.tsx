import { redirect } from "next/navigation";
import { readSession } from "@/lib/auth/session";

// The root sends staff to their dashboard, everyone else to sign in.
export default async function Home() {
  const session = await readSession();
  redirect(session ? (session.role === "owner" ? "/overview" : "/inbox") : "/sign-in");
}
