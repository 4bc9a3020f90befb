// Tasca da Ana as the unseen corpus meets her customers: the corpus's business (../shop.ts), whose owner,
// a Lisbon restaurant serving English, Portuguese and Spanish customers, has added the Portuguese and
// Spanish versions of her knowledge items through /v1 (issue 35 item 4), as the dashboard asks her to
// once she serves those languages. The old corpus (tests/conversations/cases) keeps the English-only
// owner it was written for.
import type { Shop } from "@/tests/assistant/harness";
import { api } from "@/tests/helpers/api";
import { makeConversationShop } from "../shop";
import { TASCA_KNOWLEDGE_VERSIONS } from "./tasca-versions";

async function call(key: string, method: string, path: string, body?: unknown) {
  const res = await api(method, path, { key, body });
  if (res.status !== 200) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

export async function makeUnseenTasca(): Promise<Shop> {
  const shop = await makeConversationShop();
  await call(shop.key, "PUT", "/v1/business-languages", { languages: ["en", "pt", "es"] });
  const items: Array<{ id: string; title: string }> = (await call(shop.key, "GET", `/v1/assistants/${shop.assistantId}/knowledge?limit=200`)).data;
  for (const item of items) {
    const translations = TASCA_KNOWLEDGE_VERSIONS[item.title];
    if (translations) await call(shop.key, "PATCH", `/v1/assistants/${shop.assistantId}/knowledge/${item.id}`, { translations });
  }
  return shop;
}
