import "server-only";
import type { Db } from "../../db/client";
import type { Language } from "../../language";
import { catalogAnswer } from "./catalog-line";
import { firstCatalogItems } from "./catalog-search";
import type { RunnableSkill } from "./skill-catalog";

// "What's on the menu?" asked without ordering: the menu itself, as an answer. The collection is the
// one the order skill sells from (the first skill with a cart); no order is started.

const SHOWN = 12;

export async function menuReply(db: Db, businessId: string, skills: RunnableSkill[], language: Language): Promise<string | null> {
  const node = skills.flatMap((s) => s.graph.nodes).find((n) => n.type === "catalog" && n.data.cart === true);
  if (node?.type !== "catalog") return null;
  const rows = await firstCatalogItems(db, businessId, node.data.collection, SHOWN);
  if (!rows.length) return null;
  return catalogAnswer(rows, language).text;
}
