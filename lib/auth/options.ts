import "server-only";
import type { NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { db } from "../db/client";
import { verifyCredentials } from "../users/users";
import { sameOriginPath } from "./callback-url";
import { clearSignInFailures, recordSignInFailure, signInBlocked } from "./throttle";
import { nextAuthSecret } from "./secret";

const SESSION_MAX_AGE = 7 * 24 * 60 * 60;

let cached: NextAuthOptions | null = null;

/**
 * next-auth options, built on first use so the secret is resolved at request time, not at build time.
 * Email and password (bcrypt, lib/users), JWT sessions carrying userId, businessId, role and email.
 */
export function authOptions(): NextAuthOptions {
  if (cached) return cached;
  cached = {
    secret: nextAuthSecret(),
    session: { strategy: "jwt", maxAge: SESSION_MAX_AGE },
    jwt: { maxAge: SESSION_MAX_AGE },
    pages: { signIn: "/sign-in", error: "/sign-in" },
    // Secure cookies when the deployment says it is served over https.
    useSecureCookies: (process.env.NEXTAUTH_URL ?? "").startsWith("https://"),
    // The origin comes from the request when NEXTAUTH_URL is unset (self-hosted default): no warning for that.
    logger: {
      warn: (code) => {
        if (code !== "NEXTAUTH_URL") console.warn(`[next-auth] ${code}`);
      },
      error: (code, metadata) => console.error(`[next-auth] ${code}`, metadata),
      debug: () => {},
    },
    providers: [
      CredentialsProvider({
        name: "Email and password",
        credentials: { email: { label: "Email", type: "email" }, password: { label: "Password", type: "password" } },
        async authorize(credentials) {
          const email = String(credentials?.email ?? "")
            .trim()
            .toLowerCase();
          const password = String(credentials?.password ?? "");
          if (!email || !password) return null;
          if (await signInBlocked(email)) return null;
          const user = await verifyCredentials(db(), email, password);
          if (!user) {
            await recordSignInFailure(email);
            return null;
          }
          await clearSignInFailures(email);
          return { id: user.id, businessId: user.businessId, role: user.role, email: user.email, name: user.name };
        },
      }),
    ],
    callbacks: {
      // next-auth's own redirects (after sign-in or sign-out with a callbackUrl) stay on this site.
      async redirect({ url, baseUrl }) {
        return new URL(sameOriginPath(url, baseUrl), baseUrl).toString();
      },
      async jwt({ token, user }) {
        if (user) {
          token.userId = user.id;
          token.businessId = user.businessId;
          token.role = user.role;
          token.email = user.email;
          token.name = user.name;
        }
        return token;
      },
      async session({ session, token }) {
        session.user = {
          userId: token.userId ?? "",
          businessId: token.businessId ?? "",
          role: token.role ?? "agent",
          email: token.email ?? "",
          name: (token.name as string | null | undefined) ?? null,
        };
        return session;
      },
    },
  };
  return cached;
}
