import type { DetectedLanguage } from "../../language";
import { formatDateTime, formatDay, formatWeekday, localeOf as localeFor } from "../../shared/locale-format";

// What the dialogue manager says on its own while a skill runs (a cancel, a switch, a time in the
// past, the hours), in the three languages the assistant speaks end to end.

type Phrases = {
  cancelled: string;
  nothingToCancel: string;
  switchTo: (skill: string) => string;
  keepGoing: string;
  past: (now: string) => string;
  closedDay: (day: string) => string;
  closedAt: (hours: string) => string;
  /** "tonight" on a day open only at lunch (and the other way round): the day's hours are said. */
  closedMeal: (day: string, meal: "lunch" | "dinner", hours: string) => string;
  nearest: (times: string) => string;
  /** The next opening after a closed day ("Monday 10:00"). */
  opensAgain: (when: string) => string;
  full: string;
  askTime: (day: string, hours: string) => string;
  askTimeOnly: (day: string) => string;
  bookingCancelled: (when: string) => string;
  bookingChanged: (when: string, size: number) => string;
  noBooking: string;
  askNewTime: string;
  cartEmpty: string;
  removed: (title: string) => string;
  minimum: (min: string, subtotal: string) => string;
  /** A WhatsApp Flow was sent and the customer wrote instead of filling it in. */
  fillForm: string;
  and: string;
  or: string;
};

export const phrases: Record<DetectedLanguage, Phrases> = {
  en: {
    cancelled: "No problem, I've cancelled that and saved nothing. Just write whenever you need something else.",
    nothingToCancel: "There's nothing in progress to cancel. How can I help?",
    switchTo: (skill) => `Shall I drop what we were doing and start "${skill}" instead? (yes/no)`,
    keepGoing: "Ok, let's carry on.",
    past: (now) => `That time has already passed (it's ${now} now). Please choose a later time.`,
    closedDay: (day) => `We're closed on ${day}.`,
    closedAt: (hours) => `We're not open at that time: that day we're open ${hours}.`,
    closedMeal: (day, meal, hours) => `We're closed on ${day} ${meal === "dinner" ? "evening" : "at lunchtime"}: that day we're open ${hours}.`,
    nearest: (times) => `The nearest times I can offer: ${times}.`,
    opensAgain: (when) => `We open again ${when}.`,
    full: "That time is fully booked.",
    askTime: (day, hours) => `What time on ${day}? We're open ${hours}.`,
    askTimeOnly: (day) => `What time on ${day}?`,
    bookingCancelled: (when) => `Your booking for ${when} is cancelled. Hope to see you another time!`,
    bookingChanged: (when, size) => `Done: your booking is now for ${size} on ${when}.`,
    noBooking: "I couldn't find an upcoming booking under this phone number.",
    askNewTime: "Sure. What day and time would you like instead?",
    cartEmpty: "Your order is empty now. What would you like?",
    removed: (title) => `Removed ${title}.`,
    minimum: (min, subtotal) => `The minimum for delivery is ${min} (your order is ${subtotal}). Add something more, or choose pickup.`,
    fillForm: "Please fill in the form: tap the button below.",
    and: "and",
    or: "or",
  },
  pt: {
    cancelled: "Sem problema, cancelei e não guardei nada. Escreva quando precisar de outra coisa.",
    nothingToCancel: "Não há nada em curso para cancelar. Em que posso ajudar?",
    switchTo: (skill) => `Quer deixar o que estávamos a fazer e passar para "${skill}"? (sim/não)`,
    keepGoing: "Ok, vamos continuar.",
    past: (now) => `Essa hora já passou (agora são ${now}). Escolha uma hora mais tarde, por favor.`,
    // "à segunda-feira" but "ao sábado", "ao domingo".
    closedDay: (day) => `Estamos fechados ${/^(s[áa]bado|domingo)/i.test(day) ? "ao" : "à"} ${day}.`,
    closedAt: (hours) => `Não estamos abertos a essa hora: nesse dia abrimos ${hours}.`,
    closedMeal: (day, meal, hours) =>
      `${day.charAt(0).toUpperCase()}${day.slice(1)} ${meal === "dinner" ? "à noite" : "ao almoço"} estamos fechados: nesse dia abrimos ${hours}.`,
    nearest: (times) => `Os horários mais próximos que posso oferecer: ${times}.`,
    opensAgain: (when) => `Voltamos a abrir ${when}.`,
    full: "Essa hora está esgotada.",
    askTime: (day, hours) => `A que horas, ${day}? Estamos abertos das ${hours.replace(/-/g, " às ")}.`,
    askTimeOnly: (day) => `A que horas, ${day}?`,
    bookingCancelled: (when) => `A sua reserva de ${when} foi cancelada. Esperamos vê-lo noutra altura!`,
    bookingChanged: (when, size) => `Feito: a sua reserva é agora para ${size} pessoas, ${when}.`,
    noBooking: "Não encontrei nenhuma reserva futura com este número de telefone.",
    askNewTime: "Claro. Para que dia e hora quer mudar?",
    cartEmpty: "A sua encomenda ficou vazia. O que deseja?",
    removed: (title) => `Retirei ${title}.`,
    minimum: (min, subtotal) =>
      `O mínimo para entrega é ${min} (a sua encomenda é ${subtotal}). Acrescente mais alguma coisa ou escolha levantar no restaurante.`,
    fillForm: "Preencha o formulário, por favor: toque no botão abaixo.",
    and: "e",
    or: "ou",
  },
  es: {
    cancelled: "Sin problema, lo he cancelado y no he guardado nada. Escríbeme cuando necesites otra cosa.",
    nothingToCancel: "No hay nada en curso que cancelar. ¿En qué te puedo ayudar?",
    switchTo: (skill) => `¿Dejamos lo que estábamos haciendo y pasamos a "${skill}"? (sí/no)`,
    keepGoing: "Vale, seguimos.",
    past: (now) => `Esa hora ya ha pasado (ahora son las ${now}). Elige una hora más tarde, por favor.`,
    // "los lunes" but "los sábados", "los domingos".
    closedDay: (day) => `Los ${day.replace(/o$/, "os")} estamos cerrados.`,
    closedAt: (hours) => `A esa hora no estamos abiertos: ese día abrimos ${hours}.`,
    closedMeal: (day, meal, hours) => `El ${day} ${meal === "dinner" ? "por la noche" : "a mediodía"} estamos cerrados: ese día abrimos ${hours}.`,
    nearest: (times) => `Las horas más cercanas que puedo ofrecerte: ${times}.`,
    opensAgain: (when) => `Volvemos a abrir el ${when}.`,
    full: "Esa hora está completa.",
    askTime: (day, hours) => `¿A qué hora el ${day}? Abrimos de ${hours.replace(/-/g, " a ")}.`,
    askTimeOnly: (day) => `¿A qué hora el ${day}?`,
    bookingCancelled: (when) => `Tu reserva del ${when} está cancelada. ¡Esperamos verte en otra ocasión!`,
    bookingChanged: (when, size) => `Hecho: tu reserva es ahora para ${size} personas, ${when}.`,
    noBooking: "No he encontrado ninguna reserva próxima con este número de teléfono.",
    askNewTime: "Claro. ¿Para qué día y hora la quieres cambiar?",
    cartEmpty: "Tu pedido está vacío. ¿Qué te apetece?",
    removed: (title) => `He quitado ${title}.`,
    minimum: (min, subtotal) => `El mínimo para envío a domicilio es ${min} (tu pedido es ${subtotal}). Añade algo más o elige recoger en el local.`,
    fillForm: "Rellena el formulario, por favor: toca el botón de abajo.",
    and: "y",
    or: "o",
  },
};

/** "Thursday 26 November at 20:00" / "quinta-feira, 26 de novembro, às 20:00": a date-time as the customer reads it, in the business's zone. */
export function humanWhen(iso: string, timeZone: string, lang: DetectedLanguage): string {
  return formatDateTime(iso, timeZone, lang);
}

/** "Thursday 26 November" for a YYYY-MM-DD day. */
export function humanDay(date: string, lang: DetectedLanguage): string {
  return formatDay(date, lang);
}

export function weekdayName(index: number, lang: DetectedLanguage): string {
  return formatWeekday(index, lang);
}

export function list(items: string[], word: string): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} ${word} ${items[items.length - 1]}`;
}

export const localeOf = (lang: DetectedLanguage) => localeFor(lang);
