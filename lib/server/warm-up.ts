import "server-only";
import { randomUUID } from "node:crypto";
import { createBusiness } from "../businesses/businesses";
import { type Db, databaseKind, db } from "../db/client";
import { queryRows, sql } from "../db/rows";
import { receiveInboundMessage } from "../messages/receive-message";
import { componentLogger } from "../observability/log";
import { llmSettings } from "../runtime/llm/llm-client";
import { answerInTransaction } from "../runtime/turn/turn";
import { applyStarterKit } from "../starter-kits/apply-kit";

const log = componentLogger("server");

// A cold process answers its first customers at several times a warm one's cost (V8 has not compiled the
// code paths yet, each pooled connection has not yet planned its statements): at a busy hour, the queue
// that leaves takes the rest of the hour's spare CPU to work off (docs/performance.md, the cold process).
// So a process that runs the worker first rehearses: customers' messages of a made-up business through
// the real inbound path and the assistant's real turn, in transactions that are rolled back (nothing is
// kept, nothing is sent, no event or job survives), several at once so several connections warm up.
// Without a model configured only: with one, a turn would call the provider.

/** Messages a restaurant's customers send: in the three languages the assistant speaks, and two it does not. */
const LINES = [
  "Hi! What time do you open tomorrow?",
  "Do you deliver on Sundays?",
  "I'd like to book a table for 4 people on Friday at 8pm",
  "ok thanks",
  "¿A qué hora cierran hoy?",
  "Quiero hacer un pedido para llevar",
  "Bonjour, vous êtes ouverts le dimanche ?",
  "Olá, vocês fazem entregas?",
  "Ich möchte einen Termin am Donnerstag",
  "Do you have gluten free options?",
  "how much is the delivery",
];

/**
 * How many customers' messages a process rehearses (WARM_UP_MESSAGES; 0 turns it off). By default 48 on
 * Postgres and none on the embedded database: there the rehearsal's writes grow the database's
 * WebAssembly memory, which is never given back (30-45 MiB after a busy minute, docs/performance.md),
 * and an embedded install is a small one, where a burst at the moment of a restart is rare.
 */
export function warmUpMessages(): number {
  const fallback = databaseKind() === "pglite" ? 0 : 48;
  const raw = process.env.WARM_UP_MESSAGES?.trim();
  const n = raw ? Number(raw) : fallback;
  return Number.isInteger(n) && n >= 0 ? Math.min(n, 1000) : fallback;
}

// Our own error, not drizzle's `tx.rollback()`: the embedded driver is loaded as a separate copy of drizzle
// (lib/db/client.ts requires it lazily), whose TransactionRollbackError is another class than this file's.
class RolledBack extends Error {}

/** One rehearsal: a business and `count` customers' messages with their turns, in one rolled-back transaction. */
async function rehearse(root: Db, count: number, offset: number): Promise<{ answered: number; replies: number }> {
  let answered = 0;
  let replies = 0;
  await root
    .transaction(async (tx) => {
      const { businessId, assistantId } = await createBusiness(tx, { name: "Warm-up rehearsal", tokens: 1_000_000 });
      // A new restaurant's kit (hours, facts, knowledge, menu, the booking and ordering skills), as a
      // sign-up writes it: the rehearsal goes through the skills' paths, not only the knowledge's.
      await applyStarterKit(tx, businessId, assistantId, { kind: "restaurant", language: "en" });
      for (let i = 0; i < count; i++) {
        const text = LINES[(offset + i) % LINES.length];
        // As the server's inbound job receives a message without a model: its turn answered with it.
        const received = await receiveInboundMessage(
          tx,
          businessId,
          {
            channel: "whatsapp",
            // Customers writing three times each: first messages and later ones both.
            from: `+1555${String(offset * 1000 + (i % Math.ceil(count / 3))).padStart(7, "0")}`,
            profileName: null,
            channelMessageId: `wamid.warm-up.${randomUUID()}`,
            timestamp: new Date(),
            type: "text",
            text,
            content: { body: text },
          },
          undefined,
          {
            answer: async (t, turn, conversation) => {
              const done = await answerInTransaction(t, turn, conversation);
              if (done) answered++;
              return done;
            },
            // A rehearsal that cannot answer fails (and the process starts cold, saying why).
            answerFailed: (err) => {
              throw err;
            },
          },
        );
        if (received.duplicate) continue;
      }
      const [row] = await queryRows<{ n: number }>(
        tx,
        sql`select count(*)::int as n from messages where business_id = ${businessId} and direction = 'outbound'`,
      );
      replies = row?.n ?? 0;
      throw new RolledBack();
    })
    .catch((err) => {
      if (!(err instanceof RolledBack)) throw err;
    });
  return { answered, replies };
}

/**
 * Rehearses `messages` customers' messages before the worker starts (boot). Never fails the boot: a
 * rehearsal that fails is logged and the process starts cold.
 */
export async function warmUp(
  messages = warmUpMessages(),
  root: Db = db(),
): Promise<{ answered: number; replies: number; lanes: number; ms: number } | null> {
  if (messages <= 0 || llmSettings()) return null;
  const started = performance.now();
  try {
    // On Postgres up to four at once (about a dozen messages each), each transaction on a connection of
    // its own, so several of the pool's connections have planned the statements; the embedded database
    // has one connection and runs one transaction at a time: one lane.
    const lanes = databaseKind() === "pglite" ? 1 : Math.max(1, Math.min(4, Math.ceil(messages / 12)));
    const sizes = Array.from({ length: lanes }, (_, lane) => Math.floor(messages / lanes) + (lane < messages % lanes ? 1 : 0));
    const runs = await Promise.all(sizes.map((size, lane) => rehearse(root, size, lane)));
    const answered = runs.reduce((sum, r) => sum + r.answered, 0);
    const replies = runs.reduce((sum, r) => sum + r.replies, 0);
    const ms = Math.round(performance.now() - started);
    log.info({ answered, replies, lanes, durationMs: ms }, "warmed up: rehearsed customers' messages (rolled back)");
    return { answered, replies, lanes, ms };
  } catch (err) {
    log.warn({ err }, "warm-up rehearsal failed; starting cold");
    return null;
  }
}
