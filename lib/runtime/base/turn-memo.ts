import type { Db } from "../../db/client";

// What one pass of a turn has already worked out, kept for the rest of that pass only: the pass's
// transaction is the key, so nothing outlives it, and a call outside a turn (the same function given
// the database handle) computes afresh each time. A turn asks the same question of the knowledge
// several times while it decides what the message is (route-intent.ts) and then answers it
// (free-answer.ts): once is enough (the pass writes nothing that an answer from the knowledge, the
// facts, the services or the catalog reads before it has answered).

const memos = new WeakMap<object, Map<string, unknown>>();

/** Starts the memo of a pass: `tx` is the transaction the pass runs in. */
export function startTurnMemo(tx: Db): void {
  memos.set(tx, new Map());
}

/** `compute()`, once per pass and `key` when `db` is a pass's transaction; afresh otherwise. */
export function memoInTurn<T>(db: Db, key: string, compute: () => Promise<T>): Promise<T> {
  const memo = memos.get(db);
  if (!memo) return compute();
  const known = memo.get(key) as Promise<T> | undefined;
  if (known) return known;
  const made = compute();
  memo.set(key, made);
  // A failure is not remembered: the transaction it broke ends the pass anyway.
  made.catch(() => memo.delete(key));
  return made;
}

/** What the pass's first read already answered for `key` (the turn's load): later asks in the pass take it. */
export function seedTurnMemo<T>(db: Db, key: string, value: T): void {
  memos.get(db)?.set(key, Promise.resolve(value));
}
