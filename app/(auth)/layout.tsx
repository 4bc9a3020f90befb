import type { ReactNode } from "react";
import "@/components/auth/auth.css";

export default function AuthLayout({ children }: { children: ReactNode }) {
  return (
    <main className="auth-page">
      <div className="card auth-card">
        <div className="auth-brand">◆ Convo Assistant</div>
        {children}
      </div>
    </main>
  );
}
