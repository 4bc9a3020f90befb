import { normalize } from "./text-match";

// The days a menu item is served on, when its description limits them: "Solo los fines de semana
// (sábado y domingo)", "only at weekends", "só ao fim de semana", "only on Fridays", "apenas às
// sextas". Null when the description says no such thing. Weekday 0 is Monday (lib/time/time-zone.ts).

const weekend = /\b(?:weekends?|fin(?:es)? de semana|fins? de semana|fim de semana)\b/;
const only = /\b(?:only|solo|solamente|so|apenas|somente|unicamente)\b/;
const days: Array<[RegExp, number]> = [
  [/\b(?:mondays?|segundas?(?:-feiras?)?|lunes)\b/, 0],
  [/\b(?:tuesdays?|tercas?(?:-feiras?)?|martes)\b/, 1],
  [/\b(?:wednesdays?|quartas?(?:-feiras?)?|miercoles)\b/, 2],
  [/\b(?:thursdays?|quintas?(?:-feiras?)?|jueves)\b/, 3],
  [/\b(?:fridays?|sextas?(?:-feiras?)?|viernes)\b/, 4],
  [/\b(?:saturdays?|sabados?)\b/, 5],
  [/\b(?:sundays?|domingos?)\b/, 6],
];

/** The weekdays (0 Monday … 6 Sunday) an item is served on, or null when every day. */
export function servedDays(description: string | null | undefined): Set<number> | null {
  if (!description) return null;
  // The sentence that says "only": "Para dos personas. Solo los fines de semana (sábado y domingo)."
  const sentence = description
    .split(/[.!;\n]/)
    .map(normalize)
    .find((s) => only.test(s));
  if (!sentence) return null;
  const found = new Set<number>();
  if (weekend.test(sentence)) {
    found.add(5);
    found.add(6);
  }
  for (const [day, index] of days) if (day.test(sentence)) found.add(index);
  return found.size ? found : null;
}
