// The assistant's server-side reply time without an LLM (issue 35: p95 under 50 ms, one conversation at a
// time). A child of `npm run bench` (bench/main.ts, replyTimePhase), run under the react-server condition
// with DATABASE_URL (a fresh Postgres database) or DATA_DIR (a fresh embedded one): it migrates, seeds the
// demo business (three languages, its skills, facts, hours and menu), then plays customer conversations
// one message at a time and times each assistant turn, from the turn job's start to its replies stored,
// as the worker runs it. Prints one JSON line: the turn times in ms.
import { sql } from "drizzle-orm";
import { closeDb, db } from "../lib/db/client";
import { migrate } from "../lib/db/migrate";
import { newSandboxCustomer, simulateInbound } from "../lib/channels/sandbox-simulator";
import { seedDemo } from "../lib/demo/seed-demo";
import { assistantTurn } from "../lib/messages/receive-message";
import { runAssistantTurn } from "../lib/runtime/turn/turn";
import { conversations } from "./customer-scripts";

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

async function main() {
  const rounds = Number(process.env.REPLY_ROUNDS ?? 5);
  delete process.env.LLM_BASE_URL;
  await migrate();
  const { businessId } = await seedDemo(db());
  const times: number[] = [];
  // Round 0 warms the process (module loading, JIT, the classifier's caches) and is not counted.
  for (let round = 0; round <= rounds; round++) {
    for (const messages of conversations) {
      const phone = newSandboxCustomer();
      for (const text of messages) {
        // The inbound message as the channel stores it; its turn runs here, timed, instead of in a worker.
        const { message, conversationId } = await db().transaction(async (tx) => {
          const received = await simulateInbound(tx, businessId, { phone, name: "Bench Customer", text });
          await tx.execute(sql`delete from jobs where queue = ${assistantTurn.name} and payload->>'messageId' = ${received.message.id}`);
          return received;
        });
        const started = performance.now();
        await runAssistantTurn(db(), { businessId, conversationId, messageId: message.id });
        if (round > 0) times.push(performance.now() - started);
      }
    }
  }
  const sorted = [...times].sort((a, b) => a - b);
  const round1 = (n: number) => Math.round(n * 10) / 10;
  console.log(
    JSON.stringify({
      turns: sorted.length,
      p50: round1(percentile(sorted, 50)),
      p95: round1(percentile(sorted, 95)),
      p99: round1(percentile(sorted, 99)),
      max: round1(sorted.at(-1) ?? Number.NaN),
    }),
  );
  await closeDb();
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err instanceof Error ? err.stack : err);
    process.exit(1);
  },
);
