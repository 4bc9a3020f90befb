"use client";
import Link from "next/link";
import { signOut } from "next-auth/react";
import { useEffect, useRef, useState } from "react";

const initials = (name: string | null, email: string) =>
  (name ?? email)
    .split(/[\s@.]+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((p) => p[0]?.toUpperCase())
    .join("");

/** Who is signed in, their account page, and sign-out (which ends every session of theirs). A disclosure menu: Escape and outside clicks close it. */
export function UserMenu({ name, email, role }: { name: string | null; email: string; role: string }) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const root = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const onDown = (e: MouseEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") setOpen(false);
    };
    document.addEventListener("mousedown", onDown);
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("mousedown", onDown);
      document.removeEventListener("keydown", onKey);
    };
  }, [open]);

  async function onSignOut() {
    setBusy(true);
    await signOut({ redirect: false });
    window.location.assign("/sign-in?signedOut=1");
  }

  return (
    <div className="user-menu" ref={root}>
      {open ? (
        <div className="user-menu-popup" id="user-menu-popup">
          <div className="small muted" style={{ padding: "4px 10px 6px" }}>
            Signed in as {email}
          </div>
          <Link href="/account" className="menu-item" onClick={() => setOpen(false)}>
            Your account
          </Link>
          <button type="button" className="menu-item" onClick={onSignOut} disabled={busy}>
            {busy ? "Signing out…" : "Sign out"}
          </button>
        </div>
      ) : null}
      <button type="button" className="user-menu-button" aria-expanded={open} aria-controls="user-menu-popup" onClick={() => setOpen((o) => !o)}>
        <span className="avatar" aria-hidden="true">
          {initials(name, email)}
        </span>
        <span style={{ minWidth: 0 }}>
          <span style={{ display: "block", fontWeight: 600, overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap" }}>
            {name ?? email}
          </span>
          <span className="small muted" style={{ textTransform: "capitalize" }}>
            {role}
          </span>
        </span>
      </button>
    </div>
  );
}
