import { randomFillSync } from "node:crypto";
import { monotonicFactory } from "ulid";

// ulid's default PRNG asks the OS for one random byte per character (16 calls per id). The same
// cryptographic bytes, fetched 4 KiB at a time, make ids cheap on the request path.
const pool = new Uint8Array(4096);
let next = pool.length;
function pooledRandom(): number {
  if (next === pool.length) {
    randomFillSync(pool);
    next = 0;
  }
  return pool[next++] / 256;
}

const ulid = monotonicFactory(pooledRandom);

export type IdPrefix =
  | "msg"
  | "conv"
  | "ct"
  | "as"
  | "sk"
  | "rec"
  | "biz"
  | "key"
  | "evt"
  | "whd"
  | "we"
  | "tpl"
  | "ki"
  | "cat"
  | "usr"
  | "trn"
  | "led"
  | "wha"
  | "req"
  | "med"
  | "cmp"
  | "sr"
  | "lbl"
  | "inv"
  | "cev"
  | "aud"
  | "inu"
  | "svc"
  | "stf"
  | "apt"
  | "flw"
  | "pay";

/** `<prefix>_<ULID>`: opaque, time-sortable, and the kind is visible at a glance. */
export function newId(prefix: IdPrefix): string {
  return `${prefix}_${ulid()}`;
}
