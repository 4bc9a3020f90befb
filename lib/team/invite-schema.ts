import { z } from "zod";

export const INVITE_TTL_DAYS = 7;

export const inviteIn = z.object({
  email: z.string().trim().toLowerCase().max(320).email("Enter a valid email address."),
  role: z.enum(["owner", "agent"]),
});

export const acceptInviteIn = z.object({
  token: z.string().min(10).max(200),
  name: z.string().trim().min(1, "Enter your name.").max(200),
  password: z.string().min(8, "The password needs at least 8 characters.").max(200),
});

export const inviteOut = z.object({
  id: z.string().meta({ example: "inv_01JD7X4S9C8A3K2M5N6P7Q8R9T" }),
  email: z.string(),
  role: z.enum(["owner", "agent"]),
  invitedBy: z.string().nullable(),
  expiresAt: z.string(),
  createdAt: z.string(),
});
export type InviteOut = z.infer<typeof inviteOut>;

/** What the owner sees once, right after creating an invite: the link to share, and whether it was emailed. */
export const createdInviteOut = inviteOut.extend({
  url: z.string().describe("The one-time link; shown once, only its hash is stored."),
  emailed: z.boolean().describe("True when SMTP is configured and the mail server accepted the message."),
});
