import { randomBytes } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { simulateInbound } from "@/lib/channels/sandbox-simulator";
import { db } from "@/lib/db/client";
import { saveMediaFile } from "@/lib/media/media-files";
import { customer, fileWorker, makeShop, type Shop, settle } from "./harness";

// A voice note through the whole path: stored, transcribed before the turn, and answered exactly as
// the same words typed; without a transcription server, the assistant asks for text instead.

fileWorker();

let llm: Server;
beforeAll(async () => {
  llm = createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      if (!req.url?.endsWith("/audio/transcriptions")) return res.writeHead(404).end();
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ text: "order a tiramisu" }));
    });
  });
  await new Promise<void>((r) => llm.listen(0, "127.0.0.1", r));
});
afterEach(() => {
  delete process.env.LLM_BASE_URL;
  delete process.env.LLM_API_KEY;
});
afterAll(() => new Promise<void>((r) => llm.close(() => r())));

async function sendVoiceNote(shop: Shop, phone: string) {
  async function* bytes() {
    yield randomBytes(4000);
  }
  const file = await saveMediaFile(db(), shop.businessId, { kind: "audio", mimeType: "audio/ogg", direction: "inbound", body: bytes() });
  await simulateInbound(db(), shop.businessId, { phone, name: "Vera Voice", mediaId: file.id });
  await settle(shop.businessId);
}

describe("voice notes", () => {
  it("are answered as if typed when transcription is configured", async () => {
    const shop = await makeShop();
    const typed = await customer(shop).say("order a tiramisu");
    expect(typed.length).toBeGreaterThan(0);

    // Only the transcription server: LLM_MODEL stays unset, so the answers come from the same engine.
    process.env.LLM_BASE_URL = `http://127.0.0.1:${(llm.address() as AddressInfo).port}/v1`;
    process.env.LLM_API_KEY = "sk-test";
    const spoken = customer(shop);
    await sendVoiceNote(shop, spoken.phone);
    expect((await spoken.replies()).map((m) => m.text)).toEqual(typed);
  });

  it("without transcription, the assistant politely asks for text", async () => {
    const shop = await makeShop();
    const spoken = customer(shop);
    await sendVoiceNote(shop, spoken.phone);
    expect((await spoken.replies()).map((m) => m.text)).toEqual(["Sorry, I can only read text messages. Could you write it for me?"]);
  });
});
