import { beforeAll, describe, expect, it } from "vitest";
import { simulateInbound } from "@/lib/channels/sandbox-simulator";
import { db } from "@/lib/db/client";
import { makeStaff, signInAs } from "../dashboard/harness";
import { api, makeBusiness, type TestBusiness, uniquePhone } from "../helpers/api";

// GET /v1/conversations?q=: contact names and phones, and the words of messages in English, Spanish and
// Portuguese, accents ignored, on both databases (the same migration's index and unaccent wrapper).

let biz: TestBusiness;
let other: TestBusiness;
const phones = { joao: uniquePhone(), maria: uniquePhone(), alan: uniquePhone(), theirs: uniquePhone() };
const conv: Record<string, string> = {};

type Row = {
  id: string;
  match?: {
    contact: { name: string | null; phone: string | null; username: string | null; waUserId: string | null };
    message: { id: string; text: string; direction: string } | null;
  };
};
const search = async (q: string, key = biz.key, extra = "") => {
  const res = await api("GET", `/v1/conversations?q=${encodeURIComponent(q)}${extra}`, { key });
  expect(res.status).toBe(200);
  return res.body.data as Row[];
};
const ids = (rows: Row[]) => rows.map((r) => r.id).sort();

beforeAll(async () => {
  biz = await makeBusiness();
  other = await makeBusiness();
  const say = async (b: TestBusiness, phone: string, name: string, text: string) =>
    (await simulateInbound(db(), b.businessId, { phone, name, text })).conversationId;
  conv.joao = await say(biz, phones.joao, "João Silva", "Queria reservar uma mesa para amanhã às 20h, somos quatro.");
  conv.maria = await say(biz, phones.maria, "María Fernández", "¿Tienen opciones sin gluten? Mi hija es celíaca.");
  conv.alan = await say(biz, phones.alan, "Alan Turing", "Can I book a table for Friday evening?");
  const reply = await api("POST", "/v1/messages", { key: biz.key, body: { to: phones.alan, text: "Your table is confirmed for Friday at 19:00." } });
  expect(reply.status).toBe(200);
  conv.theirs = await say(other, phones.theirs, "João Silva", "Queria reservar uma mesa amanhã.");
});

describe("conversation search", () => {
  it("finds message words as prefixes, accents ignored, in Portuguese, Spanish and English", async () => {
    const reserv = await search("reserv");
    expect(ids(reserv)).toEqual([conv.joao]);
    expect(reserv[0].match?.message?.text).toContain("reservar uma mesa");
    // Issue 37: the match names the contact's WhatsApp username and BSUID too (none here).
    expect(reserv[0].match?.contact).toEqual({ name: "João Silva", phone: phones.joao, username: null, waUserId: null });

    expect(ids(await search("amanha"))).toEqual([conv.joao]);
    expect(ids(await search("AMANHÃ mesa"))).toEqual([conv.joao]);
    expect(ids(await search("celiaca"))).toEqual([conv.maria]);
    expect(ids(await search("sin gluten"))).toEqual([conv.maria]);
    // Every word must be in one message: "gluten friday" is in none.
    expect(await search("gluten friday")).toEqual([]);

    // The latest matching message is the one shown: here the agent's reply, not the question.
    const table = await search("table friday");
    expect(ids(table)).toEqual([conv.alan]);
    expect(table[0].match?.message).toMatchObject({ direction: "outbound", text: "Your table is confirmed for Friday at 19:00." });
  });

  it("finds contacts by any part of the name (accents ignored) and by 3+ phone digits, with no message then", async () => {
    const fernandez = await search("fernandez");
    expect(ids(fernandez)).toEqual([conv.maria]);
    expect(fernandez[0].match?.message).toBeNull();
    expect(ids(await search("joão sil"))).toEqual([conv.joao]);
    const digits = phones.alan.slice(-7);
    expect(ids(await search(`${digits.slice(0, 3)} ${digits.slice(3)}`))).toEqual([conv.alan]);
    expect(ids(await search(phones.alan))).toEqual([conv.alan]);
  });

  it("never returns another business's conversations, with a key or a dashboard session", async () => {
    expect(ids(await search("reservar"))).toEqual([conv.joao]);
    expect(ids(await search("reservar", other.key))).toEqual([conv.theirs]);
    expect(ids(await search("joao", other.key))).toEqual([conv.theirs]);
    expect(await search("gluten", other.key)).toEqual([]);
    expect(await search(phones.joao.slice(-7), other.key)).toEqual([]);

    const member = await makeStaff();
    signInAs(member);
    const asMember = await api("GET", "/v1/conversations?q=reservar", { headers: { cookie: "x" } });
    expect(asMember.status).toBe(200);
    expect(asMember.body.data).toEqual([]);
    signInAs(null);
  });

  it("combines with the list's filters and paging; odd input is safe; an empty q is the plain list", async () => {
    expect(await search("reserv", biz.key, "&status=closed")).toEqual([]);
    expect(ids(await search("reserv", biz.key, "&status=open"))).toEqual([conv.joao]);
    const first = await api("GET", "/v1/conversations?q=a&limit=2", { key: biz.key });
    expect(first.body.data).toHaveLength(2);
    const rest = await api("GET", `/v1/conversations?q=a&limit=2&cursor=${first.body.nextCursor}`, { key: biz.key });
    expect([...first.body.data, ...rest.body.data].map((r: Row) => r.id).sort()).toEqual([conv.joao, conv.maria, conv.alan].sort());

    for (const q of ["reserv:* | !x", "'); drop table messages; --", "%", "_", "&|!():*"]) {
      const res = await api("GET", `/v1/conversations?q=${encodeURIComponent(q)}`, { key: biz.key });
      expect(res.status).toBe(200);
    }
    expect(await search("%")).toEqual([]);
    const plain = await api("GET", "/v1/conversations?q=", { key: biz.key });
    expect(plain.body.data).toHaveLength(3);
    expect(plain.body.data[0].match).toBeUndefined();
    const long = await api("GET", `/v1/conversations?q=${"a".repeat(201)}`, { key: biz.key });
    expect(long.status).toBe(400);
    expect(long.body.error.details[0].path).toBe("q");
  });
});
