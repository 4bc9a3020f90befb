import "server-only";
import { setImmediate as nextTurn } from "node:timers/promises";
import { sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { queryRows } from "../db/rows";
import type { MediaBytes, MediaStore } from "./media-store";

// Files as 64 KiB bytea rows: written one row per statement as the bytes arrive and read back one row
// at a time, so neither a 100 MB upload nor its download is ever in memory whole. Each row is its own
// short statement, with a turn of the event loop after it: on the embedded database (one connection,
// on this process's thread) other tenants' requests run between a large file's rows instead of after
// them. The bytes cross as base64 text: PGlite converts a bytea parameter or result several times more
// slowly (a 256 KiB row held the process for about 110 ms that way, a 64 KiB one in base64 for 5 ms).

export const CHUNK_BYTES = 64 * 1024;
/** Rows removed per statement when a file is deleted (4 MiB). */
const DELETE_BATCH = 64;

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
          await db.execute(
            sql`insert into media_chunks (storage_key, seq, data) values (${key}, ${seq++}, decode(${data.toString("base64")}, 'base64'))`,
          );
          pending = rest.length ? [rest] : [];
          pendingBytes = rest.length;
          await nextTurn();
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
        await deleteChunks(db, key);
        throw err;
      }
    },
    async open(key) {
      return readChunks(db, key);
    },
    async delete(key) {
      await deleteChunks(db, key);
    },
  };
}

async function* readChunks(db: Db, key: string): MediaBytes {
  for (let seq = 0; ; seq++) {
    const [row] = await queryRows<{ data: string }>(
      db,
      sql`select encode(data, 'base64') as data from media_chunks where storage_key = ${key} and seq = ${seq}`,
    );
    if (!row) return;
    yield Buffer.from(row.data, "base64");
  }
}

async function deleteChunks(db: Db, key: string): Promise<void> {
  for (;;) {
    const [gone] = await queryRows<{ n: number }>(
      db,
      sql`with gone as (
            delete from media_chunks where storage_key = ${key}
              and seq in (select seq from media_chunks where storage_key = ${key} order by seq limit ${DELETE_BATCH})
            returning 1)
          select count(*)::int as n from gone`,
    );
    if (Number(gone?.n ?? 0) < DELETE_BATCH) return;
    await nextTurn();
  }
}
