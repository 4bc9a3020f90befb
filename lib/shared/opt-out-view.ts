/** A contact's campaign opt-out as the dashboard shows it (a type only: safe for client components). */
export type OptOutView = {
  optedOut: boolean;
  source: "customer" | "staff" | "api" | "channel" | null;
  language: string | null;
  updatedAt: string | null;
};
