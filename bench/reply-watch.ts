// One customer's turn against the fake Graph server, shared by the reply line (latency.ts) and the
// sustained-rate line (rate.ts): post a signed inbound message and wait for the reply the app sends to
// that customer. The fake's sends are read once, in order, as they arrive.
import type { FakeGraph } from "../tests/fakes/graph-server";

export type Turn = (from: string, text: string) => Promise<number | "refused" | null>;

/** `turn` resolves with the milliseconds from the post to the reply, "refused" when the webhook was, or null after `timeoutMs`. */
export function watchReplies(fake: FakeGraph, timeoutMs: number): { turn: Turn; stop: () => void } {
  const waiting = new Map<string, (at: number) => void>();
  let seen = 0;
  const watcher = setInterval(() => {
    for (; seen < fake.sent.length; seen++) {
      const s = fake.sent[seen];
      const to = String(s.body?.to ?? "").replace(/\D/g, "");
      const resolve = waiting.get(to);
      if (resolve) {
        waiting.delete(to);
        resolve(s.at.getTime());
      }
    }
  }, 2);
  const turn: Turn = async (from, text) => {
    const replied = new Promise<number | null>((resolve) => {
      const timer = setTimeout(() => {
        waiting.delete(from);
        resolve(null);
      }, timeoutMs);
      waiting.set(from, (at) => {
        clearTimeout(timer);
        resolve(at);
      });
    });
    const t0 = Date.now();
    const status = await fake.postInbound(fake.inboundPayload({ messages: [{ from, text }] })).catch(() => 0);
    if (status !== 200) {
      waiting.delete(from);
      return "refused";
    }
    const at = await replied;
    return at === null ? null : at - t0;
  };
  return { turn, stop: () => clearInterval(watcher) };
}
