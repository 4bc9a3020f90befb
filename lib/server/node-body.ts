import type { IncomingMessage } from "node:http";

/**
 * A node:http request's body, never holding more than `max` bytes: null when the declared length or the
 * bytes as they arrive pass it (reading stops there; answer, then `discardRest`). Rejects when the
 * client goes away mid-body.
 */
export function readNodeBody(req: IncomingMessage, max: number): Promise<Buffer | null> {
  const declared = req.headers["content-length"];
  if (declared !== undefined && Number(declared) > max) return Promise.resolve(null);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.byteLength;
      if (size > max) {
        done();
        resolve(null);
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => {
      done();
      resolve(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, size));
    };
    const onFail = () => {
      done();
      reject(new Error("the client went away before the body ended"));
    };
    const done = () => {
      req.off("data", onData);
      req.off("end", onEnd);
      req.off("error", onFail);
      req.off("aborted", onFail);
      req.pause();
    };
    req.on("data", onData);
    req.on("end", onEnd);
    req.on("error", onFail);
    req.on("aborted", onFail);
  });
}

/** How long a client that is still sending a body we answered without reading (a 413) may go on. */
const LINGER_MS = 5_000;

/**
 * The answer went out before the body was read (too large, or not needed). Closing the socket now
 * would reset the connection while the client's bytes are still arriving, and a reset can destroy
 * the answer before the client reads it. So what still comes is read and thrown away (memory does
 * not grow), the connection stays usable once the body ends, and a client still sending after
 * LINGER_MS is cut off: it has had its answer for that long.
 */
export function discardRest(req: IncomingMessage): void {
  req.removeAllListeners("data");
  req.on("data", () => {});
  const socket = req.socket;
  const linger = setTimeout(() => socket.destroy(), LINGER_MS);
  linger.unref();
  const done = () => clearTimeout(linger);
  req.once("end", done);
  socket.once("close", done);
  req.resume();
}
