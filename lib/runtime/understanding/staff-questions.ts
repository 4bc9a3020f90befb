import { normalize } from "./text-match";

// A question about the staff rather than a request for a time (issue 40): which days a person works
// ("is marco in on saturdays?", "A Rita trabalha à segunda?", "¿qué días pasa consulta el Dr. Ruiz?",
// "when does Ana work?") or who performs a service ("¿la revisión la hace la doctora Gómez?", "who does
// the colour?", "quem faz a manicure?"). A booking asked for ("can I book with Marco on Saturday?", "is
// Ana free Friday at 3?") is none: a time or a booking word makes it the appointment skill's.
// Weekday 0 is Monday (lib/time/time-zone.ts).

export type StaffQuestion =
  /** The days asked about (none: "when does Ana work?"); `relative` a day counted from today (0 today, 1 tomorrow). */
  | { kind: "days"; weekdays: number[]; relative: number | null }
  /**
   * Whether a person performs a service, or who does (`who`: "who does the colour?"); the service and
   * the person are found by the caller. Without `who`, it asks of a person named ("a Ana faz madeixas?").
   */
  | { kind: "performs"; who: boolean };

const weekdays: Array<[RegExp, number]> = [
  [/\b(?:mondays?|mon|segundas?(?:-feiras?| feiras?)?|lunes)\b/, 0],
  [/\b(?:tuesdays?|tues?|tercas?(?:-feiras?| feiras?)?|martes)\b/, 1],
  [/\b(?:wednesdays?|weds?|quartas?(?:-feiras?| feiras?)?|miercoles)\b/, 2],
  [/\b(?:thursdays?|thurs?|quintas?(?:-feiras?| feiras?)?|jueves)\b/, 3],
  [/\b(?:fridays?|fri|sextas?(?:-feiras?| feiras?)?|viernes)\b/, 4],
  [/\b(?:saturdays?|sat|sabados?)\b/, 5],
  [/\b(?:sundays?|sun|domingos?)\b/, 6],
];
const weekend = /\b(?:weekends?|fin(?:es)? de semana|fins? de semana|fim de semana)\b/;
const today = /\b(?:today|tonight|hoje|hoy)\b/;
const tomorrow = /\b(?:tomorrow|tmrw|amanha|manana)\b/;

// Being at work: "is marco in on saturdays", "does Rita work", "a Rita trabalha", "está cá", "pasa
// consulta", "atiende los lunes", "which days", "when does ... work".
const atWork =
  /\b(?:works?|working|in on|in today|in tomorrow|there on|around on|on duty|trabalha|trabalham|trabalhar|esta ca|esta la|vem|vindo|trabaja|trabajan|trabajar|pasa consulta|pasan consulta|tiene consulta|atiende|atienden|viene|esta (?:el|los|las|la|este|hoy|manana|no|na|nos|nas|aos|as|hoje|amanha)|which days|what days|que dias|what hours|que horario|schedule|finish|finishes|start|starts|leave|leaves|get in|gets in|acaba|termina|entra|comeca|empieza|s hours|s days|hours of|horario (?:de|do|da|del))\b/;
// "who does the colour?", "quem faz a manicure?", "¿quién hace la limpieza?".
const whoDoes = /\b(?:who does|who do|who will do|who performs|quem faz|quem e que faz|quien hace|quien la hace|quien lo hace)\b/;
// "¿la revisión la hace la doctora Gómez?", "a Ana faz madeixas?", "does Rita do nails?": of a person named.
const personDoes =
  /\b(?:does \p{L}+ do|can \p{L}+ do|could \p{L}+ do|will \p{L}+ do|faz|fazem|pode fazer|hace|hacen|puede hacer|la hace|lo hace|las hace|los hace|a faz|o faz)\b/u;
// A request, not a question about the person: booking words, or a clock time ("at 3", "às 15h", "11:00").
const booking =
  /\b(?:book|booking|appointment|reserve|marcar|marcacao|marca|agendar|reservar|reserva|cita|pedir hora|pedir cita|free|livre|libre|vaga|vagas|hueco|huecos|disponible|disponivel|available|slot|slots|have anything|got anything|anything free|tiene algo|tienes algo|teneis algo|tienen algo|hay algo|tem algo|tens algo|tem alguma coisa|ha algo)\b/;
const clock = /\b(?:at \d|as \d|a las \d|\d{1,2}(?::\d{2}| ?h\b| ?am\b| ?pm\b))/;
const asking = /\?|^(?:is|does|do|when|which|what|who|can|a|o|e|quando|que|quem|quien|cuando|cual|la|el)\b/;

/** What the message asks about the staff, or null when it asks nothing of the kind (or asks for a time). */
export function staffQuestion(text: string): StaffQuestion | null {
  const said = normalize(text);
  if (!asking.test(said) && !text.includes("?")) return null;
  if (booking.test(said) || clock.test(said)) return null;
  const days = new Set<number>();
  for (const [re, i] of weekdays) if (re.test(said)) days.add(i);
  if (weekend.test(said)) {
    days.add(5);
    days.add(6);
  }
  const relative = today.test(said) ? 0 : tomorrow.test(said) ? 1 : null;
  if (!atWork.test(said)) {
    // "can i get a cut and beard with marco friday?" names a day: a booking, not a question about him.
    if (days.size || relative !== null) return null;
    if (whoDoes.test(said)) return { kind: "performs", who: true };
    return personDoes.test(said) ? { kind: "performs", who: false } : null;
  }
  return { kind: "days", weekdays: [...days].sort(), relative };
}
