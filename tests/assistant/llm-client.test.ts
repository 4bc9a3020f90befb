// The model's client sends a request once more when the connection it reused was already closed by the
// provider (a keep-alive race that a loaded machine loses: a CI run's understanding test failed on
// "read ECONNRESET", 2026-12-02), and never otherwise: a provider's error answer is final.
import { createServer, type Socket } from "node:net";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { llmClient } from "@/lib/runtime/llm/llm-client";

const completion = JSON.stringify({
  id: "chatcmpl-1",
  object: "chat.completion",
  created: 0,
  model: "m",
  choices: [{ index: 0, finish_reason: "stop", message: { role: "assistant", content: "hello" } }],
  usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
});
const http = (status: number, body: string) =>
  `HTTP/1.1 ${status} X\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`;

/** A provider whose connections do, in turn, what `plan` says: drop the request unanswered, or answer it. */
async function provider(plan: Array<"drop" | 200 | 500>) {
  const seen: string[] = [];
  const sockets: Socket[] = [];
  const server = createServer((socket) => {
    sockets.push(socket);
    const step = plan[seen.length] ?? 200;
    socket.once("data", () => {
      seen.push(String(step));
      if (step === "drop") socket.destroy();
      else socket.end(http(step, step === 200 ? completion : JSON.stringify({ error: { message: "boom" } })));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const close = () => {
    for (const s of sockets) s.destroy();
    return new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return { baseURL: `http://127.0.0.1:${port}/v1`, seen, close };
}

let closeIt: (() => Promise<void>) | null = null;
afterEach(async () => {
  await closeIt?.();
  closeIt = null;
});

const ask = (baseURL: string) =>
  llmClient({ baseURL, apiKey: "k", model: "m", timeoutMs: 10_000 }).chat.completions.create({
    model: "m",
    messages: [{ role: "user", content: "hi" }],
  });

describe("the model's client", () => {
  it("sends the request again on a new connection when the provider closed the one it used unanswered", async () => {
    const p = await provider(["drop", 200]);
    closeIt = p.close;
    const answer = await ask(p.baseURL);
    expect(answer.choices[0].message.content).toBe("hello");
    expect(p.seen).toEqual(["drop", "200"]);
  });

  it("sends it only once more, and takes an error answer as final", async () => {
    const dropped = await provider(["drop", "drop", 200]);
    closeIt = dropped.close;
    await expect(ask(dropped.baseURL)).rejects.toThrow();
    expect(dropped.seen).toEqual(["drop", "drop"]);
    await dropped.close();
    const failing = await provider([500, 200]);
    closeIt = failing.close;
    await expect(ask(failing.baseURL)).rejects.toThrow(/500/);
    expect(failing.seen).toEqual(["500"]);
  });
});
