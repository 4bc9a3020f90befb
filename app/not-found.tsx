import Link from "next/link";

export default function NotFound() {
  return (
    <main className="auth-page">
      <div className="card auth-card" style={{ textAlign: "center" }}>
        <div className="auth-brand">◆ Convo Assistant</div>
        <h1>Page not found</h1>
        <p className="muted">There is nothing at this address.</p>
        <Link href="/">Go to the dashboard</Link>
      </div>
    </main>
  );
}
