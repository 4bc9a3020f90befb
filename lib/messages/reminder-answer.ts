import { z } from "zod";
import { defineJob } from "../jobs/job";
import { choiceOf, type MessageRow } from "./messages";

// A customer's tap on an appointment reminder's button (confirm, reschedule, cancel) or on a time the
// reschedule offered: declared here, where the inbound message is received, and handled by
// lib/appointments/reminder-replies.ts (docs/appointments.md, "Reminders"). Such a message is no
// assistant turn: the appointment's own job answers it.

export const reminderAnswerJob = defineJob({
  name: "appointments.reminder-answer",
  payload: z.object({ businessId: z.string(), conversationId: z.string(), messageId: z.string() }),
  maxAttempts: 5,
});

export type ReminderAnswer =
  | { action: "confirm" | "reschedule" | "cancel"; appointmentId: string }
  | { action: "move"; appointmentId: string; start: Date };

const ACTION = /^apt:(confirm|reschedule|cancel):(apt_[0-9A-HJKMNP-TV-Z]{26})$/;
const MOVE = /^apt:move:(apt_[0-9A-HJKMNP-TV-Z]{26}):(\d{1,12})$/;

/** The reminder answer a button or list reply carries (its id), or null for any other message. */
export function reminderAnswerOf(message: Pick<MessageRow, "type" | "content">): ReminderAnswer | null {
  const id = choiceOf(message)?.id;
  if (!id) return null;
  const action = ACTION.exec(id);
  if (action) return { action: action[1] as "confirm" | "reschedule" | "cancel", appointmentId: action[2] };
  const move = MOVE.exec(id);
  if (move) return { action: "move", appointmentId: move[1], start: new Date(Number(move[2]) * 60_000) };
  return null;
}
