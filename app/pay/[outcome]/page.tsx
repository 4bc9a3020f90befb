import type { Metadata } from "next";
import { notFound } from "next/navigation";

// Where a payment provider's checkout sends the customer back (lib/payments/order-payments.ts): a
// plain page that says what happened; the chat itself tells them the rest.
export const metadata: Metadata = { title: "Payment" };

const pages = {
  done: { title: "Payment received", text: "Thank you! You can go back to the chat: we have sent you the confirmation there." },
  cancelled: {
    title: "Payment not completed",
    text: "Nothing was charged. You can go back to the chat and pay with the same link while it is valid.",
  },
} as const;

export default async function PaymentReturnPage({ params }: { params: Promise<{ outcome: string }> }) {
  const { outcome } = await params;
  const page = outcome === "done" || outcome === "cancelled" ? pages[outcome] : null;
  if (!page) notFound();
  return (
    <main style={{ maxWidth: 480, margin: "4rem auto", padding: "0 1rem", fontFamily: "system-ui, sans-serif" }}>
      <h1>{page.title}</h1>
      <p>{page.text}</p>
    </main>
  );
}
