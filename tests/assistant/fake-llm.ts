// A fake OpenAI-compatible server on loopback: a real HTTP server answering POST .../chat/completions
// with scripted completions (text or tool calls), errors, or silence (to exercise the timeout).
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export type Scripted =
  | { content: string; usage?: number }
  | { tools: Array<{ name: string; args: Record<string, unknown> }>; content?: string; usage?: number }
  | { status: number }
  | { hang: true };

export type ReceivedRequest = { path: string; authorization: string | undefined; body: any };

export type FakeLlm = {
  baseURL: string;
  requests: ReceivedRequest[];
  script(...answers: Scripted[]): void;
  /** Forgets requests and unused answers (between tests). */
  reset(): void;
  close(): Promise<void>;
};

export async function startFakeLlm(): Promise<FakeLlm> {
  const queue: Scripted[] = [];
  const requests: ReceivedRequest[] = [];
  const hanging: ServerResponse[] = [];
  let calls = 0;
  const server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    if (req.method !== "POST" || !req.url?.endsWith("/chat/completions")) {
      res.writeHead(404, { "content-type": "application/json" }).end(JSON.stringify({ error: { message: "not found" } }));
      return;
    }
    const body = JSON.parse(Buffer.concat(chunks).toString("utf8"));
    requests.push({ path: req.url, authorization: req.headers.authorization, body });
    const next = queue.shift() ?? { content: "(nothing scripted)" };
    calls++;
    if ("hang" in next) {
      hanging.push(res);
      return;
    }
    if ("status" in next) {
      res
        .writeHead(next.status, { "content-type": "application/json" })
        .end(JSON.stringify({ error: { message: "scripted failure", type: "server_error" } }));
      return;
    }
    const toolCalls =
      "tools" in next
        ? next.tools.map((t, i) => ({ id: `call_${calls}_${i}`, type: "function", function: { name: t.name, arguments: JSON.stringify(t.args) } }))
        : undefined;
    const total = next.usage ?? 100;
    res.writeHead(200, { "content-type": "application/json" }).end(
      JSON.stringify({
        id: `chatcmpl-${calls}`,
        object: "chat.completion",
        created: Math.floor(Date.now() / 1000),
        model: body.model,
        choices: [
          {
            index: 0,
            finish_reason: toolCalls ? "tool_calls" : "stop",
            message: { role: "assistant", content: next.content ?? null, ...(toolCalls ? { tool_calls: toolCalls } : {}) },
          },
        ],
        usage: { prompt_tokens: total - 10, completion_tokens: 10, total_tokens: total },
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    requests,
    script: (...answers) => queue.push(...answers),
    reset() {
      requests.length = 0;
      queue.length = 0;
    },
    async close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

// The model's answers wait this long in the tests: a loaded machine (a build and a browser suite beside
// the tests) answered the fake's replies after the 1.5 s this once was, and the turn fell back
// (2026-12-02). A hang is tested with a short wait of its own (`hangNext`).
export const MODEL_WAIT = "30000";

/** Before each test: nothing scripted, and the generous wait. */
export function resetModel(llm: FakeLlm): void {
  llm.reset();
  process.env.LLM_TIMEOUT_MS = MODEL_WAIT;
}

/** The next call to the model hangs, and is given up after 1.5 s. */
export function hangNext(llm: FakeLlm): void {
  process.env.LLM_TIMEOUT_MS = "1500";
  llm.script({ hang: true });
}
