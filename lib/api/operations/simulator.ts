import { z } from "zod";
import { newSandboxCustomer, sandboxThread, simulateInbound } from "../../channels";
import { defineOperation } from "../operation";
import { returns } from "./common";

// The dashboard's simulator: a sandbox customer writing to the business (internal).

const FIRST = ["Ana", "Ben", "Chloe", "Dev", "Elif", "Femi", "Grace", "Hiro", "Ines", "Jonas", "Kemi", "Luca", "Maya", "Noor", "Omar", "Priya"];
const LAST = ["Silva", "Okafor", "Martin", "Tanaka", "Kowalski", "Haddad", "Jensen", "Rossi", "Moreau", "Nguyen"];
const pick = (list: string[]) => list[Math.floor(Math.random() * list.length)];
const e164 = z.string().regex(/^\+[1-9]\d{6,14}$/, "phone must be E.164.");

export const simulatorCustomer = defineOperation({
  id: "internal-simulator-customer",
  method: "GET",
  path: "/internal/simulator/customer",
  scope: "messages:read",
  internal: true,
  tag: "Simulator",
  summary: "A fresh sandbox customer (phone and a made-up name)",
  response: z.object({ phone: z.string(), name: z.string() }),
  handler: async () => ({ phone: newSandboxCustomer(), name: `${pick(FIRST)} ${pick(LAST)}` }),
});

export const simulatorThread = defineOperation({
  id: "internal-simulator-thread",
  method: "GET",
  path: "/internal/simulator/messages",
  scope: "messages:read",
  internal: true,
  tag: "Simulator",
  summary: "The sandbox customer's thread, oldest first (`after`: only newer messages)",
  query: z.object({ phone: e164, after: z.string().max(100).optional() }),
  response: returns<Awaited<ReturnType<typeof sandboxThread>>>(),
  handler: async (ctx, { query }) => sandboxThread(ctx.db, ctx.businessId, query.phone, query.after || null),
});

export const simulatorSend = defineOperation({
  id: "internal-simulator-send",
  method: "POST",
  path: "/internal/simulator/messages",
  scope: "messages:write",
  internal: true,
  tag: "Simulator",
  summary: "The simulated customer writes in; the assistant answers in the background",
  body: z.object({
    phone: e164,
    name: z.string().max(200).nullable().optional(),
    text: z.string().max(4096).optional(),
    // A file uploaded through POST /v1/media (text is then its caption), or a shared location.
    mediaId: z.string().min(1).max(100).optional(),
    location: z
      .object({
        latitude: z.number().min(-90).max(90),
        longitude: z.number().min(-180).max(180),
        name: z.string().max(200).optional(),
        address: z.string().max(500).optional(),
      })
      .optional(),
    // A template's quick reply button pressed.
    button: z.object({ payload: z.string().min(1).max(1000), text: z.string().min(1).max(25) }).optional(),
    // A tapped reply button or picked list row (of the assistant's choices or an interactive message).
    reply: z
      .object({
        kind: z.enum(["button", "list"]),
        id: z.string().min(1).max(256),
        title: z.string().min(1).max(100),
        description: z.string().max(100).optional(),
      })
      .optional(),
    // A WhatsApp Flow filled in (its answer's fields; `replyTo` names the Flow message it answers).
    flowReply: z.object({ response: z.record(z.string(), z.unknown()), token: z.string().min(1).max(200).optional() }).optional(),
    // The message the customer answers or quotes.
    replyTo: z.string().min(1).max(100).optional(),
  }),
  response: returns<Awaited<ReturnType<typeof simulateInbound>>>(),
  handler: async (ctx, { body }) => simulateInbound(ctx.db, ctx.businessId, body),
});
