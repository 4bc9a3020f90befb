import "server-only";
import { joinsTwo, offerableServices, searchServices, type ServiceChoice } from "../retrieval/service-search";
import type { Turn } from "../base/turn-context";
import { stems } from "../understanding/stemming";
import { meaningfulWords } from "../understanding/stopwords";
import { conceptsOf } from "../understanding/synonyms";

// Two services asked for together that one service of the business joins: "a men's cut and beard trim"
// is the salon's "Haircut and beard" (issue 40). Used where the service is chosen (service-node.ts) and
// where the other appointments of a request are read (appointment-extras.ts).

/** The services a request names clearly, each in a part of its own ("a men's cut and beard trim"). */
async function servicesInParts(turn: Turn, text: string, only?: string[]): Promise<ServiceChoice[]> {
  const found = new Map<string, ServiceChoice>();
  for (const part of text.split(/[,;]|\s(?:and|y|e|plus|with|con|com|also|tambien|también|também|tambem)\s/i).slice(0, 4)) {
    const [best, second] = await searchServices(turn.db, turn.businessId, part, { only });
    if (best && (!second || best.score > second.score * 1.5)) found.set(best.service.id, best.service);
  }
  return [...found.values()];
}

/** A word with its stems and concepts ("cut" and "haircut" are both ~haircut). */
const senses = (word: string) => [word, ...stems(word), ...conceptsOf(word)];

/**
 * "can I book a men's cut and beard trim with Marco?": two services named that one service of the
 * business joins ("Haircut and beard", "Corte e barba") are that one appointment, as a receptionist
 * books it, not two. The combination's every word (by stem or concept) is in the names of one of the
 * two, and each of the two gives it one. Null when the request names no such pair.
 */
export async function combinationIn(turn: Turn, text: string, only?: string[]): Promise<ServiceChoice | null> {
  const named = await servicesInParts(turn, text, only);
  if (named.length !== 2) return null;
  const sensesOf = (s: ServiceChoice) => new Set(Object.values(s.name).flatMap((n) => meaningfulWords(n ?? "").flatMap(senses)));
  const [a, b] = named.map(sensesOf);
  const all = await offerableServices(turn.db, turn.businessId, only);
  for (const c of all) {
    if (named.some((s) => s.id === c.id) || !joinsTwo(c)) continue;
    const covers = Object.values(c.name).some((name) => {
      const ws = meaningfulWords(name ?? "");
      const inA = ws.map((w) => senses(w).some((x) => a.has(x)));
      const inB = ws.map((w) => senses(w).some((x) => b.has(x)));
      return ws.length >= 2 && ws.every((_, i) => inA[i] || inB[i]) && inA.some(Boolean) && inB.some(Boolean) && ws.some((_, i) => inA[i] !== inB[i]);
    });
    if (covers) return c;
  }
  return null;
}
