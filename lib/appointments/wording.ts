// What the appointment replies say (reminder answers, in the reminder template's language: en, pt or
// es, else English) and how a time reads to the customer, in the business's time zone.

export type ReplyLanguage = "en" | "pt" | "es";

export function replyLanguage(language: string): ReplyLanguage {
  const base = language.slice(0, 2).toLowerCase();
  return base === "pt" || base === "es" ? base : "en";
}

const locales: Record<ReplyLanguage, string> = { en: "en-GB", pt: "pt-PT", es: "es-ES" };

/** A service's name in the language (its base), else English, else any. */
export function serviceName(names: Record<string, string>, language: string): string {
  return names[replyLanguage(language)] ?? names.en ?? Object.values(names)[0] ?? "";
}

/** "Mon 7 Dec, 09:00" in the business's time zone. */
export function localTimeText(instant: Date, timeZone: string, language: string): string {
  return new Intl.DateTimeFormat(locales[replyLanguage(language)], {
    weekday: "short",
    day: "numeric",
    month: "short",
    hour: "2-digit",
    minute: "2-digit",
    hour12: false,
    timeZone,
  }).format(instant);
}

type Sentences = {
  confirmed: (when: string) => string;
  cancelled: (when: string) => string;
  moved: (when: string) => string;
  pick: string;
  pickButton: string;
  noTimes: string;
  taken: string;
  notActive: string;
  unknown: string;
};

export const replies: Record<ReplyLanguage, Sentences> = {
  en: {
    confirmed: (w) => `Thank you: your appointment on ${w} is confirmed.`,
    cancelled: (w) => `Your appointment on ${w} is cancelled.`,
    moved: (w) => `Done: your appointment is now on ${w}.`,
    pick: "Which of these times suits you?",
    pickButton: "Choose a time",
    noTimes: "There is no free time with the same person in the next two weeks. Someone from our team will get back to you.",
    taken: "Sorry, that time was just taken.",
    notActive: "This appointment can no longer be changed here.",
    unknown: "I could not find that appointment.",
  },
  pt: {
    confirmed: (w) => `Obrigado: a sua marcação de ${w} está confirmada.`,
    cancelled: (w) => `A sua marcação de ${w} foi cancelada.`,
    moved: (w) => `Feito: a sua marcação passou para ${w}.`,
    pick: "Qual destes horários lhe convém?",
    pickButton: "Escolher horário",
    noTimes: "Não há horários livres com a mesma pessoa nas próximas duas semanas. Alguém da equipa vai contactá-lo.",
    taken: "Desculpe, esse horário acabou de ser ocupado.",
    notActive: "Esta marcação já não pode ser alterada aqui.",
    unknown: "Não encontrei essa marcação.",
  },
  es: {
    confirmed: (w) => `Gracias: su cita del ${w} está confirmada.`,
    cancelled: (w) => `Su cita del ${w} está cancelada.`,
    moved: (w) => `Hecho: su cita ahora es el ${w}.`,
    pick: "¿Cuál de estos horarios le viene bien?",
    pickButton: "Elegir horario",
    noTimes: "No hay horarios libres con la misma persona en las próximas dos semanas. Alguien del equipo le contactará.",
    taken: "Lo siento, ese horario se acaba de ocupar.",
    notActive: "Esta cita ya no se puede cambiar aquí.",
    unknown: "No encontré esa cita.",
  },
};
