import { normalize, words } from "./text-match";

// What a message does besides answering, read from its words in English, Portuguese and Spanish:
// stop the running skill, say yes or no, correct an earlier answer, ask a question, or manage a
// booking made before. Pure functions: the dialogue manager decides what to do with them.

const phrases = (list: string) => list.split("|").map((p) => normalize(p));
const has = (text: string, list: string[]) => {
  const t = ` ${normalize(text)} `;
  return list.some((p) => t.includes(` ${p} `));
};

const cancelPhrases = phrases(
  "cancel|cancel it|cancel that|cancel the order|cancel the booking|stop|never mind|nevermind|nvm|forget it|forget about it|forget that|quit|abort|changed my mind|dont want it|don't want it|not anymore|no longer|scrap that|" +
    "cancelar|cancela|cancele|esquece|esqueca|deixa estar|deixa|desisto|nao quero|ja nao quero|mudei de ideias|mudei de ideia|pare|para com isso|" +
    "cancelalo|olvidalo|olvida|dejalo|dejalo asi|ya no|no quiero|ya no quiero|cambie de idea|he cambiado de idea|anula|anular",
);
// A word that cancels only when it is (nearly) the whole message: "deixa" and "para" are ordinary words elsewhere.
const cancelAlone = new Set(["stop", "deixa", "para", "pare", "anula", "olvida", "ya no"]);

export function isCancel(text: string): boolean {
  const w = words(text);
  if (!w.length || w.length > 12) return false;
  const n = normalize(text);
  for (const p of cancelPhrases) {
    if (!` ${n} `.includes(` ${p} `)) continue;
    if (cancelAlone.has(p) && w.length > 3) continue;
    // "can I cancel my booking?" is about a booking made before, not the running skill.
    return true;
  }
  return false;
}

const yesWords = new Set(
  "yes y ye yea yeah yeh yess yep yup ya sure sip sii simm pois bora dale va venga exacto andale ok okay k kk confirm sip sii simm pois bora dale va venga exacto andale confirmed correct right perfect great absolutely definitely please go ahead sim claro certo isso exato exatamente confirmo pode ser perfeito si vale dale correcto confirmado perfecto bueno 👍 ✅".split(
    " ",
  ),
);
const noWords = new Set("no n nope nah not nao non nada negativo".split(" "));

/** "yes", "sim, pode ser", "sí, perfecto": agreement and nothing else of weight. */
export function saysYes(text: string): boolean {
  const w = words(text);
  return w.length > 0 && w.length <= 6 && w.some((x) => yesWords.has(x)) && !w.some((x) => noWords.has(x));
}

export function saysNo(text: string): boolean {
  const w = words(text);
  return w.length > 0 && w.length <= 6 && noWords.has(w[0]) && !w.some((x) => yesWords.has(x) && x !== "ok");
}

const correctionPhrases = phrases(
  "actually|sorry|i mean|i meant|make it|make that|change it to|change to|change|instead|rather|wait|oops|" +
    "afinal|alias|quer dizer|em vez|mudar para|muda para|mude para|troca|trocar|corrigir|desculpa|" +
    "mejor|en realidad|perdon|quiero decir|cambia|cambiar|en vez|mas bien",
);

export function isCorrection(text: string): boolean {
  return has(text, correctionPhrases);
}

const questionStarts = phrases(
  "what|whats|where|when|how|do you|does|is there|are there|are you|can i|can you|could|will|which|who|why|is it|have you|" +
    "onde|quando|qual|quais|como|quanto|tem|tens|ha|existe|voces|vcs|aceitam|posso|podem|e possivel|fazem|estao|" +
    "donde|cuando|cual|cuanto|cuanta|tienen|tiene|hay|aceptan|puedo|pueden|se puede|hacen|estan",
);

const starters =
  "do|does|is|are|can|could|what|where|when|how|which|any|da|dá|e possivel|é possível|posso|podemos|podem|se puede|aceitam|tem|têm|tens|ha|há|onde|aceitam|fazem|voces|vocês|vcs|quanto|qual|tienen|tiene|teneis|tenéis|hay|donde|dónde|aceptan|cuanto|cuánto|cual|cuál|podeis|podéis|puedo|hacen";

/** The sentences of a message that are questions ("do you have parking?"), in order. */
export function questionParts(text: string): string[] {
  return (
    text
      .split(
        new RegExp(
          `(?<=[?.!\\n])\\s+|(?<!\\s)\\s*(?:[,;]|\\s[-–—]|\\b(?:and|also|btw|e|y|tambem|también|ah)\\b)\\s*(?=[¿¡]?(?:(?:y|e|and)\\s+)?(?:${starters})(?![\\p{L}]))`,
          "iu",
        ),
      )
      // "mesa p 4 sabado 21h nome rodrigo, da p pagar com mb way?": the question is the last clause.
      .map((s) => (s.includes("?") && /[,;]/.test(s) ? s.slice(Math.max(s.lastIndexOf(","), s.lastIndexOf(";")) + 1) : s).trim())
      .filter((s) => s && (s.includes("?") || questionStarts.some((q) => ` ${normalize(s)} `.startsWith(` ${q} `))))
  );
}

export type BookingAction = "cancel" | "change";

const bookingWords = phrases("booking|reservation|table|reserva|reservacion|mesa|marcacao");
const cancelVerbs = phrases("cancel|cancelar|cancela|cancele|anular|anula|desmarcar|desmarca|call off");
const changeVerbs = phrases("change|move|reschedule|modify|update|push|alterar|altera|mudar|muda|passar|adiar|cambiar|cambia|mover|modificar|pasar");
const _mine = phrases("my|our|a minha|minha|nossa|a nossa|mi|nuestra|la");

/** "cancel my booking", "change my reservation to 9pm", "quero cancelar a minha reserva". */
export function bookingAction(text: string): BookingAction | null {
  if (!has(text, bookingWords)) return null;
  if (has(text, cancelVerbs)) return "cancel";
  if (has(text, changeVerbs)) return "change";
  return null;
}
