import "server-only";
import OpenAI from "openai";

// The optional language model: any OpenAI-compatible server (OpenAI, Ollama, vLLM, llama.cpp) named
// by three environment variables. Without all three the assistant runs on its retrieval engine alone.

export type LlmSettings = { baseURL: string; apiKey: string; model: string; timeoutMs: number };

export function llmSettings(): LlmSettings | null {
  const baseURL = process.env.LLM_BASE_URL?.trim();
  const apiKey = process.env.LLM_API_KEY?.trim();
  const model = process.env.LLM_MODEL?.trim();
  if (!baseURL || !apiKey || !model) return null;
  const timeoutMs = Number(process.env.LLM_TIMEOUT_MS ?? 8000);
  return { baseURL, apiKey, model, timeoutMs: Number.isFinite(timeoutMs) && timeoutMs > 0 ? timeoutMs : 8000 };
}

let cached: { key: string; client: OpenAI } | null = null;

export function llmClient(settings: LlmSettings): OpenAI {
  const key = `${settings.baseURL}\u0000${settings.apiKey}\u0000${settings.timeoutMs}`;
  if (cached?.key !== key) {
    // No retries: a slow or failing provider falls back to the retrieval engine at once, and the
    // customer still gets an answer within the timeout.
    cached = {
      key,
      client: new OpenAI({
        baseURL: settings.baseURL,
        apiKey: settings.apiKey,
        timeout: settings.timeoutMs,
        maxRetries: 0,
        fetch: freshSocketOnReset,
      }),
    };
  }
  return cached.client;
}

// An idle keep-alive connection the provider has just closed (Node's and uvicorn's servers close them
// after 5 s; a busy client reuses one a moment too late) fails before any answer with ECONNRESET or
// "other side closed". The request never reached the provider, so it is sent once more on a new
// connection; a timeout (the signal) or any answer, errors included, is final as before.
const STALE_SOCKET = new Set(["ECONNRESET", "EPIPE", "UND_ERR_SOCKET"]);

const freshSocketOnReset: typeof fetch = async (input, init) => {
  try {
    return await fetch(input, init);
  } catch (err) {
    const code = (err as { cause?: { code?: string } }).cause?.code;
    if (init?.signal?.aborted || !code || !STALE_SOCKET.has(code)) throw err;
    return fetch(input, init);
  }
};
