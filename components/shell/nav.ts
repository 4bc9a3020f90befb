// The dashboard's pages in sidebar order. `agent: true` pages are open to agents; the rest are for owners.
// Agents see the inbox, simulator, contacts and records only (enforced again by every page and endpoint).
export type NavItem = { href: string; label: string; icon: string; agent?: boolean; group: "work" | "build" | "settings" };

export const navItems: NavItem[] = [
  { href: "/overview", label: "Overview", icon: "◔", group: "work" },
  { href: "/reports", label: "Reports", icon: "▥", group: "work" },
  { href: "/inbox", label: "Inbox", icon: "✉", agent: true, group: "work" },
  { href: "/simulator", label: "Simulator", icon: "▷", agent: true, group: "work" },
  { href: "/contacts", label: "Contacts", icon: "☺", agent: true, group: "work" },
  { href: "/records", label: "Records", icon: "▤", agent: true, group: "work" },
  { href: "/appointments", label: "Appointments", icon: "◷", agent: true, group: "work" },
  { href: "/campaigns", label: "Campaigns", icon: "✺", group: "work" },
  { href: "/skills", label: "Skills", icon: "◇", group: "build" },
  { href: "/catalog", label: "Catalog", icon: "▦", group: "build" },
  { href: "/services", label: "Services and staff", icon: "◷", group: "build" },
  { href: "/assistant", label: "Assistant", icon: "✦", group: "build" },
  { href: "/templates", label: "Templates", icon: "❏", group: "build" },
  { href: "/saved-replies", label: "Saved replies", icon: "⌁", group: "build" },
  { href: "/flows", label: "WhatsApp Flows", icon: "☰", group: "build" },
  { href: "/channel", label: "Channel", icon: "☏", group: "settings" },
  { href: "/business-hours", label: "Business hours", icon: "◷", group: "settings" },
  { href: "/business-facts", label: "Business facts", icon: "❖", group: "settings" },
  { href: "/payments", label: "Payments", icon: "€", group: "settings" },
  { href: "/webhooks", label: "Webhooks", icon: "⇄", group: "settings" },
  { href: "/api-keys", label: "API keys", icon: "✱", group: "settings" },
  { href: "/api-reference", label: "API reference", icon: "{}", group: "settings" },
  { href: "/team", label: "Team", icon: "⚇", group: "settings" },
  { href: "/privacy", label: "Privacy", icon: "⚿", group: "settings" },
  { href: "/audit", label: "Audit", icon: "⚲", group: "settings" },
];

export const navGroups: { id: NavItem["group"]; label: string }[] = [
  { id: "work", label: "Work" },
  { id: "build", label: "Build" },
  { id: "settings", label: "Settings" },
];

export function navFor(role: "owner" | "agent"): NavItem[] {
  return role === "owner" ? navItems : navItems.filter((i) => i.agent);
}
