"use client";
import Link from "next/link";
import { usePathname } from "next/navigation";
import { navFor, navGroups } from "@/lib/dashboard/nav";
import { UserMenu } from "./user-menu";

type Props = { businessName: string; role: "owner" | "agent"; user: { name: string | null; email: string } };

/** The dashboard's left column: business, the pages this role may open, the user menu. */
export function Sidebar({ businessName, role, user }: Props) {
  const pathname = usePathname();
  const items = navFor(role);
  return (
    <aside className="sidebar">
      <div className="sidebar-brand">
        <div className="product">◆ Convo Assistant</div>
        <div className="business" title={businessName}>
          {businessName}
        </div>
      </div>
      <nav className="nav" aria-label="Dashboard">
        {navGroups.map((group) => {
          const groupItems = items.filter((i) => i.group === group.id);
          if (!groupItems.length) return null;
          return (
            <div key={group.id}>
              <div className="nav-group-label">{group.label}</div>
              {groupItems.map((item) => {
                const active = pathname === item.href || pathname.startsWith(`${item.href}/`);
                return (
                  <Link key={item.href} href={item.href} aria-current={active ? "page" : undefined}>
                    <span className="nav-icon" aria-hidden="true">
                      {item.icon}
                    </span>
                    {item.label}
                  </Link>
                );
              })}
            </div>
          );
        })}
      </nav>
      <UserMenu name={user.name} email={user.email} role={role} />
    </aside>
  );
}
