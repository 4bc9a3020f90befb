// A corpus business is set up as its owner would after signing up: the sign-up's starter kit
// (lib/starter-kits) gave it sample knowledge, catalog items, staff and services, and the owner
// replaces them with the business's own. Through /v1 only, as the rest of the set-up.
type Call = (key: string, method: string, path: string, body?: unknown) => Promise<{ data?: Array<{ id: string }> } & Record<string, unknown>>;

/** Deletes the kit's samples: knowledge items, the catalog collections' items, and (a salon's or clinic's) services, then staff. */
export async function clearStarterSamples(
  call: Call,
  key: string,
  assistantId: string,
  { collections, appointments }: { collections: string[]; appointments: boolean },
): Promise<void> {
  const knowledge = (await call(key, "GET", `/v1/assistants/${assistantId}/knowledge?limit=200`)).data ?? [];
  for (const k of knowledge) await call(key, "DELETE", `/v1/assistants/${assistantId}/knowledge/${k.id}`);
  for (const collection of collections) {
    const items = (await call(key, "GET", `/v1/catalog/${collection}/items?limit=200`)).data ?? [];
    if (items.length) await call(key, "POST", `/v1/catalog/${collection}/items/delete`, { ids: items.map((i) => i.id) });
  }
  if (!appointments) return;
  for (const s of (await call(key, "GET", "/v1/services?limit=200")).data ?? []) await call(key, "DELETE", `/v1/services/${s.id}`);
  for (const s of (await call(key, "GET", "/v1/staff?limit=200")).data ?? []) await call(key, "DELETE", `/v1/staff/${s.id}`);
}
