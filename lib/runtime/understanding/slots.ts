import type { SkillGraph, TypedNode } from "../../shared/graph-schema";
import { normalize, words } from "./text-match";
import { isCancel, saysNo, saysYes } from "./acts";
import { readWhenParts, type WhenContext, type WhenParts } from "./when";
import { readPartySize } from "./party-size";
import { isGivenName } from "./first-names";
import { stopwords } from "./stopwords";

export { numberOf } from "./numbers";
export { readPartySize };

// The slots of a skill are its question nodes: each one's variable is filled from whatever the
// customer says, in the message that started the skill or any later one, and asked only while it is
// missing. This file reads the values a message gives for slots it does not answer directly ("table
// for 2 tomorrow 8pm, name Ana" fills four); only values said with their context count ("for 2",
// "name Ana"), so a bare "2" fills nothing but the question being asked.

export type Slot = { node: TypedNode<"question">; role: SlotRole };
export type SlotRole = "party" | "when" | "date" | "name" | "email" | "phone" | "address" | "choice" | "confirm" | "number" | "text";

const partyNames = /^(party|party_size|people|guests|pax|covers|size|persons|adults|n_people|pessoas|personas)$/i;
const nameNames = /^(name|full_name|customer_name|nome|nombre|first_name)$/i;
const addressNames = /^(address|delivery_address|morada|direccion|endereco)$/i;

export function slotsOf(graph: SkillGraph): Slot[] {
  return graph.nodes.flatMap((n): Slot[] => {
    if (n.type !== "question") return [];
    const d = n.data;
    const role: SlotRole =
      d.confirm === true
        ? "confirm"
        : d.kind === "datetime"
          ? "when"
          : d.kind === "date"
            ? "date"
            : d.kind === "email"
              ? "email"
              : d.kind === "phone"
                ? "phone"
                : d.kind === "choice"
                  ? "choice"
                  : d.kind === "number"
                    ? partyNames.test(d.variable) || d.max !== undefined
                      ? "party"
                      : "number"
                    : nameNames.test(d.variable)
                      ? "name"
                      : addressNames.test(d.variable)
                        ? "address"
                        : "text";
    return [{ node: n, role }];
  });
}

const commandWords = new Set(
  "cancel stop book booking order menu help yes no ok okay sure thanks hello hi hey bye reservation table cancelar reserva reservar mesa encomendar encomenda pedido pedir sim nao obrigado ola oi hola gracias si vale tchau adeus adios that thats grand perfect perfeito perfecto great fine lovely awesome brilliant cheers correct certo exacto exato otimo genial".split(
    " ",
  ),
);

/** A name: a few words, no question, no digits, not a command or a sentence ("Ana", "it's Ana Silva"). */
export function readName(text: string): string | null {
  // "Liam Cooper 🙌": an emoji is no part of a name.
  let t = withoutEndMarks(text.replace(/\p{Extended_Pictographic}|\u{FE0F}|\u{200D}/gu, " ").trim());
  t = t.replace(
    /^(it'?s|its|name'?s|my name is|the name is|name is|(?:under )?(?:the )?name of|under|i'?m|i am|this is|é|e|sou|sou o|sou a|o meu nome é|meu nome é|chamo-me|me chamo|em nome de|a nombre de|soy|me llamo|mi nombre es|nome|name|nombre)\s*[:,-]?\s+/i,
    "",
  );
  // "its sophie! ty!!": thanks after the name, and the marks before them.
  t = withoutEndMarks(
    t.replace(
      /(?<!\s)\s+(please|pls|por favor|pf|many thanks|thanks a lot|thank you so much|thank you|muchas gracias|muito obrigad[oa]|obrigad[oa]|gracias|thanks|ty|thx|tysm|cheers)$/i,
      "",
    ),
  );
  if (!t || t.includes("?") || /\d|@/.test(t)) return null;
  const w = words(t);
  if (!w.length || w.length > 4) return null;
  if (w.some((x) => commandWords.has(x)) || isCancel(t) || saysYes(t) || saysNo(t)) return null;
  // "Sunday", "Sábado": a day is no name; nor "ah", "oh", "pues" left of a remark.
  if (w.length === 1 && weekdayWords.has(w[0])) return null;
  if (w.every((x) => interjections.has(x))) return null;
  if (
    /\b(pick|pickup|deliver|delivery|levantar|buscar|recoger|entrega|domicilio|tomorrow|today|tonight|amanha|hoje|manana|hoy|people|pessoas|personas)\b/i.test(
      normalize(t),
    )
  )
    return null;
  const name = t.replace(/[,;]$/, "").trim().replace(/\s+/g, " ");
  // "lucía moreno" is written as the staff would write it: "Lucía Moreno" ("de", "da"... stay small).
  return name === name.toLowerCase()
    ? name.replace(/(^|\s|-)(\p{Ll})(\p{Ll}*)/gu, (m, sep, first, rest) => (particles.has(first + rest) ? m : sep + first.toUpperCase() + rest))
    : name;
}

/**
 * The answer to "what name?": the whole message as a name, or its first clause when the rest is a
 * remark ("Manuel Ferreira, passo aí às 20h", "Valeria Hernández, y vamos con una carriola").
 */
export function readNameAnswer(text: string): string | null {
  const whole = readName(text);
  if (whole) return whole;
  // "Duarte Leal. sim, pode ser", "José Pinto. tá certo 👍": the name, then a sentence of agreement.
  const [first, ...rest] = text.split(/[,;]|\s[-–—]\s|(?<=\p{L})[.!]\s+/u).map((p) => p.trim());
  if (!rest.length || text.trim().endsWith("?")) return null;
  // "ah bummer, ... names Liam Carter": a name said outright beats the words before it.
  return readNameInText(text) ?? readName(first);
}

// A name of up to three capitalised words, with "de", "da", "van"... between them.
const introduced =
  /(?:^|[\s,.!])(?:I'?m|I am|[Tt]his is|[Ss]oy|[Ss]ou(?: o| a)?|[Aa]qui [ée](?: o| a)?)\s+([A-ZÀ-Þ][a-zà-ÿ-]*(?:['’][A-ZÀ-Þ]?[a-zà-ÿ-]+)?(?:\s+(?:(?:de|da|do|dos|das|del|van|von|der|di|du|la|le)\s+)?[A-ZÀ-Þ][a-zà-ÿ-]*(?:['’][A-ZÀ-Þ]?[a-zà-ÿ-]+)?){0,2})\s*(?:[,.!;]|$)/u;
const here =
  /(?:^\s*|[,.!?]\s*)([A-Za-zÀ-ÿ][a-zà-ÿ'-]+(?:\s+(?:(?:de|da|do|dos|das|del|van|von|der|di|du|la|le)\s+)?[A-ZÀ-Þ][a-zà-ÿ-]*(?:['’][A-ZÀ-Þ]?[a-zà-ÿ-]+)?){0,2})\s+(?:here|aqui|aquí)(?![\p{L}])/u;
const leading =
  /^\s*([A-ZÀ-Þ][a-zà-ÿ-]*(?:['’][A-ZÀ-Þ]?[a-zà-ÿ-]+)?(?:\s+(?:(?:de|da|do|dos|das|del|van|von|der|di|du|la|le)\s+)?[A-ZÀ-Þ][a-zà-ÿ-]*(?:['’][A-ZÀ-Þ]?[a-zà-ÿ-]+)?){1,2})\s*,/u;
// Words that open a message and are no name: "Good afternoon,", "Boa tarde,", "Exmos. Senhores,".
const notNames = new Set(
  "putz poxa eita nossa caramba carago ostras vaya hombre oops ugh damn shoot wow uau good morning afternoon evening night day boa bom tarde dia noite buenas buenos dias tardes noches hello hi hey hiya dear caro cara exmos exmo senhores senhor estimados estimado thanks thank obrigado obrigada gracias ok okay yes sim si vale ola olá hola quick question we're were we i'm im it's its i you they still almost already over right out all everyone rua calle avenida avda travessa praca praça plaza largo street road avenue".split(
    " ",
  ),
);

const particles = new Set(["de", "da", "do", "dos", "das", "del", "van", "von", "der", "di", "du", "la", "le"]);

/**
 * "Tom Walsh just" -> "Tom Walsh": a name written with a capital ends where the capitals end; a
 * particle between two capitalised words belongs to it ("Sander de Vries", "Ana da Silva").
 */
function capitalisedRun(name: string): string {
  const parts = name.split(/\s+/);
  if (!/^\p{Lu}/u.test(parts[0])) return name;
  const capital = (w: string | undefined) => !!w && /^\p{Lu}/u.test(w);
  const end = parts.findIndex((w, i) => i > 0 && !capital(w) && !(particles.has(w) && capital(parts[i + 1])));
  return end < 0 ? name : parts.slice(0, end).join(" ");
}

/** "name Ana", "under Ana Silva", "em nome de Ana", "a nombre de Ana", "I'm Ana" inside a longer message. */
export function readNameInText(text: string): string | null {
  const m =
    /(?:\bname(?:\s+is|'s|s|\s+of)?|\bunder(?:\s+the\s+name(?:\s+of)?)?|\bnome(?:\s+[ée]|\s+d[eao])?|\bem nome d[eao]|\ba nombre de|\bme llamo|\bmi nombre es|\bmy name is|\bchamo-me|\bme chamo|\bsoy|\bsou o|\bsou a)(?:\s*[:,])?\s+([A-Za-zÀ-ÿ][A-Za-zÀ-ÿ'-]*(?:\s+(?:(?:de|da|do|dos|das|del|van|von|der|di|du|la|le)\s+)?[A-ZÀ-Þ][A-Za-zÀ-ÿ'-]*){0,2})/iu.exec(
      text,
    );
  if (m) return readName(capitalisedRun(m[1]));
  // "kindly note my details: Arjun Rao, arjun.rao@...": the name first in the details.
  const details =
    /\b(?:my details|details|contact details|my contact|contact|contacto|contactos|mis datos|datos|os meus dados|meus dados|dados)\s*:\s*([A-ZÀ-Þ][a-zà-ÿ'-]+(?:\s+[A-ZÀ-Þ][a-zà-ÿ'-]+){0,2})\s*(?:[,;.]|$)/u.exec(
      text,
    );
  if (details) {
    const name = readName(details[1]);
    if (name) return name;
  }
  // "I'm Dan," / "soy Pilar." / "sou a Joana,": only a name followed by punctuation or the end, so "I'm hungry for..." is not one.
  const short = /(?:^|[\s,.!])(?:i'?m|i am|this is|soy|sou(?: o| a)?|aqui [ée](?: o| a)?)\s+([A-Za-zÀ-ÿ][A-Za-zÀ-ÿ'-]+)\s*(?:[,.!;]|$)/iu.exec(text);
  if (short) return readName(short[1]);
  // "This is Arjun Rao.", "Hi, Sander de Vries here.", "fiona here", "Raj Mehta, table for 1...".
  const full = introduced.exec(text) ?? here.exec(text) ?? leading.exec(text);
  if (full && !full[1].split(/\s+/).some((w) => notNames.has(w.toLowerCase()))) {
    const name = readName(full[1]);
    if (name) return name;
  }
  // "..., it's for Ben" at the end, written with a capital; "It's for Megan Clark! We loved it" anywhere.
  const forName =
    /\b(?:it'?s |its )?for ([A-ZÀ-Þ][a-zà-ÿ]+)\s*(?:[.!]\s*)?$/u.exec(text) ??
    /\b(?:[Ii]t'?s|[Ii]ts|[Tt]he booking is|[Tt]he table is|[Bb]ooking) for ([A-ZÀ-Þ][a-zà-ÿ'-]+(?:\s+[A-ZÀ-Þ][a-zà-ÿ'-]+){0,2})\s*(?:[.!,;]|$)/u.exec(
      text,
    ) ??
    // "It's Megan Dunn.", "it's Tom Reid here", "it's Maureen O'Sullivan, sorry love": a full name (two
    // capitalised words) after "it's".
    /(?:^|[\s,.!])(?:[Ii]t'?s|[Ii]ts)\s+([A-ZÀ-Þ][a-zà-ÿ'-]+\s+[A-ZÀ-Þ][a-zà-ÿ'’-]*(?:['’][A-ZÀ-Þ][a-zà-ÿ]+)?)\s*(?:[.!,;]|here\b|$)/u.exec(text) ??
    // "Hello there, it's Maureen. We're four...": one given name after "it's", ending its sentence.
    givenNameAfterIts(text);
  if (forName && !forName[1].split(/\s+/).some((w) => calendarWords.has(w.toLowerCase()) || notNames.has(w.toLowerCase()))) {
    const name = readName(forName[1]);
    if (name) return name;
  }
  // "... its for ava martin", "it's for sophie": written in lower case, last in the message.
  const lowerFor = /\b(?:it'?s|its) for ([a-zà-ÿ][a-zà-ÿ'-]+(?: [a-zà-ÿ][a-zà-ÿ'-]+)?)$/u.exec(withoutEndMarks(text));
  if (
    lowerFor &&
    !lowerFor[1]
      .split(/\s+/)
      .some((w) => calendarWords.has(w) || notNames.has(w) || /^(?:today|tonight|tomorrow|lunch|dinner|me|us|two|four|him|her|them|my|our)$/.test(w))
  ) {
    const name = readName(lowerFor[1]);
    if (name) return name.replace(/(^|\s)\p{Ll}/gu, (c) => c.toUpperCase());
  }
  return signedName(text) ?? lowerCaseSignature(text);
}

function givenNameAfterIts(text: string): RegExpExecArray | null {
  const m = /(?:^|[\s,.!])(?:[Ii]t'?s|[Ii]ts)\s+([A-ZÀ-Þ][a-zà-ÿ'-]+)\s*[.!,;]/u.exec(text);
  return m && isGivenName(normalize(m[1])) ? m : null;
}

// A word before a name that makes it someone else than the one writing: "with rita", "my son leo"; or
// no name at all: "pa comé" (para comer).
const someoneElse = new Set(
  "with com con and e y my meu minha mi mis meus minhas for para pra pa pal to a o the el la our nosso nossa nuestro nuestra his her son daughter filho filha hijo hija wife husband mulher marido esposa esposo friend friends amigo amiga amigos amigas mum mom mae madre dad pai padre sister brother irma irmao hermana hermano ask call tell".split(
    " ",
  ),
);
const plainWord = /^[a-zà-ÿ'-]+$/u;

/**
 * A name written in lower case as the message's last words, as people sign in a hurry: "mesa pa amanha
 * as 21h pa 5, tiago", "tuesday at 9pm then! sophie", "...football practice ava martin". Only a given
 * name (lib/runtime/understanding/first-names.ts), optionally with one more word, and never after a
 * word that makes it someone else ("with rita").
 */
function lowerCaseSignature(text: string): string | null {
  const plain = withoutEndMarks(text.replace(emailPattern, " ").replace(/\p{Extended_Pictographic}+/gu, " "));
  const tokens = plain.split(/\s+/).filter(Boolean);
  if (tokens.length < 3) return null;
  const last = tokens[tokens.length - 1];
  const before = tokens[tokens.length - 2];
  const tryName = (parts: string[], boundary: string | undefined) => {
    if (!boundary) return null;
    const signed = /[,.!;:]$/.test(boundary);
    if (!signed && someoneElse.has(normalize(boundary))) return null;
    const name = readName(parts.join(" "));
    return name && name.split(/\s+/).length === parts.length ? name.replace(/(^|\s|-)\p{Ll}/gu, (c) => c.toUpperCase()) : null;
  };
  if (!plainWord.test(last)) return null;
  if (plainWord.test(before) && isGivenName(normalize(before)) && !everyMessageWord(last)) {
    const two = tryName([before, last], tokens[tokens.length - 3]);
    if (two) return two;
  }
  return isGivenName(normalize(last)) ? tryName([last], before) : null;
}

/** A second word that cannot be a surname: a word every message uses ("ana please", "rui tonight"). */
function everyMessageWord(word: string): boolean {
  const w = normalize(word);
  return stopwords.has(w) || commandWords.has(w) || calendarWords.has(w) || weekdayWords.has(w) || timeAdverbs.has(w);
}

const interjections = new Set(
  "ah oh eh uh um hmm hm ahh ohh aah pues bueno vale ok okay pois olha mira oye ya bom aw aww shame carago caramba bolas porra ostras hostia joder vaya bummer och damn dang oops whoops uy ay ai epa opa eita nossa poxa puxa vixe che quillo miarma mate bro dude espera esperate wait sorry perdon desculpa ups".split(
    " ",
  ),
);

// "friday till late" is no "Till Late".
const timeAdverbs = new Set("late early later earlier soon now then again tonight today tomorrow".split(" "));

/** The text without the full stops and exclamation marks it ends with (a loop: no regex to backtrack). */
function withoutEndMarks(text: string): string {
  let out = text.trim();
  while (out.endsWith(".") || out.endsWith("!")) out = out.slice(0, -1).trimEnd();
  return out;
}

// The days of the week (normalized), which are never a name given alone ("Sunday, yes..."); months
// may be ("Marco", "April", "June").
const weekdayWords = new Set(
  "monday tuesday wednesday thursday friday saturday sunday segunda terca quarta quinta sexta sabado domingo lunes martes miercoles jueves viernes".split(
    " ",
  ),
);

// Words written with a capital that are days, months or greetings, never a signature.
const calendarWords = new Set(
  "monday tuesday wednesday thursday friday saturday sunday segunda terca terça quarta quinta sexta sabado sábado domingo lunes martes miercoles miércoles jueves viernes january february march april may june july august september october november december janeiro fevereiro marco março abril maio junho julho agosto setembro outubro novembro dezembro enero febrero marzo mayo junio julio agosto septiembre octubre noviembre diciembre happy merry feliz muchas muito many best kind regards cheers abraço abrazo saludos cumprimentos".split(
    " ",
  ),
);
const closing =
  /^(?:god bless|thanks?|thank you|thank you so much|thanks so much|many thanks|cheers|regards|best|kind regards|bye|x+|obrigad[oa]|muito obrigad[oa]|cumprimentos|beijos?|abracos?|bjs|gracias|muchas gracias|un saludo|saludos|besos|un abrazo|abrazos|voila|merci|ciao|see you|ate ja|hasta luego)$/;
// "O'Brien", "McDonald", "Ana-Rita": a capital may follow an apostrophe or "Mc".
const signature =
  /^([A-ZÀ-Þ][a-zà-ÿ'’-]*(?:['’][A-ZÀ-Þ][a-zà-ÿ]+)?(?:\s+(?:(?:de|da|do|dos|das|del|van|von|der|di|du|la|le)\s+)?[A-ZÀ-Þ](?:c[A-Z])?[a-zà-ÿ'’-]*(?:['’][A-ZÀ-Þ][a-zà-ÿ]+)?){1,2})$/u;

/**
 * A name signed as a clause of its own: two or three capitalised words standing alone, last in the
 * message or just before a question ("table 2ppl tmrw 21.00, Raj Mehta. nearest metro?", "Mesa para 5
 * hoy a las 15:00. Javier Gómez"). One word alone is too often something else ("Sol", "Thanks").
 */
function signedName(text: string): string | null {
  // An email or a phone number beside the name ("Ana Rita, ana.rita@example.pt") is no clause of it.
  const clauses = text
    .replace(emailPattern, " ")
    .replace(/\+?\d[\d ]{7,}\d/g, " ")
    .split(/[,;.!?\n]+|\p{Extended_Pictographic}+/u)
    .map((c) => c.trim())
    .filter(Boolean);
  if (clauses.length < 2) return null;
  // "can i get 2 croquetas and a tortilla for pickup at 9, Fiona": one capitalised word after a comma, last.
  const lone = /, ?([A-ZÀ-Þ][a-zà-ÿ'-]{2,})$/u.exec(withoutEndMarks(text));
  if (lone && !notNames.has(lone[1].toLowerCase()) && !calendarWords.has(lone[1].toLowerCase()) && !closing.test(normalize(lone[1]))) {
    const name = readName(lone[1]);
    if (name) return name;
  }
  // The last clause, or the one before a closing ("Maureen Byrne. God bless", "Ana Ruiz. Un saludo").
  const candidates = [clauses.length - 1, clauses.length - 2];
  const lastQuestion = /\?\s*$/.test(text.trim()) ? clauses.length - 2 : -1;
  if (lastQuestion >= 1) candidates.push(lastQuestion);
  // "mesa pa 10 no domingo à uma, José Pinto. Aliás, ficamos 12": the name before a correction.
  const booking = /\b(?:mesa|table|reserva|reservation|booking|book|reservar)\b/.test(normalize(text));
  const beforeFix = booking ? clauses.findIndex((_c, i) => i >= 1 && i + 1 < clauses.length && correctionStart.test(normalize(clauses[i + 1]))) : -1;
  if (beforeFix >= 1) candidates.push(beforeFix);
  for (const i of candidates) {
    if (i < 1) continue;
    if (i === clauses.length - 2 && i !== lastQuestion && i !== beforeFix && !closing.test(normalize(clauses[clauses.length - 1]))) continue;
    const m = signature.exec(clauses[i]);
    if (!m) continue;
    const parts = m[1].split(/\s+/).map((w) => w.toLowerCase());
    if (parts.some((w) => notNames.has(w) || calendarWords.has(w))) continue;
    const name = readName(m[1]);
    if (name) return name;
  }
  return null;
}

// Words that open a correction after a name: "Aliás, ...", "Actually ...", "Oh wait ...".
const correctionStart = /^(?:alias|afinal|actually|oh wait|wait|sorry|bueno|espera|perdon|pardon|oops|en realidad)\b/;

const pickupWords =
  /\b(take it home|to take home|take home|pick ?it up|pick (?:them|em|these|those|everything|the order) up|pick up|collection|pickup|pick-up|collect|come (?:and )?(?:get|grab|fetch) (?:it|them|em|the order)|take ?away|takeaway|to go|levantar|levanto|vou buscar|ir buscar|buscar|recolher|take out|takeout|recoger|recogerlo|recogerla|recogerlos|recogerlas|recojo|levanta lo|levanta la|levanta los|levanta las|paso a buscar|para llevar|pa llevar|p llevar|pa recoger|pra levantar|pa levantar|p levantar|en el local|no local|para levar|pra levar|pa levar|pa lleva|para lleva|passo ai|passo la|paso a por|paso por ahi|swing by|pra viagem|para viagem|pra retirar|para retirar|retirar no local|retiro)\b/;
const deliveryWords =
  /\b(a casa|em casa|para casa|to my place|to my house|traigan|traigais|traeis|traer|trazer|tragam|tragan|entreguem|deliver|delivered|delivery|bring it|send it|entrega|entregar|entregue|ao domicilio|domicilio|entregar em casa|envio|enviar|a domicilio|reparto|traer|tragan)\b/;

/** "Pickup", "Delivery" or null, for a choice whose options name them (any language). */
export function readFulfilment(text: string): "pickup" | "delivery" | null {
  const n = normalize(text);
  const p = pickupWords.test(n);
  const d = deliveryWords.test(n);
  if (p && !d) return "pickup";
  if (d && !p) return "delivery";
  return null;
}

const streetWords =
  /\b(rua|r\.|avenida|av\.?|avda\.?|travessa|tv\.|largo|pra[cç]a|cal[cç]ada|estrada|alameda|calle|c\/|plaza|paseo|street|st\.|road|rd\.|avenue|ave\.?|lane|square)\s+[^\n?!:]+/iu;

/** An address inside a longer message: from the street word to the end of the sentence. */
// Where an address stops in a message that goes on: a polite word, a question or a name after it, an
// emoji, a new sentence ("Rua da Madalena 50. Estamos en el tranvía..."), more items ("and 2 cokes").
const addressEnd =
  /(?<!\s)\s+(?:please|pls|plz|por favor|porfa|pf|thanks|obrigad[oa]|gracias)\b|,\s*(?:hows|how's|how much|how long|whats|what's|quanto|cuanto|cu[aá]nto)\b|,?\s+(?:and|e|y)\s+(?:if|pago|pagar|pagamos|pay|paying|do|does|can|could|is|are|will|what|whats|what's|where|wheres|when|how|qual|quais|onde|quando|cu[aá]l|d[oó]nde|cu[aá]ndo|aceitam|aceitais|tem|t[eê]m|podem|aceptan|acept[aá]is|ten[eé]is|pod[eé]is|se puede)\b|,?\s+(?:(?:my |o meu |mi )?name|nome|nombre|a nombre de|em nome de|me llamo|chamo-me|i am|i'm|sou o|sou a|soy|[eé] pra|[eé] para|es para|it'?s for|its for)\b|,\s*(?:and|e|y)\s+(?:add|also|plus|adiciona|acrescenta|junta|añade|anade|agrega)\b|\s*\p{Extended_Pictographic}|(?<=\d(?:\.º|[^.]){0,40})\.\s+(?=[¿¡]?[A-Za-zÀ-ÿ]+[\s,])|(?<=\d[^,.]{0,40})\s+(?:and|e|y|with|com|con|plus|mais|m[aá]s)\s+(?:one|a|an|two|three|four|\d{1,2}|um|uma|dois|duas|tr[eê]s|un|una|dos)\s/iu;

export function readAddressInText(text: string): string | null {
  const m = streetWords.exec(text);
  if (!m) return null;
  // The match holds no line break, so "from the polite word to the end" is a slice.
  const polite = addressEnd.exec(m[0]);
  return (
    m[0]
      .slice(0, polite ? polite.index : undefined)
      .replace(/(?<![.,;\s])[.,;\s]+$/, "")
      .trim() || null
  );
}

const changeStart =
  /^(?:(?:actually|sorry|wait|oh|afinal|alias|perdon|perdao|desculpa|en realidad|mejor)\s)?(?:no|not|without|remove|minus|sem|tira|retira|sin|quita|quitame|quitad|nada de)\s/;

/** An address given as the answer: not a question, not "I'll pick it up", something that reads as a place. */
export function readAddress(text: string): string | null {
  const t = text
    .trim()
    .replace(/^(it'?s|to|a morada [ée]|morada|address|my address is|la direcci[oó]n es|direcci[oó]n|para|en|em|na|no)\s*[:,]?\s+/i, "")
    .trim();
  if (!t || t.includes("?") || isCancel(t) || readFulfilment(t) === "pickup") return null;
  // "Al hotel, Rua da Madalena 50. Estamos en el tranvía...": the address is what comes before the rest.
  const end = /\d/.test(t) ? addressEnd.exec(t) : null;
  if (end && end.index > 0) {
    let cut = t.slice(0, end.index);
    while (cut && " ,;.\t\n".includes(cut[cut.length - 1])) cut = cut.slice(0, -1);
    return readAddress(cut);
  }
  // "Yes that's everything!" at the address question is no address.
  if (!/\d/.test(t) && (saysYes(t) || saysNo(t))) return null;
  // "actually no tiramisu", "sem a sobremesa", "sin cebolla": a change to the order, no place.
  if (!/\d/.test(t) && !streetWords.test(t) && changeStart.test(normalize(t))) return null;
  const w = words(t);
  if (w.length < 2 && !/\d/.test(t)) return null;
  if (w.length > 20) return null;
  if (w.every((x) => commandWords.has(x))) return null;
  return t.replace(/(?<![.\s])[.\s]+$/, "");
}

// Starts only where the local part starts: from inside a run of its characters it would rescan the run.
export const emailPattern = /(?<![A-Za-z0-9._%+'-])[A-Za-z0-9._%+'-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/;

export type Filled = Record<string, unknown>;

/**
 * The slot values a message gives with their context, by variable. The datetime slot gets its parts
 * merged with the parts said before (`$when` keeps them), so a time alone keeps the date already given.
 */
export function extractSlots(text: string, slots: Slot[], vars: Record<string, unknown>, ctx: WhenContext): Filled {
  const out: Filled = {};
  for (const { node, role } of slots) {
    const v = node.data.variable;
    switch (role) {
      case "party": {
        const n = readPartySize(text);
        if (n !== null) out[v] = n;
        break;
      }
      case "when":
      case "date": {
        const parts = readWhenParts(text, ctx);
        if (parts) out[`$parts_${v}`] = parts;
        break;
      }
      case "name": {
        const name = readNameInText(text);
        if (name) out[v] = name;
        break;
      }
      case "email": {
        const m = emailPattern.exec(text);
        if (m) out[v] = `${m[0].split("@")[0]}@${m[0].split("@")[1].toLowerCase()}`;
        break;
      }
      case "address": {
        const a = readAddressInText(text);
        if (a) out[v] = a;
        break;
      }
      case "choice": {
        const choice = choiceBySynonym(node, text);
        if (choice) out[v] = choice;
        break;
      }
      default:
        break;
    }
  }
  void vars;
  return out;
}

/** A choice named by one of its synonyms (the node's own, or pickup/delivery words). */
export function choiceBySynonym(node: TypedNode<"question">, text: string): string | null {
  const choices = node.data.choices ?? [];
  const said = ` ${normalize(text)} `;
  const hits = new Set<string>();
  for (const [choice, list] of Object.entries(node.data.synonyms ?? {})) {
    if (choices.includes(choice) && list.some((s) => normalize(s) && said.includes(` ${normalize(s)} `))) hits.add(choice);
  }
  const f = readFulfilment(text);
  if (f) for (const c of choices) if (normalize(c) === f || normalize(c).startsWith(f.slice(0, 4))) hits.add(c);
  return hits.size === 1 ? [...hits][0] : null;
}

export function mergeWhen(previous: WhenParts | undefined, next: WhenParts): WhenParts {
  const merged: WhenParts = { ...(previous ?? {}) };
  if (next.date) {
    merged.date = next.date;
    if (next.sameWeekday) merged.sameWeekday = true;
    else delete merged.sameWeekday;
  }
  if (next.time) merged.time = next.time;
  if (next.meal) merged.meal = next.meal;
  // A new day with a new meal but no time: the old time belonged to the old plan.
  if (next.date && !next.time && next.meal && previous?.time) delete merged.time;
  return merged;
}
