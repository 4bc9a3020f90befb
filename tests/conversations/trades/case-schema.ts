// The trades corpus's case format (issue 40): the unseen corpus's format (../unseen/case-schema.ts) for
// Studio Bela (a Porto salon), Clínica Sonrisa (a Madrid dental clinic) and Casa do Chá (a Lisbon tea
// shop), with the appointments a case expects at the end and other customers' appointments booked
// before it starts (`taken`). Its own split seed: its parts are drawn apart from the unseen corpus's.
import type { z } from "zod";
import { appointmentCase } from "../unseen/case-schema";

export const tradesBusinesses = ["bela", "sonrisa", "chacasa"] as const;
export const tradesCase = appointmentCase(tradesBusinesses);
export type TradesCase = z.infer<typeof tradesCase>;
export const TRADES_SPLIT_SEED = "issue-40-trades-2026";
