import "server-only";
import { and, eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { mediaChunks } from "../db/schema";
import type { MediaBytes, MediaStore } from "./store";

// Files as 256 KiB bytea rows: written one row per piece as the bytes arrive and read back one row
// at a time, so neither a 100 MB upload nor its download is ever in memory whole.

export const CHUNK_BYTES = 256 * 1024;

export function postgresMediaStore(db: Db): MediaStore {
  return {
    kind: "postgres",
    async put(key, body) {
      let seq = 0;
      let pending: Buffer[] = [];
      let pendingBytes = 0;
      const flush = async (all: boolean) => {
        while (pendingBytes >= CHUNK_BYTES || (all && pendingBytes > 0)) {
          const joined = Buffer.concat(pending);
          const data = joined.subarray(0, CHUNK_BYTES);
          const rest = joined.subarray(data.length);
          await db.insert(mediaChunks).values({ storageKey: key, seq: seq++, data: Buffer.from(data) });
          pending = rest.length ? [rest] : [];
          pendingBytes = rest.length;
        }
      };
      try {
        for await (const piece of body) {
          pending.push(Buffer.from(piece));
          pendingBytes += piece.byteLength;
          if (pendingBytes >= CHUNK_BYTES) await flush(false);
        }
        await flush(true);
      } catch (err) {
        // The pieces written so far would never be read: remove them with the failure.
        await db.delete(mediaChunks).where(eq(mediaChunks.storageKey, key));
        throw err;
      }
    },
    async open(key) {
      return readChunks(db, key);
    },
    async delete(key) {
      await db.delete(mediaChunks).where(eq(mediaChunks.storageKey, key));
    },
  };
}

async function* readChunks(db: Db, key: string): MediaBytes {
  for (let seq = 0; ; seq++) {
    const [row] = await db
      .select({ data: mediaChunks.data })
      .from(mediaChunks)
      .where(and(eq(mediaChunks.storageKey, key), eq(mediaChunks.seq, seq)));
    if (!row) return;
    yield row.data;
  }
}
