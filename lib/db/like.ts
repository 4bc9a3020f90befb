/**
 * The LIKE/ILIKE pattern that finds `text` anywhere in a value: `\`, `%` and `_` in the text are
 * escaped (Postgres's default escape character is the backslash), so a customer's "50%" or "a_b" matches
 * itself and not every value.
 */
export const containsPattern = (text: string): string => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
