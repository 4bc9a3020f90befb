// Numbers as customers write them, in digits or in words of the three languages ("two", "duas",
// "doce"), and a few words that count ("a couple", "a dozen").

const numberWords: Record<string, number> = Object.fromEntries(
  [
    "one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen twenty",
    "um dois tres quatro cinco seis sete oito nove dez onze doze treze catorze quinze dezasseis dezassete dezoito dezanove vinte",
    "uno dos tres cuatro cinco seis siete ocho nueve diez once doce trece catorce quince dieciseis diecisiete dieciocho diecinueve veinte",
  ].flatMap((line) => line.split(" ").map((w, i) => [w, i + 1] as const)),
);
Object.assign(numberWords, {
  uma: 1,
  una: 1,
  duas: 2,
  a: 1,
  an: 1,
  un: 1,
  couple: 2,
  pair: 2,
  dozen: 12,
  forty: 40,
  thirty: 30,
  quarenta: 40,
  trinta: 30,
  cuarenta: 40,
  treinta: 30,
});

/** Digits or a number word in the three languages (normalized: lower case, no accents); null otherwise. */
export function numberOf(word: string): number | null {
  if (/^\d+$/.test(word)) return Number(word);
  return numberWords[word] ?? null;
}

/** The words `numberOf` reads, for patterns. */
export const numberWordPattern = Object.keys(numberWords)
  .sort((a, b) => b.length - a.length)
  .join("|");
