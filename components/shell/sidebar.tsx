"use client";
import { usePathname } from "next/navigation";
import { type KeyboardEvent, useEffect, useRef, useState } from "react";
import { navFor, navGroups, navItems } from "./nav";
import { InboxNavBadge, TopbarUnread } from "@/components/inbox/inbox-nav-badge";
import { IntentLink } from "./intent-link";
import { UserMenu } from "./user-menu";

type Props = { businessName: string; role: "owner" | "agent"; user: { name: string | null; email: string } };

const isActive = (pathname: string, href: string) => pathname === href || pathname.startsWith(`${href}/`);

/** The page's name for the phone's top bar (the sidebar names it on a wide screen). */
function pageTitle(pathname: string): string {
  if (pathname === "/account" || pathname.startsWith("/account/")) return "Your account";
  return navItems.find((i) => isActive(pathname, i.href))?.label ?? "Convo Assistant";
}

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * The dashboard's navigation: business, the pages this role may open, the user menu.
 * Wide screens show it as the left column. Below 768 px (globals.css, "Shell") it collapses into a
 * top bar with a menu button and the page's title; the menu opens the same column as a drawer, which
 * keeps focus inside while open and closes on Escape, on a click outside and on navigation.
 */
export function Sidebar({ businessName, role, user }: Props) {
  const pathname = usePathname();
  const items = navFor(role);
  const [open, setOpen] = useState(false);
  const drawer = useRef<HTMLElement>(null);
  const menuButton = useRef<HTMLButtonElement>(null);

  // Navigation closes the drawer (a link to the page already shown closes it through onClick).
  // biome-ignore lint/correctness/useExhaustiveDependencies: close whenever the path changes.
  useEffect(() => {
    setOpen(false);
  }, [pathname]);

  useEffect(() => {
    if (!open) return;
    // Focus the current page's link (or the first), lock the page behind the drawer.
    const el = drawer.current;
    (el?.querySelector<HTMLElement>('a[aria-current="page"]') ?? el?.querySelector<HTMLElement>(FOCUSABLE))?.focus();
    const overflow = document.body.style.overflow;
    document.body.style.overflow = "hidden";
    const onKey = (e: globalThis.KeyboardEvent) => {
      if (e.key !== "Escape") return;
      setOpen(false);
      menuButton.current?.focus();
    };
    document.addEventListener("keydown", onKey);
    return () => {
      document.body.style.overflow = overflow;
      document.removeEventListener("keydown", onKey);
    };
  }, [open]);

  // Tab cycles inside the open drawer (it is modal on a phone).
  const trapFocus = (e: KeyboardEvent<HTMLElement>) => {
    if (!open || e.key !== "Tab" || !drawer.current) return;
    const focusable = [...drawer.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const first = focusable[0];
    const last = focusable.at(-1);
    if (e.shiftKey && document.activeElement === first) {
      e.preventDefault();
      last?.focus();
    } else if (!e.shiftKey && document.activeElement === last) {
      e.preventDefault();
      first?.focus();
    }
  };

  return (
    <>
      <header className="topbar">
        <button
          type="button"
          ref={menuButton}
          className="topbar-menu"
          aria-label="Menu"
          aria-expanded={open}
          aria-controls="dashboard-nav"
          onClick={() => setOpen((o) => !o)}
        >
          <span aria-hidden="true">☰</span>
        </button>
        <div className="topbar-title">{pageTitle(pathname)}</div>
        <div className="topbar-business" title={businessName}>
          {businessName}
        </div>
        <TopbarUnread />
      </header>
      {open ? <div className="sidebar-backdrop" aria-hidden="true" onClick={() => setOpen(false)} /> : null}
      <aside className="sidebar" id="dashboard-nav" data-open={open ? "true" : undefined} ref={drawer} onKeyDown={trapFocus}>
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
                  const active = isActive(pathname, item.href);
                  return (
                    <IntentLink key={item.href} href={item.href} aria-current={active ? "page" : undefined} onClick={() => setOpen(false)}>
                      <span className="nav-icon" aria-hidden="true">
                        {item.icon}
                      </span>
                      {item.label}
                      {item.href === "/inbox" ? <InboxNavBadge /> : null}
                    </IntentLink>
                  );
                })}
              </div>
            );
          })}
        </nav>
        <UserMenu name={user.name} email={user.email} role={role} />
      </aside>
    </>
  );
}
