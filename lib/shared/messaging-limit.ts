// Meta's messaging limit (since October 2025 per business portfolio, shared by all its numbers): how
// many unique WhatsApp users the business may reach outside a customer service window in a moving 24
// hours. Meta reports it as a tier (`whatsapp_business_manager_messaging_limit`: TIER_250, TIER_2K, ...).
// Browser-safe: the channel and templates pages show it.

const USERS: Record<string, number | null> = {
  TIER_50: 50,
  TIER_250: 250,
  TIER_1K: 1_000,
  TIER_2K: 2_000,
  TIER_10K: 10_000,
  TIER_100K: 100_000,
  TIER_UNLIMITED: null,
};

/** A limit as Meta writes it in its several places ("TIER_2K", "2K", "2000", "UNLIMITED") as a tier name, or null. */
export function normalizeTier(value: string | null | undefined): string | null {
  const v = value?.trim().toUpperCase();
  if (!v) return null;
  if (v in USERS) return v;
  if (`TIER_${v}` in USERS) return `TIER_${v}`;
  if (/^\d+$/.test(v)) {
    const n = Number(v);
    const tier = Object.entries(USERS).find(([, users]) => users === n)?.[0];
    return tier ?? null;
  }
  return null;
}

/** The users a tier allows in 24 hours; null when unlimited; undefined when the tier is not known. */
export function tierUsers(tier: string | null | undefined): number | null | undefined {
  if (!tier || !(tier in USERS)) return undefined;
  return USERS[tier];
}

/** "2,000 customers a day", "unlimited", or null when not reported. */
export function tierLabel(tier: string | null | undefined): string | null {
  const users = tierUsers(tier);
  if (users === undefined) return tier ?? null;
  return users === null ? "unlimited" : `${users.toLocaleString("en")} customers a day`;
}
