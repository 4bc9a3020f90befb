// Issue 40: more than one appointment asked for in one message, booked as a receptionist books them:
// the same service for each person ("2 men's cuts, me and my brother", "mis dos hijos", "as minhas duas
// filhas") at the same time with different staff, or one after the other when nobody else is free then;
// another service named beside the first ("un corte de mujer y una manicura, una detrás de otra") right
// after it. Each has its record; the confirmation says each; a name given after it lists them all. A
// combination service ("a haircut and beard") is one appointment, and a service found only by the
// words of the one booked ("corte y barba... y para mí un corte") books nothing beside it.
import { and, asc, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { appointments, records } from "@/lib/db/schema";
import { pinClock } from "@/lib/time/clock";
import { isoInZone } from "@/lib/time/time-zone";
import { BELA } from "../conversations/trades/bela";
import { makeTradeBusiness, type TradeShop } from "../conversations/trades/setup";
import { SONRISA } from "../conversations/trades/sonrisa";
import { assistantWorker, customer } from "./harness";

// Wednesday 25 November 2026, 16:00 in Porto, 17:00 in Madrid.
const NOW = new Date("2026-11-25T16:00:00Z");

describe("more than one appointment in one message", () => {
  let worker: ReturnType<typeof assistantWorker>;
  beforeAll(() => {
    worker = assistantWorker();
    pinClock(NOW);
  });
  afterEach(() => pinClock(NOW));
  afterAll(async () => {
    pinClock(null);
    await worker.stop();
  });

  /** This customer's appointments: [local start, service, staff], soonest first. */
  const theirs = async (shop: TradeShop, c: ReturnType<typeof customer>, timeZone: string) => {
    const { contactId } = await c.conversation();
    const rows = await db()
      .select({ start: appointments.startAt, serviceId: appointments.serviceId, staffId: appointments.staffId })
      .from(appointments)
      .where(and(eq(appointments.businessId, shop.businessId), eq(appointments.contactId, contactId as string)))
      .orderBy(asc(appointments.startAt), asc(appointments.staffId));
    const service = (id: string) => Object.entries(shop.serviceIds).find(([, v]) => v === id)?.[0];
    const staff = (id: string) => Object.entries(shop.staffIds).find(([, v]) => v === id)?.[0];
    return rows.map((r) => [isoInZone(r.start, timeZone).slice(0, 16), service(r.serviceId), staff(r.staffId)]).sort();
  };
  const recordsOf = async (shop: TradeShop, c: ReturnType<typeof customer>) => {
    const { id } = await c.conversation();
    return db()
      .select({ id: records.id })
      .from(records)
      .where(and(eq(records.businessId, shop.businessId), eq(records.conversationId, id)));
  };

  it("books the same service for two people at once with two staff members, and says both", async () => {
    const salon = await makeTradeBusiness(BELA);
    const c = customer(salon);
    const replies = (await c.say("2 men's cuts saturday 11am please, me and my brother")).join("\n");
    expect(replies).toMatch(/You're booked: Men's haircut with (Ana|Marco) on Saturday 28 November at 11:00/);
    expect(replies).toMatch(/Also booked: Men's haircut with (Ana|Marco), Saturday 28 November at 11:00/);
    expect(await theirs(salon, c, BELA.timeZone)).toEqual([
      ["2026-11-28T11:00", "Men's haircut", "Ana"],
      ["2026-11-28T11:00", "Men's haircut", "Marco"],
    ]);
    expect(await recordsOf(salon, c)).toHaveLength(2);
    const named = (await c.say("Tom")).join("\n");
    expect(named.match(/Men's haircut with/g)).toHaveLength(2);
  });

  it("books another service named beside the first right after it", async () => {
    const salon = await makeTradeBusiness(BELA);
    const c = customer(salon);
    await c.say("Hola! Quería un corte de mujer y una manicura el viernes por la tarde, una detrás de otra si puede ser");
    const replies = (await c.say("a las 4")).join("\n");
    expect(replies).toMatch(/También tienes cita: Manicura con Rita, viernes, 27 de noviembre, a las 16:45/);
    expect(await theirs(salon, c, BELA.timeZone)).toEqual([
      ["2026-11-27T16:00", "Women's haircut", "Ana"],
      ["2026-11-27T16:45", "Manicure", "Rita"],
    ]);
  });

  it("books two children's check-ups at the time asked with the two dentists", async () => {
    const clinic = await makeTradeBusiness(SONRISA);
    const c = customer(clinic);
    await c.say("Quiero pedir cita para mis dos hijos, revisión, el jueves después del cole, sobre las 5");
    expect(await theirs(clinic, c, SONRISA.timeZone)).toEqual([
      ["2026-11-26T17:00", "Check-up", "Dr. Javier Ruiz"],
      ["2026-11-26T17:00", "Check-up", "Dra. Laura Gómez"],
    ]);
  });

  it("books the second right after the first when nobody else is free at the same time", async () => {
    // Rita does women's cuts but not on Saturdays: Ana does both, one after the other.
    const salon = await makeTradeBusiness(BELA);
    const c = customer(salon);
    const replies = (await c.say("Queria marcar para as minhas duas filhas um corte feminino, sábado às 10, ao mesmo tempo se der")).join("\n");
    expect(replies).toMatch(/Também fica marcado: Corte feminino com Ana, sábado, 28 de novembro, às 10:45/);
    expect(await theirs(salon, c, BELA.timeZone)).toEqual([
      ["2026-11-28T10:00", "Women's haircut", "Ana"],
      ["2026-11-28T10:45", "Women's haircut", "Ana"],
    ]);
  });

  it("books one appointment for a combination service, and nothing found only by the booked service's words", async () => {
    const salon = await makeTradeBusiness(BELA);
    const one = customer(salon);
    await one.say("a haircut and beard with Marco friday at 11");
    expect(await theirs(salon, one, BELA.timeZone)).toEqual([["2026-11-27T11:00", "Haircut and beard", "Marco"]]);
    const two = customer(salon);
    await two.say("Buenas, para mi marido un corte y barba con Marco el sábado a las 10, y para mí un corte con Ana a la misma hora");
    expect(await theirs(salon, two, BELA.timeZone)).toEqual([["2026-11-28T10:00", "Haircut and beard", "Marco"]]);
    // "Arreglo de barba" shares only "de" with the rest of "barba sabado de manha": no beard trim beside it
    // (Marco is busy until 10:45 with the one before: the earliest on the half hour is 11:00).
    const three = customer(salon);
    await three.say("Bonjour! Queria fazer corte e barba sabado de manha, o mais cedo possivel");
    expect(await theirs(salon, three, BELA.timeZone)).toEqual([["2026-11-28T11:00", "Haircut and beard", "Marco"]]);
  });

  it("counts no people in a date ('dia 3 de dezembro' before 'Consulta de revisão')", async () => {
    const clinic = await makeTradeBusiness(SONRISA);
    const c = customer(clinic);
    await c.say("Queria marcar uma consulta de revisão com o Dr. Javier Ruiz na quinta-feira, dia 3 de dezembro, às cinco da tarde");
    expect(await theirs(clinic, c, SONRISA.timeZone)).toEqual([["2026-12-03T17:00", "Check-up", "Dr. Javier Ruiz"]]);
  });
});
