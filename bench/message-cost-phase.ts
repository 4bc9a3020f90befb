// The parent side of bench/message-cost.ts: what one inbound message costs, stage by stage, measured on a
// fresh Postgres database and a fresh embedded one, each in its own process.
import type { MessageCostResult } from "./report";
import { runOnFreshDatabase, type Unavailable } from "./reply";

export async function messageCostPhase(kind: "postgres" | "pglite", quick: boolean): Promise<MessageCostResult | Unavailable> {
  const out = await runOnFreshDatabase(kind, "cost", "message-cost.ts", { COST_ROUNDS: quick ? "1" : "3" });
  if (typeof out !== "string") return out;
  const line = out
    .trim()
    .split("\n")
    .reverse()
    .find((l) => l.startsWith('{"cost"'));
  if (!line) return { available: false, reason: `no result line: ${out.slice(-300)}` };
  const { cost: _, ...result } = JSON.parse(line) as { cost: true } & Omit<MessageCostResult, "available">;
  return { available: true, ...result };
}
