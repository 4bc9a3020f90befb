// Issue 35 items 1, 3 and 7: the pure readers read a message as a person would. Every part of a
// message (each question), the number meant after a correction, the day meant by "instead of", a
// time said of something else, a weekday said on that weekday, notes for the staff.
import { describe, expect, it } from "vitest";
import { agreementBeside, agreesWhileAnswering, bookingAction, opensWithYes, questionParts, saysYes } from "@/lib/runtime/understanding/acts";
import { asksSomething, factQuestion, statedPayment } from "@/lib/runtime/understanding/fact-questions";
import { asksForHuman, soundsAggrieved } from "@/lib/runtime/understanding/human-request";
import { asksIfBot, onlyThanks, smallTalk } from "@/lib/runtime/understanding/small-talk";
import { partyChange, readPartySize } from "@/lib/runtime/understanding/party-size";
import { pointsToPerson } from "@/lib/runtime/understanding/deferral";
import { asMeant, withoutRepairs } from "@/lib/runtime/understanding/repairs";
import { readAddress, readAddressInText, readFulfilment, readNameAnswer, readNameInText } from "@/lib/runtime/understanding/slots";
import { staffNotes } from "@/lib/runtime/understanding/staff-notes";
import { readWhenParts } from "@/lib/runtime/understanding/when";
import { detectLanguage, languageScores } from "@/lib/runtime/understanding/language";

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

describe("a second outside set, read as a person would (issue 35)", () => {
  it("drops a replaced weekday wherever it is said, and lets a weekday outweigh a remark about tonight", () => {
    const sundayNotFriday = "a table for two on friday at 8pm - actually can we make it sunday instead of friday? she works friday";
    expect(readWhenParts(sundayNotFriday, wednesday)).toEqual({ date: "2026-11-29", time: "20:00" });
    // Said on a Saturday evening: the Saturday lunch meant is next week's, "tonight" only a remark.
    expect(readWhenParts("table for 3 on Saturday at 12:30? We had a great time tonight", saturdayEvening)).toMatchObject({
      date: "2026-12-05",
      time: "12:30",
    });
    expect(readWhenParts("tonight at 9", saturdayEvening)).toMatchObject({ date: "2026-11-28", time: "21:00" });
  });

  it("reads noon with its minutes in words", () => {
    expect(readWhenParts("sexta ao meio-dia e meia", wednesday)).toMatchObject({ date: "2026-11-27", time: "12:30" });
    expect(readWhenParts("el viernes a mediodía y cuarto", wednesday)).toMatchObject({ date: "2026-11-27", time: "12:15" });
    expect(readWhenParts("friday at noon", wednesday)).toMatchObject({ time: "12:00" });
  });

  it("takes a yes that opens a longer message, and never a no as a yes", () => {
    expect(opensWithYes("Sim, no sábado seguinte, dia 5. Obrigado")).toBe(true);
    expect(opensWithYes("Sí, no hay problema, a las 9 entonces")).toBe(true);
    expect(opensWithYes("yes, no, actually friday")).toBe(false);
    expect(opensWithYes("no")).toBe(false);
    expect(opensWithYes("yes but nope, cancel it")).toBe(false);
    expect(saysYes("fechado, obrigado")).toBe(true);
    expect(saysYes("combinado!")).toBe(true);
  });

  it("finds a name given as who the table is for, never a day", () => {
    expect(readNameInText("Table for 3 on Sunday? It's for Lucy Grant! Can't wait")).toBe("Lucy Grant");
    expect(readNameInText("the booking is for Tom Price, thanks")).toBe("Tom Price");
    expect(readNameInText("a table for 2, it's for Saturday")).toBeNull();
  });

  it("keeps a need at the table with its reason", () => {
    expect(staffNotes("My dad uses crutches so a table without stairs please")).toEqual(["My dad uses crutches", "a table without stairs please"]);
  });

  it("hears a grievance said in words or in capitals, and not a plain request", () => {
    expect(soundsAggrieved("WHERE IS MY FOOD, IT'S BEEN FOREVER")).toBe(true);
    expect(soundsAggrieved("cadê o meu pedido? já passou mais de uma hora")).toBe(true);
    expect(soundsAggrieved("el pedido llegó frío, quiero hablar con alguien")).toBe(true);
    expect(soundsAggrieved("can I speak to a manager about a party booking")).toBe(false);
    expect(soundsAggrieved("OK")).toBe(false);
  });
});

describe("a third outside set (issue 35)", () => {
  const afterMidnight = { timeZone: "Europe/Lisbon", now: new Date("2026-11-29T00:30:00Z") };

  it("takes the weekday the correction names, noon beside a party size, a time run together, the time after a meeting", () => {
    const sundayInstead = "mesa para 2 sábado às 21h. Ah não, afinal domingo ao almoço, 14h, que ela trabalha sábado à noite";
    expect(readWhenParts(sundayInstead, wednesday)).toMatchObject({ date: "2026-11-29", time: "14:00" });
    const saturdayInstead = "Friday at 20:00? Actually make it Saturday, she's working Friday. Same time.";
    expect(readWhenParts(saturdayInstead, wednesday)).toMatchObject({ date: "2026-11-28", time: "20:00" });
    expect(readWhenParts("mesa pa 10 domingo ao meio-dia", wednesday)).toMatchObject({ date: "2026-11-29", time: "12:00" });
    expect(readWhenParts("thursday at 930 pm", wednesday)).toMatchObject({ date: "2026-11-26", time: "21:30" });
    expect(readWhenParts("meeting till 14.15 tmrw, earliest table after that", wednesday)).toMatchObject({ date: "2026-11-26", time: "14:30" });
    expect(readWhenParts(asMeant("reserva pa 6 el domingo a las 8 de la tarde... no, mejor a las 9"), wednesday)).toMatchObject({ time: "21:00" });
    // Half past midnight on Sunday, before sleep: "tomorrow" is the Sunday now begun.
    expect(readWhenParts("a table tomorrow for lunch, half twelve", afterMidnight)).toMatchObject({ date: "2026-11-29", time: "12:30" });
  });

  it("reads misspelt party sizes and agreement as it is typed", () => {
    expect(readPartySize("a table for for people on thursday")).toBe(4);
    expect(readPartySize("can we get a table for to on saturday at 2")).toBe(2);
    expect(saysYes("siii porfa ✨")).toBe(true);
    expect(saysYes("De una, gracias")).toBe(true);
    expect(saysYes("👍")).toBe(true);
    expect(saysYes("nooo")).toBe(false);
  });

  it("finds names as they are written, never a day, and keeps a name that is also a month", () => {
    expect(readNameInText("And could we grab a table for 2 tomorrow at 7:30pm?? It's Megan Dunn. Thank you so much!!")).toBe("Megan Dunn");
    expect(readNameInText("can i get 2 croquetas and a tortilla for pickup at 9, Fiona")).toBe("Fiona");
    expect(readNameInText("Would you have a table for 2 tomorrow for lunch, say half twelve? Maureen O'Brien")).toBe("Maureen O'Brien");
    expect(readNameInText("a table on thursday at 9 because my mum finishes late its for ava martin")).toBe("Ava Martin");
    expect(readNameInText("Mesa para 2 sexta às 21h, nome Marco")).toBe("Marco");
    expect(readNameAnswer("Sunday, yes, today I suppose now! Half twelve.")).toBeNull();
  });

  it("hears no request for a person in someone's own colleague, keeps a remark before a question, and offers a person when the team arranges it", () => {
    expect(asksForHuman("My colleague cannot eat it.")).toBeNull();
    expect(asksForHuman("can I talk to a colleague please")).toBe("en");
    expect(staffNotes("Table for 2 please. It's our anniversary, could you note that?")).toEqual(["It's our anniversary"]);
    expect(pointsToPerson("For larger groups our team handles the booking personally and asks for a deposit.")).toBe(true);
    expect(pointsToPerson("It has to be ordered 48 hours in advance by talking to a person from our team.")).toBe(true);
    expect(pointsToPerson("We are open from 12:00 to 15:00.")).toBe(false);
  });
});

describe("a fourth outside set (issue 35)", () => {
  it("finds a given name signed in lower case at the end, never someone else's or an everyday word", () => {
    expect(readNameInText("boas mesa pa amanha as 21h pa 5, tiago")).toBe("Tiago");
    expect(readNameInText("aw ok, tuesday at 9pm then! sophie")).toBe("Sophie");
    expect(readNameInText("can we get a table for 2 on saturday because my dad has football practice ava martin")).toBe("Ava Martin");
    expect(readNameInText("hola mesa para 2 el viernes a las 9 lucía")).toBe("Lucía");
    expect(readNameInText("I'd like a haircut with rita")).toBeNull();
    expect(readNameInText("book a table for me and my wife ana")).toBeNull();
    expect(readNameInText("do you have room for 6 at 9 grace")).toBeNull();
    expect(readNameInText("una mesa para dos, porfa")).toBeNull();
  });

  it("hears agreement said with the last detail, and no agreement in a question, a refusal or a plain 'ok'", () => {
    for (const t of [
      "Perfect, Ben Carter",
      "ya confirma, tiago",
      "Sim, confirmo. Duarte Leal",
      "Ea, confirmao. A nombre de Manolo García",
      "sweet ye thats it, name's josh",
      "Awesome, that's everything — Megan Walsh",
    ])
      expect(agreesWhileAnswering(t), t).toBe(true);
    for (const t of ["Ben Carter", "ok 7pm then", "yes but not friday", "Perfect, can you make it 9pm?", "nah, Ben Carter"])
      expect(agreesWhileAnswering(t), t).toBe(false);
  });

  it("hears a person of the business asked for, a question about the assistant, thanks at a confirmation", () => {
    expect(asksForHuman("Are the croquetas safe for me? Could someone from the kitchen confirm before we order?")).toBe("en");
    expect(asksForHuman("Podem pôr-me em contacto com alguém da cozinha?")).toBe("pt");
    expect(asksForHuman("Prefiero hablarlo con alguien del equipo antes de pedir")).toBe("es");
    expect(asksForHuman("Mira la foto, me habéis cobrado dos veces la lasaña. ¿Lo puede mirar una persona?")).toBe("es");
    expect(asksForHuman("reserva para una persona")).toBeNull();
    expect(asksForHuman("Could someone contact me with a quote?")).toBeNull();
    expect(soundsAggrieved("la pizza llegó sin la mitad de los ingredientes")).toBe(true);
    for (const t of ["omg ur so fast lol who made u", "are ye a robot? cannae tell", "Quiubo parce, ¿usted es un robot o una persona? jaja"])
      expect(smallTalk(t)?.kind, t).toBe("bot");
    expect(smallTalk("Olá! Obrigado pelo jantar de sábado, a minha namorada adorou os churros")?.kind).toBe("praise");
    expect(smallTalk("we'd love a table for dinner")).toBeNull();
    expect(onlyThanks("Thank you so much, sir.")).toBe(true);
    expect(onlyThanks("Muito obrigada. Com os melhores cumprimentos.")).toBe(true);
    expect(onlyThanks("bye")).toBe(false);
  });

  it("takes the corrected number and the party said last, and reads 'by the way' as nothing", () => {
    expect(asMeant("mesa pa 6 el domingo a la una... no, mejó a las dos")).toMatch(/a la dos/);
    expect(asMeant("and patatas bravas x3 no x2")).toBe("and patatas bravas x2");
    // The correction names its item: the number before that item is the one corrected.
    expect(withoutRepairs("hi can i get to pizza margherita and uh one coke for pickup no wait make it three margherita")).toBe(
      "hi can i get three pizza margherita and uh one coke for pickup ",
    );
    expect(readPartySize("originally 11 of us, but 3 have dropped out, so 8 now")).toBe(8);
    expect(readPartySize("mesa para 5, agora somos 7")).toBe(7);
    expect(factQuestion("Já agora, a que horas abrem ao domingo?")?.now).toBe(false);
    expect(factQuestion("anyway whats ur address")?.topics).toEqual(["address"]);
    expect(factQuestion("Y pasame la dirección exacta porfa")?.topics).toEqual(["address"]);
    expect(factQuestion("fair enough. do ye do takeaway?")?.topics).toEqual(["pickup"]);
  });

  it("takes the party said last in its many forms, the hour in words, the name before a correction, and the new day", () => {
    expect(readPartySize("a table for four people on saturday at 8 no wait we're actually five now my name is Ava Collins")).toBe(5);
    expect(readPartySize(asMeant("Booking: 12 of us for Sunday lunch at 13:00 - no wait, 2 can't make it, so 10. Under Tom Barker."))).toBe(10);
    expect(readWhenParts(asMeant("Booking: 12 of us for Sunday lunch at 13:00 - no wait, 2 can't make it, so 10."), wednesday)?.time).toBe("13:00");
    expect(readPartySize("a table for Dermot and myself and our friends the Murphys, so that's four altogether, on Saturday")).toBe(4);
    expect(readPartySize("mesa pa 10 no domingo, José Pinto. Aliás, vem mais o meu cunhado e a mulher, ficamos 12.")).toBe(12);
    expect(readWhenParts(asMeant("Queria mesa para 6 na sexta 4 de dezembro às 20h. Nao, pardon, às 21h, voilà."), wednesday)?.time).toBe("21:00");
    expect(readWhenParts("Então queria para amanhã à uma da tarde, 2 pessoas", wednesday)).toEqual({ date: "2026-11-26", time: "13:00" });
    expect(readWhenParts("sábado à noite vamos ao teatro... pode ser antes no domingo ao almoço, às 14h?", wednesday)?.date).toBe("2026-11-29");
    expect(readNameInText("Bonjour! Manuel Ferreira aqui, de Paris. Queria mesa para 6")).toBe("Manuel Ferreira");
    expect(readNameInText("Ó boas, mesa pa 10 no domingo à uma da tarde, José Pinto. Aliás, ficamos 12.")).toBe("José Pinto");
    expect(staffNotes("O meu marido tem dificuldade em andar, pelo que agradecia uma mesa perto da entrada.")).toHaveLength(2);
  });

  it("reads an hour and its minutes typed with a space", () => {
    expect(readWhenParts("a table on saturday at 2 no wait 2 30 because my dad has football", wednesday)).toEqual({
      date: "2026-11-28",
      time: "14:30",
    });
    expect(readWhenParts("tomorrow 8 45pm", wednesday)).toEqual({ date: "2026-11-26", time: "20:45" });
    expect(readWhenParts("for 2 30 people", wednesday)).toBeNull();
  });

  it("finds each question after a preamble ended by an emoji, and a price asked after 'quer saber'", () => {
    expect(questionParts("oi gente, tô indo pra Madri semana que vem 😍 qual o metrô mais perto de vocês? e tem estacionamento por perto?")).toEqual([
      "qual o metrô mais perto de vocês?",
      "e tem estacionamento por perto?",
    ]);
    expect(questionParts("vocês têm pizza vegana? minha amiga é vegana e quer saber quanto sai antes da gente ir aí 🙏")).toEqual([
      "vocês têm pizza vegana?",
      "quer saber quanto sai antes da gente ir aí 🙏",
    ]);
    // An emoji inside a question does not cut it.
    expect(questionParts("can I bring my 🐶 inside?")).toEqual(["can I bring my 🐶 inside?"]);
  });

  it("ends an address where the items, the name or the next sentence begin", () => {
    expect(readAddressInText("delivered to rua da misericordia 14 and one vegan pizza and a coke my name is Ava Collins")).toBe(
      "rua da misericordia 14",
    );
    expect(readAddressInText("entrega na Rua Garrett 50, 2º andar. Aliás, em vez das 6 águas, 4 águas")).toBe("Rua Garrett 50, 2º andar");
    expect(readAddressInText("para a Rua Augusta 12 e uma coca")).toBe("Rua Augusta 12");
    expect(readAddressInText("a Calle Mayor 5 y dos cañas")).toBe("Calle Mayor 5");
    expect(readAddressInText("Rua 25 de Abril 10, 3º esq")).toBe("Rua 25 de Abril 10, 3º esq");
  });

  it("takes 'instead of the 6 waters, 4 waters' as the new count, and adds what follows", () => {
    expect(withoutRepairs("4 Caesar Salad, 2 Lasagna e 6 águas, entrega na Rua Garrett 50. Aliás, em vez das 6 águas, 4 águas e 2 Coca-Cola.")).toBe(
      "4 Caesar Salad, 2 Lasagna e 4 águas, entrega na Rua Garrett 50. e 2 Coca-Cola.",
    );
    expect(withoutRepairs("3 cokes and a pizza. instead of the 3 cokes, 2 cokes and a water")).toBe("2 cokes and a pizza. and a water");
    // Another item after "instead of" is no count correction.
    expect(withoutRepairs("2 cokes. instead of 2 cokes, 2 waters")).toBe("2 cokes. instead of 2 cokes, 2 waters");
  });

  it("keeps a diet said of someone as a note, a dish's name never; an invoice request is a note", () => {
    expect(staffNotes("minha amiga é vegana")).toEqual(["minha amiga é vegana"]);
    expect(staffNotes("we're both vegan")).toEqual(["we're both vegan"]);
    expect(staffNotes("one vegan pizza and a coke my name is Ava Collins")).toEqual([]);
    expect(staffNotes("4 Caesar Salad, 2 Vegetarian Lasagna e 6 águas")).toEqual([]);
    expect(staffNotes("Preciso de fatura com o NIF 501234567")).toEqual(["Preciso de fatura com o NIF 501234567"]);
  });

  it("reads a name answered with agreement or an emoji, a name after 'it's', and no name in 'pa comé' or 'till late'", () => {
    expect(readNameAnswer("Duarte Leal. sim, pode ser")).toBe("Duarte Leal");
    expect(readNameAnswer("José Pinto. tá certo 👍")).toBe("José Pinto");
    expect(readNameAnswer("Liam Cooper 🙌")).toBe("Liam Cooper");
    expect(readNameInText("Hello there, it's Maureen. We're four for lunch on Saturday")).toBe("Maureen");
    expect(readNameInText("Oh and it's Maureen O'Sullivan, sorry love")).toBe("Maureen O'Sullivan");
    expect(readNameInText("it's Tuesday. ok")).toBeNull();
    expect(readNameInText("quillo buenas, una mesa pa 4 el domingo a las dos pa comé")).toBeNull();
    expect(readNameInText("can we do saturday instead of friday? same time, she's on shift friday till late")).toBeNull();
  });

  it("takes the time settled on after 'so', 'así que', 'entonces mejor', the day meant beside 'until Sunday', and 'the night'", () => {
    const wednesdayDec = { timeZone: "Europe/Lisbon", now: new Date("2026-12-02T12:00:00Z") };
    expect(readWhenParts("una mesa para el jueves? Salgo del trabajo a las 14:30, entonces mejor a las 15:00. Somos 3.", wednesdayDec)?.time).toBe(
      "15:00",
    );
    expect(readWhenParts("para mañana por la noche; salgo de una reunión a las 20:15, así que a las 20:30 irá bien.", wednesdayDec)?.time).toBe(
      "20:30",
    );
    expect(readWhenParts("Saturday evening for 5 people. Not before 21:00 because of the football, so 21:30 is best.", wednesdayDec)?.time).toBe(
      "21:30",
    );
    expect(readWhenParts("We're in Lisbon until Sunday and would love to come for dinner on Friday, 2 of us at 8pm!", wednesdayDec)).toMatchObject({
      date: "2026-12-04",
      time: "20:00",
    });
    expect(readWhenParts("hiya, table for 5 the night at 7 please", wednesdayDec)).toMatchObject({ date: "2026-12-02", time: "19:00" });
    expect(readWhenParts("we stayed all the night at 7 bars", wednesdayDec)?.date).toBeUndefined();
  });

  it("keeps a conversation's language through a dialect reply, and notes a count with a diet", () => {
    expect(detectLanguage("na, ya iremo sin resevá, grasias miarma", "es", "pt")).toBe("es");
    expect(detectLanguage("Manolo García. venga, confirmao", "es", "pt")).toBe("es");
    expect(staffNotes("Hi, 7 of us on Saturday the 5th around 9pm, one veggie. Do you do a set menu for groups?")).toEqual(["one veggie"]);
  });

  it("reads 'name of', 'One's vegetarian', 'well five now', adults and little ones, and agreement after the name", () => {
    expect(readNameInText("a table for 2 tomorrow for lunch, half one or so? Name of Maureen O'Sullivan. Dermot has a bad hip")).toBe(
      "Maureen O'Sullivan",
    );
    expect(readNameAnswer("ah, pa que lo sepáis")).toBeNull();
    expect(staffNotes("8 of us - actually make that 6, two just dropped out. One's vegetarian, hope that's ok.")).toEqual(["One's vegetarian"]);
    expect(readPartySize("We're four for lunch on Saturday, well five now, Dermot's brother is joining us")).toBe(5);
    expect(readPartySize("a table for 4 on Saturday at 13:00? Two adults and two little ones.")).toBe(4);
    expect(agreesWhileAnswering("Duarte Leal. sim, pode ser")).toBe(true);
    expect(agreesWhileAnswering("José Pinto. tá certo 👍")).toBe(true);
    expect(agreesWhileAnswering("Ana Silva. no, wait")).toBe(false);
  });

  it("reads a weekday with its day of the month, a move from tomorrow to a weekday, and asks after 'aproveito para perguntar'", () => {
    const wednesdayNov = { timeZone: "Europe/Lisbon", now: new Date("2026-11-25T12:00:00Z") };
    expect(readWhenParts("reservame una mesa para 5 el jueves 3 a las 21:30", wednesdayNov)).toEqual({ date: "2026-12-03", time: "21:30" });
    // A weekday and a number that disagree: the number is no day of the month.
    expect(readWhenParts("saturday 8", wednesdayNov)?.date).toBe("2026-11-28");
    expect(readWhenParts("she's on a late shift tomorrow. Can we move it to Sunday, same time?", wednesdayNov)?.date).toBe("2026-11-29");
    expect(readWhenParts("hiya, wee table for 3 the night?", wednesdayNov)?.date).toBe("2026-11-25");
    // Back to the first weekday after a remark about another: the one right after the last correcting word.
    expect(
      readWhenParts(
        "Mesa pra 4 no sábado, umas 10 da noite? A gente vai no Bernabéu antes... não, pera, o jogo é domingo 😂 então sábado às 21h mesmo",
        wednesdayNov,
      ),
    ).toMatchObject({
      date: "2026-11-28",
      time: "21:00",
    });
    expect(questionParts("em nome de Amélia Sousa. Aproveito para perguntar se posso levar a minha cadelinha, que é muito sossegada.")).toEqual([
      "Aproveito para perguntar se posso levar a minha cadelinha",
    ]);
    expect(factQuestion("e vocês ficam onde exatamente?")?.topics).toEqual(["address"]);
  });

  it("reads hours in words, a day of the month as no count, a count for an earlier message, and the party by its ages and names", () => {
    const wednesdayDec = { timeZone: "Europe/Lisbon", now: new Date("2026-12-02T12:00:00Z") };
    expect(readWhenParts("could Dermot and myself get a table for Sunday lunch, one o'clock?", wednesdayDec)?.time).toBe("13:00");
    expect(readWhenParts("para o almoço de sexta-feira, dia 4 de dezembro, à uma e meia da tarde", wednesdayDec)).toMatchObject({
      date: "2026-12-04",
      time: "13:30",
    });
    expect(withoutRepairs("12 of us on Thursday 3 Dec around 8. Actually make that 10, two have just dropped out.")).toMatch(
      /^10 of us on Thursday 3 Dec/,
    );
    // The margheritas were counted in an earlier message: the street number is not corrected.
    expect(withoutRepairs("rua do norte 88, 2nd floor. oh wait make it 2 margheritas and 1 diavola")).toMatch(/rua do norte 88/);
    expect(readPartySize("We are 6 persons, 2 of them are children of 4 and 7 years.")).toBe(6);
    expect(readPartySize("can i book a table for tomorrow night we are for people at like eight thirty")).toBe(4);
    expect(readPartySize("could Dermot and myself get a table for Sunday lunch, one o'clock?")).toBe(2);
  });

  it("ends an address at an emoji or 'é pra', takes the name from 'my details:', and notes how a dish should come", () => {
    expect(readAddressInText("pra entregar na Rua de São Bento 210, é pra Camila Rocha 😍 ah, e a caprese pode vir sem manjericão?")).toBe(
      "Rua de São Bento 210",
    );
    expect(readNameInText("Dear sir/madam, kindly note my details: Arjun Rao, arjun.rao@nimbustech.in. Please revert by email")).toBe("Arjun Rao");
    expect(staffNotes("ah, e a caprese pode vir sem manjericão? meu namorado odeia kkkk")).toEqual(["a caprese pode vir sem manjericão"]);
    expect(staffNotes("oh and she doesn't eat pork, not sure if that matters 😅 but yes, go ahead")).toEqual(["and she doesn't eat pork"]);
  });
});

describe("readings added from the 2026-12-07/08 probe sets", () => {
  it("reads a yes said as a sentence beside thanks and blessings, and a yes beside a note at a confirmation", () => {
    expect(saysYes("That would be grand, yes please, thank you")).toBe(true);
    expect(saysYes("Por lo demás está bien así. Un saludo")).toBe(true);
    expect(saysYes("Lucía Moreno, porfa confirmad ✨")).toBe(true);
    expect(saysYes("Andrés Gil, de una")).toBe(true);
    expect(saysYes("no, that's not right")).toBe(false);
    expect(saysYes("thanks")).toBe(false);
    // What is left of a message once its note is taken out: the clause that agrees with the rest.
    expect(agreementBeside("Ah, e vamos com um bebé, . De resto está tudo certo, obrigada!")).toBe("de resto esta tudo certo");
    expect(agreementBeside("Oh , so . Grand, that's all lovely, God bless")).toBe("that s all lovely");
    expect(agreementBeside("Oh, one more thing - , could you note that please? Otherwise that's all correct, many thanks.")).toBe(
      "otherwise that s all correct",
    );
    expect(agreementBeside("no, otherwise that's all correct")).toBeNull();
    expect(agreementBeside("what time? otherwise fine")).toBeNull();
    expect(smallTalk("Yes, that's all correct. Many thanks.")?.kind).toBe("thanks");
  });

  it("takes the count corrected with 'no 7 actually', 'ah non', 'así que 4', counts people listed one by one, and 'one more thing' adds nobody", () => {
    expect(readPartySize(asMeant("table for 6 fri, no 7 actually my mates gf is coming, around half 8"))).toBe(7);
    expect(readPartySize(asMeant("somos 6... ah non, 7"))).toBe(7);
    expect(readPartySize("Che, reservá para 6 el viernes a las 21, bah, éramos 6 pero se bajaron dos, así que 4")).toBe(4);
    expect(readPartySize("¿Me regala una mesa para el domingo a la 1:30 de la tarde? Somos mi esposo, yo y mi hijo de 3 años.")).toBe(3);
    expect(readPartySize("uma mesa para o almoço de sexta-feira, ao meio-dia e meia, para mim, para o meu marido e para a minha irmã.")).toBe(3);
    expect(readPartySize("para mim e para a minha mulher")).toBe(2);
    expect(partyChange("Oh, one more thing - my daughter is allergic to sesame")).toBeNull();
    expect(partyChange("e mais uma coisa: o meu filho é celíaco")).toBeNull();
    expect(partyChange("one more person is joining")).toBe(1);
  });

  it("reads 'at like seven thirty pm', and 'make it Saturday instead' beside a Friday said of something else", () => {
    expect(readWhenParts("hi can i book a table for 5 people on saturday at like seven thirty pm", wednesday)).toEqual({
      date: "2026-11-28",
      time: "19:30",
    });
    expect(readWhenParts("Actually can we make it Saturday instead, same time? She's working late on Friday. It's Ben Carter", wednesday)?.date).toBe(
      "2026-11-28",
    );
  });

  it("asks the way and the hours said as a wish to know; a remark about the customer's own plans asks nothing", () => {
    expect(factQuestion("Buenas tardes, no quiero pedir nada todavía, solo saber a qué hora abren el domingo. Un saludo")?.topics).toEqual(["hours"]);
    const way = factQuestion(
      "Good afternoon sir/madam, my colleague will do the booking later. Kindly tell me how to reach your restaurant by metro.",
    );
    expect(way?.topics).toEqual(["address"]);
    expect(way?.rests).toEqual(["directions metro"]);
    expect(factQuestion("my colleague will do the booking later. what are your hours?")?.rests).toEqual([]);
    // A request beside the question is still a part to act on.
    expect(factQuestion("I want 3 diavolas, and do you take card on delivery?")?.rests.length).toBeGreaterThan(0);
  });

  it("keeps the conversation's language on a one-letter 'y'", () => {
    expect(languageScores("y")).toEqual({ en: 0, pt: 0, es: 0 });
    expect(languageScores("¿y?").es).toBeGreaterThan(0);
  });

  it("reads 'a couple of' as two, ends an address at 'and whats', splits 'whats' as a question, and 'sexta, não esta, a outra' a week on", () => {
    expect(asMeant("2 diavolas, a quattro formaggi and a couple of cokes for pickup")).toBe("2 diavolas, a quattro formaggi and 2 cokes for pickup");
    expect(asMeant("un par de cañas")).toBe("2 cañas");
    expect(readAddressInText("yo can u deliver 2 diavolas to rua do alecrim 20 and whats the wifi pw again lol")).toBe("rua do alecrim 20");
    expect(questionParts("deliver 2 diavolas to rua do alecrim 20 and whats the wifi pw again")).toEqual(["whats the wifi pw again"]);
    expect(readWhenParts("Queria reservar jantar para sexta, nao esta, a outra, as 20h, somos 4", wednesday)?.date).toBe("2026-12-04");
    expect(readWhenParts("el viernes, no este, el siguiente, a las 9", wednesday)?.date).toBe("2026-12-04");
    expect(readWhenParts("friday at 8", wednesday)?.date).toBe("2026-11-27");
  });

  it("never takes a time said at the name question as the party, and counts the people as they are listed", () => {
    expect(readPartySize(asMeant("Actually, would it be possible to make it 19:00 instead? The children get tired."))).toBeNull();
    expect(readPartySize(asMeant("Oh shoot, can we make it 8:30pm instead? Sorry!!"))).toBeNull();
    expect(readPartySize(asMeant("Claire Bennett. Sorry, could we make that 13:30 instead? My son has football until 12:45."))).toBeNull();
    expect(asMeant("21:00. actually 4ppl, colleague joining")).toContain("21:00");
    expect(asksForHuman("21:00. actually 4ppl, colleague joining")).toBeNull();
    expect(readPartySize("espérate que mi cuñao dice que él no viene, pon 7")).toBe(7);
    expect(readPartySize("Carago, esquecia-me da minha sogra e do meu cunhado. Mete 12")).toBe(12);
    expect(readPartySize("queremos reservar el viernes a las 21:00, somos 5 y luego se unen 2 más que llegan sobre las 22:00")).toBe(7);
    expect(readPartySize("for 4, and 2 more beers")).toBe(4);
    expect(readPartySize("Could I book a table for my husband and me, our three children and my mother-in-law, on Saturday at half past one?")).toBe(
      6,
    );
    expect(readPartySize("can I get a table for me my wife our three kids and my mum and dad on saturday at one thirty pm name is Tom Harris")).toBe(
      7,
    );
    expect(readPartySize("a table for half a dozen of us on Thursday evening at eight please")).toBe(6);
    expect(readPartySize("hey can we get a table for for on saturday at seven thirty")).toBe(4);
  });

  it("reads names after interjections and before thanks, and thanks closing the last detail as agreement", () => {
    expect(readNameAnswer("Claire Bennett. Many thanks")).toBe("Claire Bennett");
    expect(readNameAnswer("Carago, esquecia-me da minha sogra e do meu cunhado. Mete 12")).toBeNull();
    expect(readNameAnswer("ah bummer, we'll have to do another trip for it haha. tonight's still on tho. names Liam Carter")).toBe("Liam Carter");
    expect(agreesWhileAnswering("ok, name Sander de Vries. thx")).toBe(true);
    expect(agreesWhileAnswering("its sophie! ty!!")).toBe(true);
    expect(agreesWhileAnswering("Sophie")).toBe(false);
    expect(saysYes("sound send it")).toBe(true);
    expect(saysYes(agreementBeside("That's grand. Oh and . Yes, book it please, God bless.") ?? "")).toBe(true);
  });

  it("reads '12.12.', 'the first one after 9:15', Monday asked alone after the hours, and the way a question is put in Portuguese", () => {
    expect(readWhenParts("Is it possible that we come on 12.12. at 20:00? We are 3 persons", wednesday)).toEqual({
      date: "2026-12-12",
      time: "20:00",
    });
    expect(readWhenParts("at 8.30. see you", wednesday)?.time).toBe("20:30");
    expect(
      readWhenParts(
        "a fado show on Saturday that ends at 9:15pm — could we get a table for 2 right after that? Like whatever's the first one after 9:15!",
        wednesday,
      )?.time,
    ).toBe("21:30");
    expect(factQuestion("And Monday also?")?.topics).toEqual(["hours"]);
    expect(asksSomething("Perguntava ainda se posso levar a minha cadelinha, é pequenina")).toBe(true);
    expect(readAddressInText("if you people deliver to Calle de Toledo 60, and if yes I would like 2 croquetas de jamon")).toBe("Calle de Toledo 60");
    expect(staffNotes("ah y q las gambas sean poco picantes porfa")).toHaveLength(1);
  });

  it("settles on the weekday said with 'then', and takes 'a flan no wait two flans' as two", () => {
    const sunday = { timeZone: "Europe/Madrid", now: new Date("2026-11-29T16:00:00Z") };
    expect(readWhenParts("Oh dear, I always forget you're closed on Mondays. Tuesday then, same time. Gary Doyle", sunday)?.date).toBe("2026-12-01");
    expect(readWhenParts("Friday... actually make it Saturday", sunday)?.date).toBe("2026-12-05");
    expect(asMeant("and also a flan no wait two flans sorry my mom wants one too")).toBe("and also two flan sorry my mom wants one too");
  });

  it("answers the question beside 'r u a bot', reads 'ok cool what time do u close', closing thanks and goodbyes", () => {
    expect(asksIfBot("haha r u a robot or a real human 🤖 either way, can my mate's dog come inside with us? cute lil guy 🐶")).toBe(true);
    expect(
      asksForHuman("Hello, is this a real person or one of those computer things? Sorry, I'm hopeless with these. Are you open tomorrow for lunch?"),
    ).toBeNull();
    expect(factQuestion("ok cool what time do u close tonight")?.topics).toEqual(["hours"]);
    expect(factQuestion("vale vale jaja y a q hora cerrais hoy?")?.rests).toEqual([]);
    expect(factQuestion("¿tenéis algún menú cerrado para grupos?")?.topics ?? []).not.toContain("hours");
    expect(smallTalk("Thank you sir, that is all.")?.kind).toBe("thanks");
    expect(smallTalk("ty!! u guys are the best, bye 👋")?.kind).toBe("goodbye");
    expect(smallTalk("Muito obrigada! Até sábado 😊")?.kind).toBe("goodbye");
    expect(smallTalk("legend, cheers!")?.kind).toBe("thanks");
    expect(smallTalk("catch ya 👋")?.kind).toBe("goodbye");
    expect(asksForHuman("vale, pues porfa que alguien me contacte para cerrarlo")).toBe("es");
    expect(readAddressInText("che quiero 4 raciones de croquetas a domicilio, calle de toledo 60, y pago con tarjeta al repartidor, no?")).toBe(
      "calle de toledo 60",
    );
  });

  it("reads the 2026-12-14 and 2026-12-15 probe sets' messages as a person would", () => {
    // A new booking asked for is no change of one made before, whatever "passar" means beside it.
    expect(bookingAction("Boa tarde, queria reservar mesa para 2 na sexta às 21h, vamos passar o fim de semana a Madrid")).toBeNull();
    expect(bookingAction("quero mudar a minha reserva para as 21h")).toBe("change");
    // "Nada más ... sí confirmo" confirms: "nada más" refuses nothing.
    expect(agreementBeside("Nada más. A nombre de Nuria Vidal, sí confirmo. Obrigada!")).toBe("si confirmo");
    expect(saysYes("mais nada, pode confirmar")).toBe(true);
    // A time said in words and corrected at once; "são 5, não 4" takes back the 4, not another count.
    expect(withoutRepairs("a table for four on friday at like seven thirty no wait eight because my mum finishes late")).toBe(
      "a table for four on friday at like eight because my mum finishes late",
    );
    expect(withoutRepairs("4 Pizza Margherita, 2 Caesar Salad e 6 águas. Aliás, são 5 margheritas, não 4. Cumprimentos")).toBe(
      "5 Pizza Margherita, 2 Caesar Salad e 6 águas. Cumprimentos",
    );
    expect(withoutRepairs("3 bravas no 4")).toBe("4 bravas");
    // Every question of "…so short: is there a parking near you and do you have a menu for kids?".
    expect(questionParts("Hello, I am writing from the tram so short: is there a parking near you and do you have a menu for kids?")).toEqual([
      "is there a parking near you",
      "do you have a menu for kids?",
    ]);
    expect(questionParts("yo can i get 1 margherita delivered to rua da rosa 55 2nd floor, hows much is delivery")).toEqual([
      "hows much is delivery",
    ]);
    // "beleza?" greets; the three real questions are all kept.
    expect(
      questionParts("E aí, beleza? To no metrô, rapidinho: vcs fazem entrega no hotel? quanto sai a taxa? e aceitam cartão na entrega?"),
    ).toHaveLength(3);
    // "é possivel?" asks about what was said before it.
    expect(questionParts("Queria reservar mesa para 2 na sexta as 21h, e queriamos comer a paella, é possivel?")).toEqual([
      "e queriamos comer a paella, é possivel?",
    ]);
    // The address stops where the rest of the message starts.
    expect(readAddress("Al hotel, Rua da Madalena 50. Estamos en el tranvía, llegamos en media hora más o menos jaja")).toBe(
      "Al hotel, Rua da Madalena 50",
    );
    expect(readAddressInText("yo can i get 1 margherita delivered to rua da rosa 55 2nd floor, hows much is delivery")).toBe(
      "rua da rosa 55 2nd floor",
    );
    // Praise with a greeting asked beside it, "valeu" as thanks; a name with an apostrophe.
    expect(smallTalk("boas tds bem? ya so pa dizer q a pizza de ontem tava brutal 🔥")?.kind).toBe("praise");
    expect(smallTalk("obg, bom trabalho pa malta, xau")?.kind).toBe("praise");
    expect(smallTalk("show, valeu!")?.kind).toBe("thanks");
    expect(readNameInText("Hello love, Maureen O'Sullivan here. Dermot and I would like a table for 2 tomorrow at 1pm.")).toBe("Maureen O'Sullivan");
    // How the customer says they will pay, not asking.
    expect(statedPayment("... Calle de Segovia 21, 3ª planta. Pago con tarjeta.")).toBe("Pago con tarjeta");
    expect(statedPayment("I'll pay by card")).toBe("Ill pay by card");
    expect(statedPayment("pago con tarjeta?")).toBeNull();
    // The table's time, not the time the match ends; the total said after a change of the party.
    const madrid = { timeZone: "Europe/Madrid", now: new Date("2026-11-25T11:00:00Z") };
    expect(readWhenParts("A gente sai do jogo do Atlético umas 21h15, dá pra uma mesa pras 22h na sexta? Somos 6", madrid)).toEqual({
      date: "2026-11-27",
      time: "22:00",
    });
    expect(readPartySize("Reserva para 9 el viernes a las 20:30. Bueno, espera, que se apuntan dos más: 11.")).toBe(11);
    expect(readPartySize("Uy, y al final Marta no viene, así que 10. Perdona el lío jaja")).toBe(10);
    expect(partyChange("al final Marta no viene")).toBe(-1);
    expect(asMeant("Hi, 8 of us for Friday, around 9pm - one veggie. Actually two just dropped out so make it 6")).toContain("one veggie");
    expect(readPartySize("Hi, 8 of us for Friday, around 9pm - one veggie. Actually two just dropped out so make it 6")).toBe(6);
    expect(readPartySize("Domingo ao almoço, às 13h, somos 9. Espera, carago, são 11, vêm os sobrinhos de Braga.")).toBe(11);
    expect(asMeant("mándame 2 bocadillos de calamares, no espera, que sean 3, y una paella")).toBe("mándame 3 bocadillos de calamares, y una paella");
    const lisbon = { timeZone: "Europe/Lisbon", now: new Date("2026-11-25T11:00:00Z") };
    expect(readWhenParts("putz. entao domingo almoço, 2 da tarde", lisbon)).toMatchObject({ date: "2026-11-29", time: "14:00" });
    expect(readNameInText("Vocês têm paella no sábado né? Reserva no nome de Rodrigo Alves")).toBe("Rodrigo Alves");
    expect(agreesWhileAnswering("Vale, pues mesa dentro sin problema. Confírmame la reserva porfa")).toBe(true);
    expect(soundsAggrieved("Ayer pedimos a domicilio para la oficina y faltaban las croquetas. Lo habíamos pagado.")).toBe(true);
    expect(soundsAggrieved("Mandei foto do talão de ontem. Cobraram 2 tiramisus e só comemos 1")).toBe(true);
    // The occasion is the note, not the booking asked for in the same clause.
    expect(staffNotes("Hi! I'd love to book a table for 2 this Thursday at 9pm for our anniversary, and could we pre-order the paella?")).toEqual([
      "for our anniversary",
    ]);
  });
});
