import "server-only";
import type { InviteOut } from "./invite-schema";
import { componentLogger } from "../observability/log";

/** SMTP_URL (smtp:// or smtps://, credentials in the URL) and MAIL_FROM: both set, invite links are also emailed. */
export function mailConfigured(): boolean {
  return Boolean(process.env.SMTP_URL && process.env.MAIL_FROM);
}

/**
 * Emails the invite link. A mail server that is down or refuses never fails the invite: the owner still
 * has the link to share, and the answer says it was not emailed (the reason goes to the server log).
 */
export async function mailInvite(invite: InviteOut, url: string, businessName: string): Promise<boolean> {
  if (!mailConfigured()) return false;
  try {
    // Loaded on the first invite mailed, not with the operation table every API route loads.
    const { default: nodemailer } = await import("nodemailer");
    const transport = nodemailer.createTransport(process.env.SMTP_URL as string, {
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 15_000,
    });
    const role = invite.role === "owner" ? "an owner" : "an agent";
    await transport.sendMail({
      from: process.env.MAIL_FROM,
      to: invite.email,
      subject: `You are invited to ${businessName}'s team`,
      text: [
        `You have been invited to join ${businessName} as ${role}.`,
        "",
        `Open this link to choose your name and password: ${url}`,
        "",
        `The link works once and expires on ${new Date(invite.expiresAt).toUTCString()}.`,
      ].join("\n"),
    });
    transport.close();
    return true;
  } catch (err) {
    componentLogger("invites").error({ inviteId: invite.id, err }, "could not email the invite");
    return false;
  }
}
