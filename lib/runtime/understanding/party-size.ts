import { numberOf } from "./numbers";
import { normalize } from "./text-match";

// How many people a table is for, as customers say it: "for 4", "4 people", "table for two", "somos
// 6", "mesa para 2", and as a person would count it: "2 adults and 2 children" are 4, "dos parejas"
// are 4, "just me and my boyfriend" are 2, "for myself, Dermot and our two boys" are 4. A number said
// of part of the group ("one of us is celiac", "2 of us are vegan") is no party size.

const peopleWords = "people|person|persons|pax|guests|adults|of us|ppl|pessoas|pessoa|adultos|personas|persona|comensales|lugares";
// The number words numbers.ts reads, written out so the patterns below are constants (npm run check:regex).
const num =
  "(\\d{1,3}|diecisiete|diecinueve|seventeen|dezasseis|dezassete|dieciseis|dieciocho|thirteen|fourteen|eighteen|nineteen|dezanove|quarenta|cuarenta|fifteen|sixteen|catorze|dezoito|catorce|treinta|eleven|twelve|twenty|quatro|quinze|cuatro|quince|veinte|couple|thirty|trinta|three|seven|eight|cinco|treze|vinte|siete|nueve|trece|dozen|forty|four|five|nine|dois|tres|seis|sete|oito|nove|onze|doze|ocho|diez|once|doce|duas|pair|one|two|six|ten|dez|uno|dos|uma|una|um|an|un|a)";
const grownUps = "adults?|adultos?|grown ups|mayores";
const children =
  "kids?|children|child|criancas?|ninos?|ninas?|menores|babies|baby|bebes?|miudos|miudas|peques|boys|girls|meninos|meninas|chavales|hijos|little ones|little kids|wee ones|small ones|toddlers?|pequenos|pequenas|pequenitos|nenes|nenas";

const said = [
  // "4 people", "two of us", "2ppl"
  new RegExp(`\\b${num}\\s+(?:${peopleWords})\\b`, "g"),
  /\b(\d{1,3})(?:ppl|pax|pessoas|personas|people)\b/g,
  // "table 4 tmrw", "mesa 6 hoje": a number right after the table word.
  /\b(?:table|mesa)\s+(\d{1,2})\b(?!\s*(?:(?:pm|am|h|hs|horas)\b|[:.]\d))/g,
  new RegExp(
    `\\b(?:for|fur|para|pra|pa|p|of|party of|group of|table for|mesa para|mesa p|mesa de|grupo de|somos|semos|semo|we are|were|we re|we r|we ll be|we will be|there will be|there are|there ll be|seremos|seriamos|vamos ser|vamos|be|it s|its|make it|make that|let s say|lets say|para uns|para unas)\\s+${num}\\b(?!\\s*(?:(?:pm|am|h|o clock|horas|hrs|hs)\\b|[:.]\\d|(?:(?:and|e|y)\\s+\\d{1,2}\\s+)?(?:years?|yrs|year old|anos|años|anitos|aninhos|meses|months)\\b|de (?:janeiro|fevereiro|marco|abril|maio|junho|julho|agosto|setembro|outubro|novembro|dezembro|enero|febrero|marzo|mayo|junio|julio|septiembre|octubre|noviembre|diciembre)))`,
    "g",
  ),
  // "4 for sunday 7pm", "2 fur tonight", "6 para sabado": a number right before the day it is for.
  new RegExp(
    `\\b${num}\\s+(?:for|fur|para|pra|pa)\\s+(?:tonight|tomorrow|tmrw|tmr|today|monday|tuesday|wednesday|thursday|friday|saturday|sunday|mon|tue|tues|wed|thu|thurs|fri|sat|sun|hoje|amanha|segunda|terca|quarta|quinta|sexta|sabado|domingo|hoy|manana|lunes|martes|miercoles|jueves|viernes)\\b`,
    "g",
  ),
  // "..., so 5" closing a correction; "3 have dropped out, so 8 now"; "2 can't make it, so 10. Under Tom"
  new RegExp(
    `\\b(?:so|asi que|entonces|entao|o sea|ou seja)\\s+${num}(?:\\s+(?:now|then|agora|ahora|of us))?\\s*(?:$|(?=(?:under|name|please|pls|thanks|thank)\\b))`,
    "g",
  ),
  // "We're four for lunch on Saturday, well five now", "actually 6 now"
  new RegExp(`\\b(?:well|actually|or rather|er|erm)\\s+${num}\\s+(?:now|agora|ahora)\\b`, "g"),
  // "now we're 5", "agora somos 7", "ahora seremos 9"
  new RegExp(
    `\\b(?:now|agora|ahora)\\s+(?:we re|we are|were|somos|seremos|sao|son|it s|its)\\s+${num}\\b(?!\\s*(?:(?:pm|am|h|o clock|horas|hrs|hs)\\b|[:.]\\d))`,
    "g",
  ),
  // "we're actually five now", "somos afinal 7"
  new RegExp(
    `\\b(?:we re|we are|were|somos|seremos|ficamos|quedamos)\\s+(?:actually|now|agora|ahora|realmente|afinal)\\s+${num}\\b(?!\\s*(?:(?:pm|am|h|o clock|horas|hrs|hs)\\b|[:.]\\d))`,
    "g",
  ),
  // "ficamos 12", "so that's four", "that makes 6"
  new RegExp(`\\b(?:ficamos|quedamos|that s|thats|that makes|which makes)\\s+${num}\\b(?!\\s*(?:(?:pm|am|h|o clock|horas|hrs|hs)\\b|[:.]\\d))`, "g"),
  // "pon 7", "mete 12", "passa pa 10 pf", "put us down for 9": a count said with the verb that sets it.
  new RegExp(
    `\\b(?:pon|ponme|ponnos|pone|mete|meta|poe|passa pa|passa para|passa a|pasa a|pasalo a|cambia a|put|put us down for|put it at|change it to|change to)\\s+${num}(?=\\s*(?:$|people|personas|pessoas|pax|of us|then|entonces|entao|pf|porfa|please|pls|por favor|se faz favor|thanks|obrigad[oa]|gracias))`,
    "g",
  ),
  // "four altogether", "6 in total", "12 no total", "10 en total"
  new RegExp(`\\b${num}\\s+(?:altogether|in total|in all|no total|ao todo|en total)\\b`, "g"),
];

const joinersAfter = new Set(
  "people persons personas pessoas guests friends amigos amigas colleagues colegas coming joining later que who will tarde luego depois despues llegan chegam arrive arriving then so entao entonces please pls".split(
    " ",
  ),
);
const joiningMore = new RegExp(
  `\\b(?:se unen|se une|se juntan|se apuntan|se apunta|se suman|se suma|vienen|vem|vao vir|join|joining|joins|come|coming|plus|mais|y luego|and then|e depois|y|and|e)\\s+(?:otros |otras |outros |outras |another )?${num}\\s+(?:mas|more|mais|extra)\\b`,
);

// "somos 9. Espera, carago, são 11": the count said again after "wait".
const correctedCount =
  /\b(?:espera|wait|actually|afinal|al final|perdon|perdao|sorry|oops|digo|quer dizer|i mean)\b(?:\s+\S+){0,3}?\s+(?:sao|son|somos|seremos|seriamos|we re|we are|we ll be|well be)\s+(\d{1,2})\b(?!\s*(?:h|pm|am|min|mins|horas|hours)\b)/;
const totalAfterChange =
  /\b(?:mas|more|mais|menos|less|fewer|viene|vienen|vem|vao|coming|apuntan|apunta|joining|unen|baja|bajas|make it|cancelled|dropped out)\b(?:\s+\S+){0,6}?\s+(?:asi que|so|so make it|make it|so make that|make that|entonces|entao|ficamos|quedamos|seremos|seriamos|that makes|makes|en total|ao todo|in total|we re|we ll be|well be)\s+(\d{1,2})\b(?!\s*(?:h|pm|am|min|mins|minutes|minutos)\b)/;

// What "um", "una", "one" may be the article of, rather than a party of one.
const occasions = new Set(
  (
    "grupo group jantar almoco cena comida almuerzo dinner lunch evento event festa fiesta party aniversario cumpleanos birthday " +
    "celebracao celebracion celebration reuniao reunion meeting encontro empresa company casamento boda wedding batizado bautizo despedida"
  ).split(" "),
);

/** The party size the message says, or null. */
export function readPartySize(text: string): number | null {
  // "make it 19:00", "make that 13:30": a time, written so that no party pattern takes its hour.
  const n = normalize(
    text
      .replace(/\b(\d{1,2})[:.](\d{2})(?!\d)/g, "$1h$2")
      .replace(/(\d)\s*(pm\b|am\b|h\b|:)/gi, "$1$2")
      // "half a dozen of us", "meia dúzia", "media docena": six.
      .replace(/\b(?:half a dozen|meia d[uú]zia|media docena)\b/gi, "6"),
  )
    // "we are for people at like eight thirty": four, misspelt.
    .replace(/\b(we are|were|we re|we r|there are|table) for (people|persons|ppl|pax|guests|of us)\b/, "$1 for 4 $2")
    .replace(/\b(for|para) to (people|persons|ppl|pax|guests)\b/, "$1 2 $2")
    // "a table for for people", "a table for to on saturday": four and two, misspelt.
    .replace(/\bfor (?:for|fore) (people|persons|ppl|pax|guests)\b/, "for 4 $1")
    .replace(
      /\b(table|booking|reservation) for (?:for|fore) (?=on|at|tonight|tomorrow|tmrw|this|next|please|pls|sunday|monday|tuesday|wednesday|thursday|friday|saturday)/,
      "$1 for 4 ",
    )
    .replace(
      /\b(table|booking|reservation) for (?:to|too) (?=on|at|tonight|tomorrow|tmrw|this|next|for|please|pls|sunday|monday|tuesday|wednesday|thursday|friday|saturday)/,
      "$1 for 2 ",
    );
  const count = (word: string) => numberOf(word);
  // "2 adults and 2 children", "4 adultos e 2 criancas", "2 adultos y un bebe"
  const mixed = new RegExp(`\\b${num}\\s+(?:${grownUps})\\s+(?:(?:and|e|y|plus|mais|mas|com|con|with)\\s+)?${num}\\s+(?:${children})\\b`).exec(n);
  if (mixed) {
    const a = count(mixed[1]);
    const b = count(mixed[2]);
    if (a && b) return a + b;
  }
  // "dos adultos y mi hijo", "2 adults and our daughter", "3 adultos e o meu filho": one child more.
  const oneChild = new RegExp(
    `\\b${num}\\s+(?:${grownUps})\\s+(?:and|e|y|plus|mais|com|con|with)\\s+(?:my|our|mi|nuestro|nuestra|o meu|a minha|o nosso|a nossa|meu|minha|the|a|an|um|uma|un|una)\\s+(?:son|daughter|kid|child|baby|boy|girl|hijo|hija|nino|nina|bebe|filho|filha|menino|menina|crianca|neto|neta|nieto|nieta|grandson|granddaughter)\\b`,
  ).exec(n);
  if (oneChild && count(oneChild[1])) return (count(oneChild[1]) ?? 0) + 1;
  // "dos parejas", "two couples", "3 casais"
  const couples = new RegExp(`\\b${num}\\s+(?:couples|parejas|casais)\\b`).exec(n);
  if (couples && count(couples[1])) return 2 * (count(couples[1]) ?? 0);
  // "Marta no viene, así que 10", "two more are coming so that makes 8": the total said after a change.
  const total = totalAfterChange.exec(n) ?? correctedCount.exec(n);
  if (total) {
    const value = count(total[1]);
    if (value && value <= 500) return value;
  }
  const hits: Array<{ at: number; value: number }> = [];
  for (const pattern of said) {
    pattern.lastIndex = 0;
    // Scanned one start at a time: "make it, make it 3" must find the second "make it".
    for (let m = pattern.exec(n); m; m = pattern.exec(n)) {
      const value = count(m[1]);
      const remark = /of us|of them/.test(m[0]) && /^\s*(is|are|e|sao|es|son|has|have|tem|tiene|tienen)\b/.test(n.slice(m.index + m[0].length));
      // "para um jantar de Natal", "pa una cena": an article, not a party of one.
      // "quero uma para amanhã" is one of something, not a table for one.
      // "somos um grupo de 25", "para um jantar de empresa": an article before an occasion or a group.
      const next =
        n
          .slice(m.index + m[0].length)
          .trim()
          .split(" ")[0] ?? "";
      const article =
        /^(?:um|uma|un|una|uno|one)$/.test(m[1]) && (pattern === said[2] || pattern === said[4] || (pattern === said[3] && occasions.has(next)));
      // "for 8pm" reads as a time (the digit-suffix rewrite above), "for a table" as nothing.
      if (value !== null && value > 0 && value <= 500 && !["a", "an", "un"].includes(m[1]) && !remark && !article) hits.push({ at: m.index, value });
      pattern.lastIndex = m.index + 1;
    }
  }
  if (hits.length) {
    // "we are 3, and maybe a colleague, so please reserve for 4": the last number said is the one meant.
    hits.sort((a, b) => a.at - b.at);
    const last = hits[hits.length - 1];
    // "somos 5 y luego se unen 2 más", "4 of us plus 2 more coming later": the ones joining count too.
    const after = n.slice(last.at);
    const more = joiningMore.exec(after);
    // "2 more beers" is no one joining: only people, a verb of coming or nothing may follow.
    const next = more
      ? (after
          .slice(more.index + more[0].length)
          .trim()
          .split(" ")[0] ?? "")
      : "";
    const people = !next || joinersAfter.has(next);
    const extra = more && people ? count(more[1]) : null;
    // "que se apuntan dos más: 11": the total said right after the ones joining.
    const stated = more && /^\d{1,2}$/.test(next) ? Number(next) : null;
    if (more && stated && stated === last.value + (count(more[1]) ?? 0)) return stated;
    return extra && extra < 50 ? last.value + extra : last.value;
  }
  return listedPeople(text) ?? kinList(text) ?? pairOf(n) ?? withCompanions(n) ?? alone(n);
}

// "Somos mi esposo, yo y mi hijo de 3 años", "para mim, para o meu marido e para a minha irmã", "we'll be
// me, my wife and my mum": three or more people listed one by one, each a pronoun or a relative.
const kinNouns =
  "esposo|esposa|marido|mujer|mulher|hijo|hija|hijos|hijas|filho|filha|filhos|filhas|hermano|hermana|irmao|irma|madre|padre|mae|pai|mama|papa|amigo|amiga|novio|novia|namorado|namorada|suegra|suegro|sogra|sogro|cunhado|cunhada|cunado|cunada|nieto|nieta|neto|neta|tia|tio|primo|prima|abuela|abuelo|avo|avó|colega|son|sons|daughter|daughters|kids|children|boys|girls|ninos|hijos|filhos|criancas|wife|husband|partner|brother|sister|mum|mom|mother|dad|father|friend|friends|boyfriend|girlfriend|grandma|granny|grandad|grandpa|aunt|uncle|cousin|colleague|baby|bebe|nan|fiance|fiancee|pareja|companheiro|companheira";
const kinPerson = new RegExp(
  `^(?:(?:para|pra|for|with|com|con|and|e|y)\\s+)*(?:(?:me|myself|i|eu|yo|mim|mi)|(?:(?:my|our|mi|mis|nuestro|nuestra|nuestros|o meu|a minha|os meus|as minhas|meu|minha|o nosso|a nossa|os nossos|el|la|los|o|a|os)\\s+)?(?:(two|three|four|five|six|dos|tres|cuatro|cinco|seis|dois|duas|quatro|\\d)\\s+)?(?:(?:little|wee|older|younger|mais novo|mais nova|pequeno|pequena)\\s+)?(?:${kinNouns}))\\b`,
);
function kinList(text: string): number | null {
  // Folded, with the commas kept: they separate the people.
  const n = text
    .normalize("NFD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N},.?!]+/gu, " ");
  const start =
    /\b(?:somos|seremos|vamos ser|vamos|we re|we are|we ll be|we will be|there ll be|for|para|pra)\s+(?=(?:me|myself|mim|mi|yo|eu|my|our|o meu|a minha|meu|minha)\b)/.exec(
      n,
    );
  if (!start) return null;
  const rest = n
    .slice(start.index + start[0].length)
    .split(/[.?!]|\b(?:on|at|this|next|tomorrow|tonight|today|please|pls|el dia|no dia|a las|as|no sabado|el sabado)\b/)[0];
  const people = rest
    .split(/,|\band\b|\be\b|\by\b|&|\bplus\b|\s(?=(?:my|our|mi|mis|o meu|a minha|os meus|as minhas)\s)/)
    .map((p) => p.trim())
    .filter((p) => p && !/^(?:para|pra|for|with|com|con|and|e|y)$/.test(p));
  if (people.length < 2 || people.length > 12 || !people.every((p) => kinPerson.test(p))) return null;
  // "our three children": as many as the number says.
  return people.reduce((sum, p) => sum + (kinPerson.exec(p)?.[1] ? (numberOf(kinPerson.exec(p)?.[1] ?? "") ?? 1) : 1), 0);
}

// "me and 3 friends", "eu e mais 3 amigos", "yo y tres amigos", "myself + 2 colleagues": the one
// writing counts too.
const companions = new RegExp(
  `\\b(?:me|myself|i|eu|yo|mi|mim)\\s+(?:and|e|y|plus|mais|mas|with|com|con)\\s+(?:(?:mais|more|otros|otras|outros|outras)\\s+)?${num}\\s+(?:friends|friend|colleagues|colleague|others|people|mates|amigos|amigas|amigo|amiga|colegas|colega|outros|outras|otros|otras|pessoas|personas|companeros|companeras|companheiros)\\b`,
);
function withCompanions(n: string): number | null {
  const m = companions.exec(n);
  const value = m ? numberOf(m[1]) : null;
  return value && value > 0 && value < 100 ? value + 1 : null;
}

// "para nosotros dos", "just me", "so eu", "solo yo": two of us, one.
function alone(n: string): number | null {
  // "para nós os dois", "for the two of us", "pa nosotros dos".
  const pair =
    /\b(?:para|pra|pa|for)\s+(?:nosotros|nosotras|nos|us)\s+(?:os\s+|as\s+)?(dos|two|dois|duas|tres|three|quatro|cuatro|four)\b/.exec(n) ??
    /\b(?:for|just)\s+the\s+(two|three|four)\s+of\s+us\b/.exec(n);
  if (pair) return numberOf(pair[1]);
  if (
    /^(?:just|only|so|solo|sola|apenas)\s+(?:me|myself|eu|yo)\b/.test(n) ||
    /\b(?:table|mesa) (?:for|para) (?:me|myself|mi|mim) (?:alone|only|sozinho|sozinha|solo|sola)\b/.test(n)
  )
    return 1;
  return null;
}

// "just me and my boyfriend", "só eu e o meu namorado", "mi mujer y yo", "my wife and I"
function pairOf(n: string): number | null {
  if (/\b(?:me|myself|eu|yo)\s+(?:and|e|y)\s+(?:my|o meu|a minha|meu|minha|mi|o|a)\s+[a-z]+/.test(n)) return 2;
  if (/\b(?:my|mi|minha|meu|o meu|a minha)\s+[a-z]+\s+(?:and|y|e)\s+(?:i|yo|eu|me)\b/.test(n)) return 2;
  // "could Dermot and myself get a table", "o Rui e eu", "para Marta y yo".
  if (/\b(?:could|can|for|with|para|pra|o|a)\s+[a-z]+\s+(?:and|e|y)\s+(?:myself|i|eu|yo)\b(?!\s+(?:and|e|y|plus|mais|with|com|con)\b)/.test(n))
    return 2;
  return null;
}

// "a table for myself, Dermot, our daughter and her two boys on Sunday": everyone named counts.
function listedPeople(text: string): number | null {
  const m = /\bfor (?:myself|me)\s*(?:,|\band\b)\s*([^.?!]*)/i.exec(text);
  if (!m) return null;
  const rest = m[1].split(/\b(?:on|at|this|next|tomorrow|tonight|today|please|pls)\b/i)[0];
  const people = rest
    .split(/,|\band\b|&/i)
    .map((p) => p.trim())
    .filter(Boolean);
  if (!people.length) return null;
  let total = 1;
  for (const person of people) {
    const many = normalize(person)
      .split(" ")
      .map((w) => numberOf(w))
      .find((v) => v !== null && v > 1);
    total += many ?? 1;
  }
  return total;
}

/** A party size said relative to the one given: "one more person is joining" +1, "my pal can't make it" -1. */
export function partyChange(text: string): number | null {
  const n = normalize(text);
  if (
    /\b(one more(?: (?:person|guest|people))?(?! (?:thing|things|question|questions|request|detail|favour|favor|note|point|ask|time|drink|beer|coke|pizza|portion|dish))|another (?:person|guest|friend)|mais (?:um|uma)(?: pessoa)?(?! (?:coisa|coisinha|pergunta|duvida|questao|pedido|nota|cerveja|bebida|pizza|dose|porcao))|(?:uno|una) mas|otra persona mas|una persona mas|um a mais|uma a mais|viene (?:uno|otro|otra) mas)\b/.test(
      n,
    )
  )
    return 1;
  if (
    /\b(one less|one fewer|(?:can ?t|cannot|cannae|won ?t) make it|can ?t come|(?:um|uma) a menos|menos (?:um|uma)|nao (?:pode|vai) vir|nao vem|(?:uno|una) menos|no (?:puede|va a) venir|no viene|(?:isn t|is not|not) coming)\b/.test(
      n,
    )
  )
    return -1;
  return null;
}
