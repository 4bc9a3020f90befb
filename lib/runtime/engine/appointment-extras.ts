import "server-only";
import { joinsTwo, offerableServices, searchServices, type ServiceChoice } from "../retrieval/service-search";
import { combinationIn } from "./service-combination";
import { meaningfulWords } from "../understanding/stopwords";
import { numberOf } from "../understanding/numbers";
import { normalize, words } from "../understanding/text-match";
import type { Turn } from "../base/turn-context";
import type { ChosenService } from "./service-node";

// More than one appointment in one request, as a receptionist books them: "2 men's cuts saturday 11am,
// me and my brother", "para mis dos hijos" (the same service for each person, at the same time with
// different staff when they are free, else one after the other); "un corte de mujer y una manicura, una
// detrás de otra" (another service the request names clearly, right after the first, or at the same
// time when it says so).

export type Extra = { serviceId: string; together: boolean };

const together =
  /\b(?:same time|at once|together|both at|in and out|misma hora|a la vez|al mismo tiempo|juntos|juntas|mesma hora|ao mesmo tempo|juntos|juntas)\b/;
const oneAfter =
  /\b(?:one after the other|back to back|right after|after that|una detras de otra|uno detras de otro|seguidos|seguidas|a seguir|logo a seguir|depois)\b/;

// "me and my brother", "yo y mi hermana", "eu e o meu filho": two people.
const meAndAnother = /\b(?:me and my|me and the|myself and my|yo y mi|yo y el|eu e o meu|eu e a minha|eu e o|eu e a)\b/;
// "my two boys", "mis dos hijos", "os meus dois filhos": that many people.
const peopleCounted =
  /\b(?:my|mis|meus|minhas|os meus|as minhas|the|los|las|our|nuestros|nuestras)\s+(\w+)\s+(?:sons|boys|kids|children|daughters|girls|hijos|hijas|ninos|ninas|chicos|filhos|filhas|meninos|meninas|criancas|nenes|peques)\b/;
const bothOfThem = /\b(?:both of them|them both|the two of them|los dos|las dos|a los dos|os dois|as duas|aos dois|ambos|ambas)\b/;

/** How many people the request books for (1 when it says no more). */
function peopleIn(text: string, service: ServiceChoice): number {
  const n = normalize(text);
  const counted = peopleCounted.exec(n);
  const count = counted ? numberOf(counted[1]) : null;
  if (count && count >= 2 && count <= 4) return count;
  if (meAndAnother.test(n) || bothOfThem.test(n)) return 2;
  // "2 men's cuts", "dos cortes de hombre": a count before a word of the service's name.
  // Its meaningful words only: "dia 3 de dezembro" counts no "Consulta de revisão".
  const named = new Set(Object.values(service.name).flatMap((name) => meaningfulWords(name ?? "").filter((w) => w.length >= 3)));
  const ws = words(text);
  for (let i = 0; i < ws.length - 1; i++) {
    const v = numberOf(ws[i]);
    if (v === null || v < 2 || v > 4 || ["a", "an", "un", "uma", "una"].includes(ws[i])) continue;
    const next = ws[i + 1].replace(/(?:es|s)$/, "");
    if ([...named].some((w) => w.replace(/(?:es|s)$/, "") === next || w.startsWith(next))) return v;
  }
  return 1;
}

export async function extrasIn(turn: Turn, text: string, chosen: ChosenService, only?: string[]): Promise<Extra[]> {
  const [service] = await offerableServices(turn.db, turn.businessId, [chosen.id]);
  const n = normalize(text);
  const sameTime = together.test(n);
  const after = oneAfter.test(n);
  const extras: Extra[] = [];
  const people = service ? peopleIn(text, service) : 1;
  for (let i = 1; i < people; i++) extras.push({ serviceId: chosen.id, together: !after });
  // "a men's cut and beard trim" booked as the "Haircut and beard" that joins them: no other service.
  if (service && joinsTwo(service) && (await combinationIn(turn, text, only))?.id === chosen.id) return extras.slice(0, 3);
  // Another service named clearly in a part of its own: "un corte de mujer y una manicura".
  const chosenWords = new Set(service ? Object.values(service.name).flatMap((name) => words(name ?? "")) : []);
  const seen = new Set([chosen.id]);
  for (const part of text.split(/[,;]|\s(?:and|y|e|plus|also|tambien|también|também|tambem)\s/i).slice(0, 4)) {
    const [best, second] = await searchServices(turn.db, turn.businessId, part, { only });
    if (!best || seen.has(best.service.id) || (second && best.score <= second.score * 1.5)) continue;
    // "corte y barba" split at its "y": a part found by the chosen service's own words names no other.
    const partWords = new Set(words(part));
    const matched = Object.values(best.service.name).flatMap((name) => meaningfulWords(name ?? "").filter((w) => partWords.has(w)));
    if (!matched.length || matched.every((w) => chosenWords.has(w))) continue;
    seen.add(best.service.id);
    extras.push({ serviceId: best.service.id, together: sameTime });
  }
  return extras.slice(0, 3);
}
