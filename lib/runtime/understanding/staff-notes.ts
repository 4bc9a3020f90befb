// What a customer tells the staff beside the booking or the order, kept in their own words on the
// record: an allergy or an intolerance ("one of us is celiac", "mi hijo es alérgico a los frutos
// secos"), a diet of someone in the group ("one of them is vegetarian"), an occasion ("it's our
// anniversary"), a need at the table ("we're bringing a pram", "cadeira de bebé"), how the food should
// be ("que no piquen mucho") or how to deliver it ("the bell doesn't work, call us"). A question about
// the same things ("do you have gluten-free pizza?") is no note: it is answered.

const fold = (s: string) =>
  s
    .normalize("NFD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase();

const needs =
  /\b(allerg\w*|alerg\w*|celiac\w*|coeliac\w*|intoleran\w*|gluten|lactose|lactosa|frutos secos|nuts?|peanuts?|amendoins?|cacahuetes?|marisco|shellfish|wheelchair|cadeira de rodas|silla de ruedas|high ?chairs?|cadeira de bebe|cadeirinha|trona|pram|stroller|buggy|push ?chair|carrinho|carriola|cochecito|carrito de bebe|anniversary|aniversario|birthday|cumpleanos|faz anos|pregnant|gravida|embarazada|spicy|picantes?|piquen|pique|no onions?|sem cebola|sin cebolla|ring the bell|doorbell|bell doesn ?t work|campainha|timbre|interfone|portero|reception|rececao|recepcao|recepcion|liguem|llamad|llamen|call (?:me|us) when|door|porta|puerta|intercom|interfono|buzz|bday|b-day|surprise|surpresa|sorpresa|proposal|propose|pedido de casamento|window|janela|ventana|terrace|terraza|esplanada|outside|quiet table|mesa tranquila|quiet|quieter|quiet corner|corner table|booth|sossegad[oa]|cantinho|sitio tranquilo|lugar tranquilo|mesa apartada|dog|dogs|cao|cachorro|perro|perrita|perrito|candle|candles|vela|velas|cake|bolo|tarta|pastel|walking stick|stick|cane|crutch|crutches|walker|zimmer|mobility|muletas?|bengala|baston|andador|stairs|steps|escadas|escaleras|rampa?|ramp|dificuldade em andar|dificuldades em andar|dificultad para (?:andar|caminar)|trouble walking|difficulty walking|hard to walk|entrada|entrance|ground floor|res do chao|planta baja|fatura|factura|invoice|nif|cif|vat number|contribuinte|doesn['’ ]?t eat|does not eat|don['’ ]?t eat|can['’ ]?t eat|cannot eat|nao come|nao comem|nao pode comer|no come|no comen|no puede comer)\b/;
// How a dish should come, asked as a question: "e a caprese pode vir sem manjericão?", "can the salad come
// without onions?", "¿la pizza puede venir sin aceitunas?".
const prepared =
  /\b(?:pode vir sem|podem vir sem|pode ser sem|vir sem|puede venir sin|pueden venir sin|puede ser sin|venir sin|come without|be made without|without the|hold the)\b/;
// A diet is a note when it is said of someone: "one of them is vegetarian", "somos veganos", "minha amiga
// é vegana"; "one vegan pizza and a coke, my name is Ava" and "2 Vegetarian Lasagna e 6 águas" name dishes.
const dietOfSomeone =
  /\b(?:is|are|re|s|am|i m|im|es|son|somos|soy|e|sao|sou|eats?|come|comem|comen)\s+(?:(?:all|both|strict|strictly|todos|todas|ambos|ambas|estritamente|estrictamente|a|an|um|uma|un|una)\s+)?(?:vegan|vegans|vegano|vegana|veganos|veganas|vegetarian|vegetarians|vegetariano|vegetariana|vegetarianos|vegetarianas|veggie|veggies)\b/;
// "7 of us on Saturday, one veggie": a count of the group and a diet, as the whole clause.
const dietCounted =
  /^(?:(?:and|with|plus|e|y|com|con)\s+)?(?:one|two|three|four|\d{1,2}|um|uma|dois|duas|tres|uno|una|dos|cuatro|quatro)(?:\s+(?:of (?:us|them)|de nos|de nosotros|de ellos))?(?:\s+(?:is|are|e|sao|es|son))?\s+(?:vegan|vegans|vegano|vegana|veganos|veganas|vegetarian|vegetarians|vegetariano|vegetariana|vegetarianos|vegetarianas|veggie|veggies)$/;
const questionStart =
  /^(do|does|is|are|can|could|what|where|when|how|which|any|tem|tens|ha|voces|vcs|podem|posso|e possivel|aceitam|fazem|tienen|tiene|teneis|hay|puedo|pueden|se puede|aceptan|hacen)\b/;

// "I'd love to book a table for 2 this Thursday at 9pm for our anniversary": the booking is no note.
const bookingAsked = /\b(?:book|booking|reserve|reservation|table for|mesa para|mesa pra|reservar|reserva para|marcar)\b/;
const occasionOpens =
  /\b(?:for|para|pra|por|pelo|pela|its|it s|is|e|es)\s+(?:our|my|his|her|the|a|o|a|nosso|nossa|meu|minha|nuestro|nuestra|mi|el|la|um|uma|un|una)\b/g;

/** The note alone when its clause also asks for the booking: from the words that open the note. */
function withoutTheRequest(clause: string, folded: string): string {
  const need = needs.exec(folded);
  if (!need || !bookingAsked.test(folded.slice(0, need.index)) || folded.length !== clause.length) return clause;
  let from = -1;
  for (const m of folded.slice(0, need.index).matchAll(occasionOpens)) from = m.index;
  return from > 0 ? clause.slice(from).trim() : clause;
}

/** The clauses of `text` that are notes for the staff, in the customer's words, in order. */
export function staffNotes(text: string): string[] {
  const notes: string[] = [];
  for (const sentence of text.split(/(?<=[.!?\n])\s+/)) {
    // "It's our anniversary, could you note that?": a remark before a question in one sentence is still a note.
    const asked = sentence.trim().endsWith("?");
    for (const raw of sentence.split(/[,;]|\s[-–—]\s|\s(?=(?:so|btw|but|pero|mas|porque|because|as)\s)/i)) {
      const clause = raw
        .replace(/^\s*(?:so|btw|but|pero|mas|and|y|e|also|ah|oh|plus|tambien|tambem)\b[\s,]*/i, "")
        .trim()
        .replace(/(?<![.!])[.!]+$/, "");
      const f = fold(clause);
      if (prepared.test(f)) {
        let note = clause;
        while (note.endsWith("?")) note = note.slice(0, -1);
        notes.push(note.trim());
        continue;
      }
      if (!f || questionStart.test(f) || (asked && (raw.trim().endsWith("?") || !/[,;]|\s[-–—]\s/.test(sentence)))) continue;
      if (needs.test(f) || dietOfSomeone.test(f) || dietCounted.test(f)) notes.push(withoutTheRequest(clause, f));
    }
  }
  return notes;
}

const allergens =
  /\b(allerg\w*|alerg\w*|celiac\w*|coeliac\w*|intoleran\w*|gluten|lactose|lactosa|frutos secos|nuts?|peanuts?|amendoins?|cacahuetes?|marisco|shellfish|sesame|sesamo|egg|eggs|ovo|huevo|leite|leche|dairy|soja|soy)\b/;

/** Whether the text names an allergy, an intolerance or an allergen ("sin gluten", "nuts"). */
export function mentionsAllergen(text: string): boolean {
  return allergens.test(fold(text));
}

// What an allergy question says beside or instead of the allergen: traces, cross contamination, the fryer's oil.
const allergyRisk =
  /\b(?:traces?|trazas?|vestigios?|contaminat\w*|contamina\w*|cross contact|same oil|mesmo oleo|mismo aceite|fried together|fritos juntos)\b/;

/**
 * Whether the text is about an allergy at all: "mi hijo tiene 7 años y necesita una revisión" is close
 * in words to "mi hijo tiene una alergia grave" but names no allergy, allergen or risk of traces.
 */
export function mentionsAllergy(text: string): boolean {
  const folded = fold(text);
  return allergens.test(folded) || allergyRisk.test(folded);
}
