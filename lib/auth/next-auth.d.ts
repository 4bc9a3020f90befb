import type { Role } from "@/lib/users/users";

// What the session cookie carries (JWT strategy): enough to scope every request to one business.
declare module "next-auth" {
  interface Session {
    user: { userId: string; businessId: string; role: Role; email: string; name: string | null; sessionVersion?: number };
  }
  interface User {
    id: string;
    businessId: string;
    role: Role;
    email: string;
    name: string | null;
    sessionVersion: number;
  }
}

declare module "next-auth/jwt" {
  interface JWT {
    userId?: string;
    businessId?: string;
    role?: Role;
    sessionVersion?: number;
  }
}
