import { describe, expect, it } from "vitest";
import { storeMachineTranslation } from "@/lib/assistants/knowledge";
import { machineVersion } from "@/lib/assistants/knowledge-translations";
import { db } from "@/lib/db/client";
import { readyMadeSkills } from "@/lib/shared/ready-made-skills";
import { api, makeBusiness } from "../helpers/api";

// Knowledge items with versions per language and the languages a business serves (issue 35 item 4),
// through /v1: what the owner writes, what a model's translation looks like until it is approved, what
// an edit of the original does to the versions, and the documented 400s.

const base = (assistantId: string) => `/v1/assistants/${assistantId}/knowledge`;

describe("business languages", () => {
  it("reads and replaces the languages served, refusing an empty, repeated or unknown one", async () => {
    const b = await makeBusiness();
    expect((await api("GET", "/v1/business-languages", { key: b.key })).body).toEqual({ languages: ["en"] });
    const put = await api("PUT", "/v1/business-languages", { key: b.key, body: { languages: ["es", "en", "pt"] } });
    expect(put.status).toBe(200);
    expect(put.body).toEqual({ languages: ["es", "en", "pt"] });
    expect((await api("GET", "/v1/business-languages", { key: b.key })).body).toEqual({ languages: ["es", "en", "pt"] });
    for (const languages of [[], ["en", "en"], ["fr"]]) {
      const bad = await api("PUT", "/v1/business-languages", { key: b.key, body: { languages } });
      expect(bad.status, JSON.stringify(languages)).toBe(400);
      expect(bad.body.error.code).toBe("invalid_request");
      expect(bad.body.error.details[0].path).toMatch(/^languages/);
    }
    // Another business is untouched.
    const other = await makeBusiness();
    expect((await api("GET", "/v1/business-languages", { key: other.key })).body).toEqual({ languages: ["en"] });
  });
});

describe("knowledge versions", () => {
  it("keeps the owner's versions, says which served languages are missing, and reads the item's language", async () => {
    const b = await makeBusiness();
    await api("PUT", "/v1/business-languages", { key: b.key, body: { languages: ["en", "pt", "es"] } });
    const created = await api("POST", base(b.assistantId), {
      key: b.key,
      body: {
        title: "Parking",
        content: "There is no private parking; the Camões car park is a 3-minute walk away.",
        translations: { pt: { title: "Estacionamento", content: "Não temos parque próprio; o parque do Camões fica a 3 minutos a pé." } },
      },
    });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({
      language: "en",
      missing: ["es"],
      translations: { pt: { title: "Estacionamento", origin: "owner", reviewed: true, outdated: false } },
    });

    // The original changes: the owner's version stays, marked outdated; a new Spanish version fills the gap.
    const id = created.body.id;
    const edited = await api("PATCH", `${base(b.assistantId)}/${id}`, {
      key: b.key,
      body: {
        content: "There is no private parking; the Camões car park is a 4-minute walk away.",
        translations: { es: { title: "Aparcamiento", content: "No tenemos aparcamiento; el parking Camões está a 4 minutos andando." } },
      },
    });
    expect(edited.body.missing).toEqual([]);
    expect(edited.body.translations.pt).toMatchObject({ outdated: true });
    expect(edited.body.translations.es).toMatchObject({ outdated: false, origin: "owner" });

    // null removes a version; versions not named are kept.
    const removed = await api("PATCH", `${base(b.assistantId)}/${id}`, { key: b.key, body: { translations: { pt: null } } });
    expect(Object.keys(removed.body.translations)).toEqual(["es"]);
    expect(removed.body.missing).toEqual(["pt"]);

    // A Spanish owner's item is read as Spanish.
    const spanish = await api("POST", base(b.assistantId), {
      key: b.key,
      body: { title: "Terraza", content: "Tenemos una terraza con seis mesas que no se puede reservar." },
    });
    expect(spanish.body).toMatchObject({ language: "es", missing: ["en", "pt"] });
  });

  it("refuses a version in the item's own language, an empty one, or an unknown language", async () => {
    const b = await makeBusiness();
    const item = await api("POST", base(b.assistantId), {
      key: b.key,
      body: { title: "Pets", content: "Dogs are welcome on the terrace.", language: "en" },
    });
    const own = await api("PATCH", `${base(b.assistantId)}/${item.body.id}`, {
      key: b.key,
      body: { translations: { en: { title: "Pets", content: "Dogs welcome." } } },
    });
    expect(own.status).toBe(400);
    expect(own.body.error.details).toEqual([expect.objectContaining({ path: "translations.en" })]);
    const empty = await api("PATCH", `${base(b.assistantId)}/${item.body.id}`, {
      key: b.key,
      body: { translations: { pt: { title: "", content: "x" } } },
    });
    expect(empty.status).toBe(400);
    const unknown = await api("PATCH", `${base(b.assistantId)}/${item.body.id}`, {
      key: b.key,
      body: { translations: { fr: { title: "a", content: "b" } } },
    });
    expect(unknown.status).toBe(400);
  });

  it("shows a model's translation for review; the owner approves it by saving it unchanged, or replaces it", async () => {
    const b = await makeBusiness();
    const item = await api("POST", base(b.assistantId), { key: b.key, body: { title: "Pets", content: "Dogs are welcome on the terrace." } });
    const text = { title: "Pets", content: "Dogs are welcome on the terrace." };
    expect(
      await storeMachineTranslation(
        db(),
        b.businessId,
        item.body.id,
        "es",
        machineVersion(text, { title: "Mascotas", content: "Los perros son bienvenidos en la terraza." }),
      ),
    ).toBe(true);
    const listed = await api("GET", base(b.assistantId), { key: b.key });
    expect(listed.body.data[0].translations.es).toMatchObject({ title: "Mascotas", origin: "machine", reviewed: false, outdated: false });

    const approved = await api("PATCH", `${base(b.assistantId)}/${item.body.id}`, {
      key: b.key,
      body: { translations: { es: { title: "Mascotas", content: "Los perros son bienvenidos en la terraza." } } },
    });
    expect(approved.body.translations.es).toMatchObject({ origin: "machine", reviewed: true });

    const replaced = await api("PATCH", `${base(b.assistantId)}/${item.body.id}`, {
      key: b.key,
      body: { translations: { es: { title: "Perros", content: "Los perros pueden estar en la terraza." } } },
    });
    expect(replaced.body.translations.es).toMatchObject({ title: "Perros", origin: "owner", reviewed: true });
    // A later model translation never overwrites the owner's version.
    expect(await storeMachineTranslation(db(), b.businessId, item.body.id, "es", machineVersion(text, { title: "X", content: "Y" }))).toBe(false);

    // Another business cannot see or edit it.
    const other = await makeBusiness();
    expect((await api("PATCH", `${base(b.assistantId)}/${item.body.id}`, { key: other.key, body: { title: "x" } })).status).toBe(404);
    expect(await storeMachineTranslation(db(), other.businessId, item.body.id, "pt", machineVersion(text, { title: "X", content: "Y" }))).toBe(false);
  });
});

describe("skill names per language", () => {
  const graph = readyMadeSkills[0].graph;

  it("names a ready-made skill in the three languages, keeps names on a save without them, and drops the old name's on a rename", async () => {
    const b = await makeBusiness();
    const put = await api("PUT", "/v1/skills/sk_booking", { key: b.key, body: { name: "Table booking", enabled: true, graph } });
    expect(put.body.names).toEqual({ en: "Table booking", pt: "Reservas de mesa", es: "Reservas de mesa" });
    // A custom skill has only the names it is given.
    const custom = await api("PUT", "/v1/skills/sk_vouchers", {
      key: b.key,
      body: { name: "Gift vouchers", names: { pt: "Vales de oferta" }, enabled: true, graph },
    });
    expect(custom.body.names).toEqual({ pt: "Vales de oferta" });
    const kept = await api("PUT", "/v1/skills/sk_vouchers", { key: b.key, body: { name: "Gift vouchers", enabled: false, graph } });
    expect(kept.body.names).toEqual({ pt: "Vales de oferta" });
    expect((await api("GET", "/v1/skills/sk_vouchers", { key: b.key })).body.names).toEqual({ pt: "Vales de oferta" });
    // Renamed, the booking skill's English name (the old name) goes; the others stay.
    const renamed = await api("PUT", "/v1/skills/sk_booking", { key: b.key, body: { name: "Book a table", enabled: true, graph } });
    expect(renamed.body.names).toEqual({ pt: "Reservas de mesa", es: "Reservas de mesa" });
    const list = await api("GET", "/v1/skills", { key: b.key });
    expect(list.body.data.map((s: { id: string; names: unknown }) => [s.id, s.names])).toEqual(
      expect.arrayContaining([["sk_vouchers", { pt: "Vales de oferta" }]]),
    );
  });

  it("refuses a name in an unknown language or an empty one", async () => {
    const b = await makeBusiness();
    for (const names of [{ fr: "Réservations" }, { pt: " " }]) {
      const bad = await api("PUT", "/v1/skills/sk_booking", { key: b.key, body: { name: "Booking", names, enabled: true, graph } });
      expect(bad.status, JSON.stringify(names)).toBe(400);
      expect(bad.body.error.details[0].path).toMatch(/^names/);
    }
  });
});
