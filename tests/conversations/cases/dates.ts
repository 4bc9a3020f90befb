// Dates and times with context, in Lisbon time: a bare time keeps the date already given, "tomorrow
// lunch", "depois de amanhã", "pasado mañana", "el sábado", "next friday", "tonight", past times refused
// with the reason, a closed day answered with the nearest open times.
// Default now: Wednesday 25 November 2026, 16:00 (between lunch and dinner service).
import type { Case } from "../types";
import { at, CLOSED, PAST } from "./facts";

const SATURDAY_MORNING = "2026-11-28T11:00";
const SUNDAY_MORNING = "2026-11-29T10:00";
const WEDNESDAY_LATE = "2026-11-25T21:30";
// Summer time (WEST, UTC+1): a Wednesday evening in July 2027.
const SUMMER_EVENING = "2027-07-14T18:30";

export const cases: Case[] = [
  // A bare time after a date keeps that date.
  {
    id: "dates-en-01",
    category: "dates",
    lang: "en",
    turns: [{ say: "table for 2 tomorrow at 4pm, name Mark", replyHas: [CLOSED.en] }, { say: "ok 7pm then" }, { say: "yes", replyHas: [at(19)] }],
    outcome: { handoff: false, bookings: [{ partySize: 2, when: "2026-11-26T19:00", name: "Mark" }] },
  },
  {
    id: "dates-pt-01",
    category: "dates",
    lang: "pt",
    turns: [
      { say: "Mesa para 3 amanhã às 16h, em nome do Tiago", replyHas: [CLOSED.pt] },
      { say: "então às 20h" },
      { say: "sim", replyHas: [at(20)] },
    ],
    outcome: { handoff: false, bookings: [{ partySize: 3, when: "2026-11-26T20:00", name: "Tiago" }] },
  },
  {
    id: "dates-es-01",
    category: "dates",
    lang: "es",
    turns: [
      { say: "Mesa para 4 el sábado a las 17:00, a nombre de Elena", replyHas: [CLOSED.es] },
      { say: "vale, pues a las 21:00" },
      { say: "sí", replyHas: [at(21)] },
    ],
    outcome: { handoff: false, bookings: [{ partySize: 4, when: "2026-11-28T21:00", name: "Elena" }] },
  },
  {
    id: "dates-en-02",
    category: "dates",
    lang: "en",
    messy: true,
    turns: [{ say: "sunday for 4 ppl pls, name's Greg" }, { say: "8pm" }, { say: "yep 👍", replyHas: [at(20)] }],
    outcome: { handoff: false, bookings: [{ partySize: 4, when: "2026-11-29T20:00", name: "Greg" }] },
  },
  // "tomorrow lunch"
  {
    id: "dates-en-03",
    category: "dates",
    lang: "en",
    turns: [{ say: "can we get a table for 4 tomorrow lunch? name Sophie" }, { say: "1pm" }, { say: "yes", replyHas: [at(13)] }],
    outcome: { handoff: false, bookings: [{ partySize: 4, when: "2026-11-26T13:00", name: "Sophie" }] },
  },
  {
    id: "dates-pt-02",
    category: "dates",
    lang: "pt",
    turns: [{ say: "Mesa para 2 amanhã ao almoço, pelas 13h30, nome Sofia" }, { say: "sim", replyHas: [at(13, 30)] }],
    outcome: { handoff: false, bookings: [{ partySize: 2, when: "2026-11-26T13:30", name: "Sofia" }] },
  },
  {
    id: "dates-es-02",
    category: "dates",
    lang: "es",
    turns: [{ say: "Mesa para 3 mañana para comer, a las 14h. Soy Marta" }, { say: "sí" }],
    outcome: { handoff: false, bookings: [{ partySize: 3, when: "2026-11-26T14:00", name: "Marta" }] },
  },
  {
    id: "dates-en-04",
    category: "dates",
    lang: "en",
    messy: true,
    turns: [{ say: "tmrw lunch for 5 ppl around 12.30, its for Ben" }, { say: "yes" }],
    outcome: { handoff: false, bookings: [{ partySize: 5, when: "2026-11-26T12:30", name: "Ben" }] },
  },
  // "depois de amanhã" is Friday 27, not tomorrow.
  {
    id: "dates-pt-03",
    category: "dates",
    lang: "pt",
    turns: [{ say: "Queria reservar para depois de amanhã às 20h, somos 4" }, { say: "Miguel" }, { say: "sim" }],
    outcome: { handoff: false, bookings: [{ partySize: 4, when: "2026-11-27T20:00", name: "Miguel" }] },
  },
  {
    id: "dates-pt-04",
    category: "dates",
    lang: "pt",
    messy: true,
    turns: [{ say: "mesa pra 2 depois de amanha as 21h, nome ines" }, { say: "sim" }],
    outcome: { handoff: false, bookings: [{ partySize: 2, when: "2026-11-27T21:00", name: "Inês" }] },
  },
  {
    id: "dates-pt-05",
    category: "dates",
    lang: "pt",
    turns: [{ say: "Há mesa para 6 depois de amanhã ao jantar? Tipo 20h30" }, { say: "Ricardo" }, { say: "sim", replyHas: [at(20, 30)] }],
    outcome: { handoff: false, bookings: [{ partySize: 6, when: "2026-11-27T20:30", name: "Ricardo" }] },
  },
  // "pasado mañana"
  {
    id: "dates-es-03",
    category: "dates",
    lang: "es",
    turns: [{ say: "Quiero una mesa para 2 pasado mañana a las 20:30" }, { say: "Andrés" }, { say: "sí" }],
    outcome: { handoff: false, bookings: [{ partySize: 2, when: "2026-11-27T20:30", name: "Andrés" }] },
  },
  {
    id: "dates-es-04",
    category: "dates",
    lang: "es",
    messy: true,
    turns: [{ say: "pasado mañana x la noche, 4 personas, a las 9 y media" }, { say: "a nombre de Sara" }, { say: "vale" }],
    outcome: { handoff: false, bookings: [{ partySize: 4, when: "2026-11-27T21:30", name: "Sara" }] },
  },
  {
    id: "dates-es-05",
    category: "dates",
    lang: "es",
    turns: [{ say: "¿Hay sitio pasado mañana para comer? Seríamos 3 a las 13:00. Me llamo Raúl" }, { say: "sí", replyHas: [at(13)] }],
    outcome: { handoff: false, bookings: [{ partySize: 3, when: "2026-11-27T13:00", name: "Raúl" }] },
  },
  // "el sábado"
  {
    id: "dates-es-06",
    category: "dates",
    lang: "es",
    turns: [{ say: "Reserva para 5 el sábado a las 21:00, a nombre de Isabel" }, { say: "sí" }],
    outcome: { handoff: false, bookings: [{ partySize: 5, when: "2026-11-28T21:00", name: "Isabel" }] },
  },
  {
    id: "dates-es-07",
    category: "dates",
    lang: "es",
    messy: true,
    turns: [{ say: "el sabado a las 2 para comer, somos 4" }, { say: "Nuria" }, { say: "sí", replyHas: [at(14)] }],
    outcome: { handoff: false, bookings: [{ partySize: 4, when: "2026-11-28T14:00", name: "Nuria" }] },
  },
  {
    id: "dates-es-08",
    category: "dates",
    lang: "es",
    turns: [{ say: "¿Podéis el sábado por la noche? 2 personas, a las 20h" }, { say: "Jorge" }, { say: "sí" }],
    outcome: { handoff: false, bookings: [{ partySize: 2, when: "2026-11-28T20:00", name: "Jorge" }] },
  },
  // "next friday", said on a weekend: the coming Friday, 4 December.
  {
    id: "dates-en-05",
    category: "dates",
    lang: "en",
    now: SATURDAY_MORNING,
    turns: [{ say: "table for 4 next friday at 8pm please" }, { say: "Laura" }, { say: "yes" }],
    outcome: { handoff: false, bookings: [{ partySize: 4, when: "2026-12-04T20:00", name: "Laura" }] },
  },
  {
    id: "dates-pt-06",
    category: "dates",
    lang: "pt",
    now: SUNDAY_MORNING,
    turns: [{ say: "Reserva para 2 na próxima sexta às 21h, nome Joana" }, { say: "sim" }],
    outcome: { handoff: false, bookings: [{ partySize: 2, when: "2026-12-04T21:00", name: "Joana" }] },
  },
  {
    id: "dates-es-09",
    category: "dates",
    lang: "es",
    now: SATURDAY_MORNING,
    turns: [{ say: "mesa para 3 el viernes que viene a las 20:30, soy Alba" }, { say: "sí" }],
    outcome: { handoff: false, bookings: [{ partySize: 3, when: "2026-12-04T20:30", name: "Alba" }] },
  },
  {
    id: "dates-en-06",
    category: "dates",
    lang: "en",
    messy: true,
    now: SUNDAY_MORNING,
    turns: [{ say: "next fri 2 ppl 9pm, name's Jack" }, { say: "yes" }],
    outcome: { handoff: false, bookings: [{ partySize: 2, when: "2026-12-04T21:00", name: "Jack" }] },
  },
  // "tonight"
  {
    id: "dates-en-07",
    category: "dates",
    lang: "en",
    turns: [{ say: "Any chance of a table for 2 tonight around 9?" }, { say: "Anna" }, { say: "yes", replyHas: [at(21)] }],
    outcome: { handoff: false, bookings: [{ partySize: 2, when: "2026-11-25T21:00", name: "Anna" }] },
  },
  {
    id: "dates-pt-07",
    category: "dates",
    lang: "pt",
    turns: [{ say: "Têm mesa para 4 hoje à noite às 20h?" }, { say: "Paulo" }, { say: "sim" }],
    outcome: { handoff: false, bookings: [{ partySize: 4, when: "2026-11-25T20:00", name: "Paulo" }] },
  },
  {
    id: "dates-es-10",
    category: "dates",
    lang: "es",
    turns: [{ say: "¿Tenéis mesa esta noche para 2 a las 21:30?" }, { say: "Lola" }, { say: "sí" }],
    outcome: { handoff: false, bookings: [{ partySize: 2, when: "2026-11-25T21:30", name: "Lola" }] },
  },
  {
    id: "dates-en-08",
    category: "dates",
    lang: "en",
    messy: true,
    turns: [{ say: "tonite 4 ppl 8pm?? 🙏 name is Ryan" }, { say: "ya" }],
    outcome: { handoff: false, bookings: [{ partySize: 4, when: "2026-11-25T20:00", name: "Ryan" }] },
  },
  // Past times are refused with the reason, then a later time is booked on the same day.
  {
    id: "dates-en-09",
    category: "dates",
    lang: "en",
    turns: [{ say: "table for 2 today at 1pm, name Kate", replyHas: [PAST.en] }, { say: "ok how about 8pm" }, { say: "yes", replyHas: [at(20)] }],
    outcome: { handoff: false, bookings: [{ partySize: 2, when: "2026-11-25T20:00", name: "Kate" }] },
  },
  {
    id: "dates-pt-08",
    category: "dates",
    lang: "pt",
    now: WEDNESDAY_LATE,
    turns: [{ say: "Mesa para 2 hoje às 21h, em nome da Rita", replyHas: [PAST.pt] }, { say: "então às 22h" }, { say: "sim" }],
    outcome: { handoff: false, bookings: [{ partySize: 2, when: "2026-11-25T22:00", name: "Rita" }] },
  },
  {
    id: "dates-es-11",
    category: "dates",
    lang: "es",
    now: WEDNESDAY_LATE,
    turns: [{ say: "Mesa para 3 hoy a las 20:00, soy Hugo", replyHas: [PAST.es] }, { say: "vale, ¿y a las 22:00?" }, { say: "sí" }],
    outcome: { handoff: false, bookings: [{ partySize: 3, when: "2026-11-25T22:00", name: "Hugo" }] },
  },
  {
    id: "dates-en-10",
    category: "dates",
    lang: "en",
    messy: true,
    now: WEDNESDAY_LATE,
    turns: [{ say: "2 ppl tonight 8pm? name Leo", replyHas: [PAST.en] }, { say: "10pm then" }, { say: "yes" }],
    outcome: { handoff: false, bookings: [{ partySize: 2, when: "2026-11-25T22:00", name: "Leo" }] },
  },
  // A closed day (Monday): said so, with the nearest open times; the customer picks one.
  {
    id: "dates-en-11",
    category: "dates",
    lang: "en",
    turns: [
      { say: "Can I book a table for 4 on Monday at 8pm? I'm Alex", replyHas: [CLOSED.en, /tuesday|sunday/i] },
      { say: "tuesday then, same time" },
      { say: "yes", replyHas: [at(20)] },
    ],
    outcome: { handoff: false, bookings: [{ partySize: 4, when: "2026-12-01T20:00", name: "Alex" }] },
  },
  {
    id: "dates-pt-09",
    category: "dates",
    lang: "pt",
    now: SUNDAY_MORNING,
    turns: [
      { say: "Mesa para 2 amanhã às 20h, nome Vasco", replyHas: [CLOSED.pt, /terca|domingo|hoje/i] },
      { say: "pode ser terça à mesma hora" },
      { say: "sim" },
    ],
    outcome: { handoff: false, bookings: [{ partySize: 2, when: "2026-12-01T20:00", name: "Vasco" }] },
  },
  {
    id: "dates-es-12",
    category: "dates",
    lang: "es",
    turns: [
      { say: "Quería mesa para 6 el lunes a las 21:00, a nombre de Teresa", replyHas: [CLOSED.es, /martes|domingo/i] },
      { say: "pues el martes a las 21:00" },
      { say: "sí" },
    ],
    outcome: { handoff: false, bookings: [{ partySize: 6, when: "2026-12-01T21:00", name: "Teresa" }] },
  },
  // Summer time: the same wall clock, one hour off UTC.
  {
    id: "dates-en-12",
    category: "dates",
    lang: "en",
    now: SUMMER_EVENING,
    turns: [{ say: "table for 2 tonight at 9pm, name Noah" }, { say: "yes", replyHas: [at(21)] }],
    outcome: { handoff: false, bookings: [{ partySize: 2, when: "2027-07-14T21:00", name: "Noah" }] },
  },
  {
    id: "dates-pt-10",
    category: "dates",
    lang: "pt",
    now: SUMMER_EVENING,
    turns: [{ say: "Mesa para 4 amanhã às 13h, nome Marta Sousa" }, { say: "sim", replyHas: [at(13)] }],
    outcome: { handoff: false, bookings: [{ partySize: 4, when: "2027-07-15T13:00", name: "Marta Sousa" }] },
  },
  {
    id: "dates-es-13",
    category: "dates",
    lang: "es",
    now: SUMMER_EVENING,
    turns: [{ say: "Mesa para 3 el sábado a las 20:30, a nombre de Paula" }, { say: "sí", replyHas: [at(20, 30)] }],
    outcome: { handoff: false, bookings: [{ partySize: 3, when: "2027-07-17T20:30", name: "Paula" }] },
  },
  {
    id: "dates-pt-11",
    category: "dates",
    lang: "pt",
    messy: true,
    now: SUMMER_EVENING,
    turns: [{ say: "mesa p 2 hj as 14h, nome Rui", replyHas: [PAST.pt] }, { say: "ok entao as 21h" }, { say: "sim" }],
    outcome: { handoff: false, bookings: [{ partySize: 2, when: "2027-07-14T21:00", name: "Rui" }] },
  },
];
