import "server-only";
import type { NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { db } from "../db/client";
import { acceptInviteIn } from "../team/invite-schema";
import { acceptInvite } from "../team/invites";
import { bumpSessionVersion, type SessionUser } from "../users/users";
import { sameOriginPath } from "../shared/callback-url";
import { clientAddress } from "./client-address";
import { nextAuthSecret } from "./secret";
import { signInWithPassword } from "./sign-in";
import { componentLogger } from "../observability/log";

const SESSION_MAX_AGE = 7 * 24 * 60 * 60;

let cached: NextAuthOptions | null = null;

const sessionClaims = (user: SessionUser) => ({
  id: user.id,
  businessId: user.businessId,
  role: user.role,
  email: user.email,
  name: user.name,
  sessionVersion: user.sessionVersion,
});

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
        if (code !== "NEXTAUTH_URL") componentLogger("next-auth").warn({ code }, "next-auth warning");
      },
      // Only the code and the error: metadata can carry what the client sent (credentials included).
      error: (code, metadata) =>
        componentLogger("next-auth").error(
          { code, err: metadata instanceof Error ? metadata : (metadata as { error?: unknown })?.error },
          "next-auth error",
        ),
      debug: () => {},
    },
    providers: [
      CredentialsProvider({
        name: "Email and password",
        credentials: { email: { label: "Email", type: "email" }, password: { label: "Password", type: "password" } },
        // A throttled attempt throws: next-auth hands the message to the sign-in form as `error`.
        async authorize(credentials, req) {
          const user = await signInWithPassword(db(), {
            email: String(credentials?.email ?? ""),
            password: String(credentials?.password ?? ""),
            address: clientAddress(req.headers ?? {}),
          });
          return user ? sessionClaims(user) : null;
        },
      }),
      // Opening an invite link: the new member's name and password create their account, use the
      // invite up and sign them in, in one step. A refusal throws: the invite form shows its message.
      CredentialsProvider({
        id: "invite",
        name: "Invite",
        credentials: { token: { type: "text" }, name: { type: "text" }, password: { type: "password" } },
        async authorize(credentials, req) {
          const parsed = acceptInviteIn.safeParse(credentials ?? {});
          if (!parsed.success) throw new Error(parsed.error.issues[0]?.message ?? "The invite form is incomplete.");
          return sessionClaims(await acceptInvite(db(), parsed.data, clientAddress(req?.headers ?? {})));
        },
      }),
    ],
    // Signing out ends the session everywhere: the user's session version moves on, so this cookie (and
    // any copy of it) no longer passes readSession. Only a current cookie may do it, so a stale copy
    // cannot sign the user out of the session they opened since.
    events: {
      async signOut({ token }) {
        if (token?.userId && typeof token.sessionVersion === "number") await bumpSessionVersion(db(), token.userId, token.sessionVersion);
      },
    },
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
          token.sessionVersion = user.sessionVersion;
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
          // readSession compares it with the user's current version on every request.
          sessionVersion: token.sessionVersion,
        };
        return session;
      },
    },
  };
  return cached;
}
