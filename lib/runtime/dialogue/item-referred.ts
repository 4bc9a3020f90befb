import "server-only";
import { and, desc, eq, lt } from "drizzle-orm";
import { messages } from "../../db/schema";
import type { Turn } from "../base/turn-context";
import { searchCatalog } from "../retrieval/catalog-search";
import { searchServices } from "../retrieval/service-search";
import { numberOf } from "../understanding/numbers";
import { normalize, words } from "../understanding/text-match";

// "how much is the rooibos" -> "Rooibos 100 g — €6.50" -> "I'll take two"; "¿tenéis rooibos?" -> "ponme
// dos, lo recojo el sábado": a count ordered with no item named is of the one item the business's last
// reply named, as a shop assistant hears it. The message is read as if it named that item ("I'll take
// two Rooibos 100 g"), so the order skill starts, or goes on, with it.

// Wanting said with a count and no item: "I'll take two", "ponme dos", "quero duas", "dame uno".
const ordersCount =
  /\b(?:i ll take|i will take|i ll have|i ll get|i want|i d like|give me|can i get|can i have|take|quero|queria|levo|vou levar|manda|mande|me ve|ponme|pon me|dame|quiero|quisiera|me llevo|llevo|pedir)\b/;

/** The message with the item it refers to named after its count, or null when it names an item or refers to none. */
export async function withItemReferred(turn: Turn): Promise<string | null> {
  const text = turn.message.text;
  const ws = words(text);
  if (!ws.length || ws.length > 14 || text.includes("?")) return null;
  const n = normalize(text);
  if (!ordersCount.test(n)) return null;
  // The count as the customer wrote it ("três", "2"), and where it ends.
  const count = [...text.matchAll(/[\p{L}\d]+/gu)].find((m) => {
    const w = normalize(m[0]);
    const v = numberOf(w);
    return v !== null && v >= 1 && v <= 99 && !["a", "an", "un"].includes(w);
  });
  if (!count || count.index === undefined) return null;
  // An item or a service named is read as it is.
  if ((await searchCatalog(turn.db, turn.businessId, null, text, { minCoverage: 0.5, limit: 1 })).length) return null;
  if ((await searchServices(turn.db, turn.businessId, text)).length) return null;
  const [last] = await turn.db
    .select({ text: messages.text })
    .from(messages)
    .where(
      and(
        eq(messages.businessId, turn.businessId),
        eq(messages.conversationId, turn.conversation.id),
        eq(messages.direction, "outbound"),
        lt(messages.id, turn.message.id),
      ),
    )
    .orderBy(desc(messages.id))
    .limit(1);
  if (!last?.text) return null;
  const named = (await searchCatalog(turn.db, turn.businessId, null, last.text, { limit: 5 })).filter((m) =>
    ` ${normalize(last.text ?? "")} `.includes(` ${normalize(m.item.title)} `),
  );
  if (named.length !== 1) return null;
  // After the count as the customer wrote it: "ponme dos Rooibos 100 g, lo recojo el sábado".
  const end = count.index + count[0].length;
  return `${text.slice(0, end)} ${named[0].item.title}${text.slice(end)}`;
}
