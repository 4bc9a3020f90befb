// Issue 35 items 1, 3 and 7: the pure readers read a message as a person would. Every part of a
// message (each question), the number meant after a correction, the day meant by "instead of", a
// time said of something else, a weekday said on that weekday, notes for the staff.
import { describe, expect, it } from "vitest";
import { questionParts } from "@/lib/runtime/understanding/acts";
import { partyChange, readPartySize } from "@/lib/runtime/understanding/party-size";
import { asMeant, withoutRepairs } from "@/lib/runtime/understanding/repairs";
import { readFulfilment, readNameAnswer } from "@/lib/runtime/understanding/slots";
import { staffNotes } from "@/lib/runtime/understanding/staff-notes";
import { readWhenParts } from "@/lib/runtime/understanding/when";

// Wednesday 25 November 2026, 16:00, and Saturday 28 November, 19:00, in Lisbon (UTC+0 in winter).
const wednesday = { timeZone: "Europe/Lisbon", now: new Date("2026-11-25T16:00:00Z") };
const saturdayEvening = { timeZone: "Europe/Lisbon", now: new Date("2026-11-28T19:00:00Z") };

describe("time as a person reads it", () => {
  it("reads a weekday said on that weekday, after its time, as next week's", () => {
    expect(readWhenParts("saturday 1pm", saturdayEvening)).toEqual({ date: "2026-12-05", time: "13:00" });
    expect(readWhenParts("Mesa para 2 el sábado a las 14:00", saturdayEvening)).toEqual({ date: "2026-12-05", time: "14:00" });
    // Later that same evening it is still today; "today" said outright is today.
    expect(readWhenParts("saturday 9pm", saturdayEvening)).toMatchObject({ date: "2026-11-28", time: "21:00" });
    expect(readWhenParts("today at 1pm", saturdayEvening)).toEqual({ date: "2026-11-28", time: "13:00" });
  });

  it("takes the day meant, not the day replaced", () => {
    expect(readWhenParts("can we do saturday instead of friday? same time", wednesday)?.date).toBe("2026-11-28");
    expect(readWhenParts("Oh wait, can we do Sunday instead of Saturday?", wednesday)?.date).toBe("2026-11-29");
    expect(readWhenParts("o domingo em vez do sábado", wednesday)?.date).toBe("2026-11-29");
  });

  it("takes the table's time, not the time of something else, and the next half hour after it", () => {
    expect(readWhenParts("the show ends at 22:15, so a table after that", wednesday)?.time).toBe("22:30");
    expect(readWhenParts("I leave work at 14:30, can we say 14:50?", wednesday)?.time).toBe("14:50");
    expect(readWhenParts("Salgo de currar a las 14:00, ¿podemos decir a las 14:30? Mañana", wednesday)).toEqual({
      date: "2026-11-26",
      time: "14:30",
    });
    expect(readWhenParts("saio do trabalho às 19h30, dá pra reservar hoje pras 20h?", wednesday)?.time).toBe("20:00");
    expect(readWhenParts("fri at 8, naw make it half 8", wednesday)).toEqual({ date: "2026-11-27", time: "20:30" });
  });

  it("reads times written in words and half hours", () => {
    expect(readWhenParts("on friday at eight thirty", wednesday)).toEqual({ date: "2026-11-27", time: "20:30" });
    expect(readWhenParts("Sunday at half twelve", wednesday)).toEqual({ date: "2026-11-29", time: "12:30" });
    expect(readWhenParts("mesa para 4 sábado à 1 da tarde", wednesday)).toEqual({ date: "2026-11-28", time: "13:00" });
    expect(readWhenParts("mañana a las dos y media de la tarde", wednesday)).toEqual({ date: "2026-11-26", time: "14:30" });
  });
});

describe("corrections and company, as a person reads them (issue 35, pattern 8)", () => {
  it("takes a bare hour correcting a time, a Portuguese or Spanish correction, and a time after something else's", () => {
    expect(readWhenParts(asMeant("tomorrow 8 pm... no, 9 is better"), wednesday)).toEqual({ date: "2026-11-26", time: "21:00" });
    expect(readWhenParts(asMeant("amanhã às 20h, não, 20h30"), wednesday)).toEqual({ date: "2026-11-26", time: "20:30" });
    expect(readWhenParts("we land at 18:00 so 20:00 works, tomorrow", wednesday)).toEqual({ date: "2026-11-26", time: "20:00" });
    expect(readWhenParts("tomorrow after 9", wednesday)).toEqual({ date: "2026-11-26", time: "21:00" });
    // The show's end alone still puts the table after it.
    expect(readWhenParts("the show ends at 22:15, so a table after that", wednesday)?.time).toBe("22:30");
  });

  it("counts the one writing with their friends, a party corrected, and two of us", () => {
    expect(readPartySize(asMeant("mesa para 4 personas, bueno 5"))).toBe(5);
    expect(readPartySize("me and 3 friends on friday")).toBe(4);
    expect(readPartySize("eu e mais 3 amigos")).toBe(4);
    expect(readPartySize("yo y tres amigos")).toBe(4);
    expect(readPartySize("una mesa para nosotros dos")).toBe(2);
    expect(readPartySize("just me")).toBe(1);
    expect(readPartySize("just me and my boyfriend")).toBe(2);
    expect(readPartySize("I and my colleagues will decide")).toBeNull();
    // "um" before a group or an occasion is an article, not a party of one.
    expect(readPartySize("Olá, somos um grupo de 25 para um jantar de empresa em dezembro, é possível?")).toBe(25);
    expect(readPartySize("a table for one tonight")).toBe(1);
  });
});

describe("the number meant", () => {
  it("counts the party as a person would", () => {
    expect(readPartySize("table for 4 on friday 8pm, one of us is celiac")).toBe(4);
    expect(readPartySize("4 people, 2 of us are vegan")).toBe(4);
    expect(readPartySize("Somos 4 adultos e 2 crianças")).toBe(6);
    expect(readPartySize("mesa pa dos parejas el sábado")).toBe(4);
    expect(readPartySize("dá pra reservar hoje pras 20h? só eu e meu namorado")).toBe(2);
    expect(readPartySize("a table for myself, Dermot, our daughter and her two boys on Sunday")).toBe(5);
    expect(readPartySize("We are 3 persons, and maybe my colleague comes too, so please reserve for 4")).toBe(4);
    expect(readPartySize("oh wait ma pal cannae make it, make it 3")).toBe(3);
    expect(readPartySize("a table for to people on friday")).toBe(2);
    expect(readPartySize("one of us is celiac")).toBeNull();
    expect(partyChange("one more person is joining")).toBe(1);
    expect(partyChange("my friend can't make it")).toBe(-1);
  });

  it("rewrites a number corrected in the same message", () => {
    expect(withoutRepairs("can i get two margheritas no wait three and a coke")).toBe("can i get three margheritas and a coke");
    expect(withoutRepairs("queria 2 diavolas nao espera 3, pa levantar")).toBe("queria 3 diavolas, pa levantar");
    expect(withoutRepairs("3 bravas no 4 n 2 croquetas")).toBe("4 bravas n 2 croquetas");
    expect(withoutRepairs("4 margheritas, 2 diavolas, aliás 3 diavolas, e 6 águas")).toBe("4 margheritas, 3 diavolas, e 6 águas");
    expect(withoutRepairs("table 1 person 13h tmrw, make that 2")).toBe("table 2 person 13h tmrw");
    expect(withoutRepairs("Rua Almirante Reis 150, 2º dto... aliás é 152")).toContain("Rua Almirante Reis 152, 2º dto");
    // Nothing corrected: unchanged.
    expect(withoutRepairs("table for 2 no smoking")).toBe("table for 2 no smoking");
    expect(withoutRepairs("moro no 2º andar")).toBe("moro no 2º andar");
  });
});

describe("everything said goes to its right place", () => {
  it("keeps notes for the staff in the customer's words, never a question", () => {
    expect(staffNotes("table for 3 tmrw at 9, one of us is celiac so just flagging")).toEqual(["one of us is celiac"]);
    expect(staffNotes("¿Tienen algún plato sin gluten? Mi marido es celíaco.")).toEqual(["Mi marido es celíaco"]);
    expect(staffNotes("could I book for 2 on Saturday? It's our anniversary 🥂")).toEqual(["It's our anniversary 🥂"]);
    expect(staffNotes("One of them is vegetarian.")).toEqual(["One of them is vegetarian"]);
    expect(staffNotes("2 vegan pizzas for pickup")).toEqual([]);
    expect(staffNotes("do you have gluten free pizza")).toEqual([]);
  });

  it("reads takeaway as pickup in each language's words", () => {
    expect(readFulfilment("queria uma lasanha e uma pizza para levar")).toBe("pickup");
    expect(readFulfilment("ponme pa llevá una paella")).toBe("pickup");
    expect(readFulfilment("Manuel Ferreira, passo aí às 20h")).toBe("pickup");
  });

  it("takes a name with a remark after it", () => {
    expect(readNameAnswer("Manuel Ferreira, passo aí às 20h")).toBe("Manuel Ferreira");
    expect(readNameAnswer("Valeria Hernández, y vamos con una carriola")).toBe("Valeria Hernández");
    expect(readNameAnswer("actually no tiramisu")).toBeNull();
  });

  it("splits a message into every question it asks", () => {
    expect(questionParts("what are your hours and can I park nearby")).toEqual(["what are your hours", "can I park nearby"]);
    expect(questionParts("address? also gluten free pizza y/n")).toEqual(["address?", "also gluten free pizza y/n"]);
    expect(questionParts("Kindly tell me the timings on Sunday and whether you are accepting American Express card.")).toHaveLength(2);
    expect(questionParts("I want 3 diavolas, and do you take card on delivery?")).toEqual(["and do you take card on delivery?"]);
  });
});
