import { stems } from "./stemming";

// Words that mean the same thing to a restaurant's customers, across English, Portuguese and Spanish,
// so "onde ficam?", "¿dirección?" and "where r u guys located" find the owner's English "Address"
// item. Each group is a concept; a word of the group (or a word with the same stem as one) is indexed
// and searched with the concept as an extra term ("~address"). A group holds only words that, alone,
// already point at the concept: "car" is not parking ("do you sell cars?"), "time" is not opening hours.

const groups: Record<string, string> = {
  address: `address addresses adress located location locate directions map morada endereco localizacao localizados
    localizado localizada fica ficam situado situados situada direccion ubicados ubicado ubicada ubicacion encuentran queda quedan`,
  hours: `hours hour open opens opening opened close closes closing closed schedule horario horarios horas aberto
    abertos aberta abrem abre abrir fecham fechado fechados encerrado encerrados abiertos abierto abierta abren abris abrimos cierran
    cierra cerrado cerrados`,
  parking: `parking park estacionamento estacionar aparcamento aparcar aparcamiento estacionamiento parque garage garagem`,
  vegetarian: `vegetarian vegetarians veggie vegan vegans plant vegetariano vegetariana vegetarianos vegetarianas vegano
    vegana veganos veganas`,
  delivery: `delivery deliver delivers delivered deliveries entrega entregas entregam entregar entregan domicilio reparto
    repartir envio envios ship ships shipping enviam enviais envian`,
  pickup: `pickup takeaway takeout collect levantar recoger`,
  payment: `payment payments pay paying card cards credit cash mbway pagamento pagamentos pagar pago pagos cartao cartoes
    dinheiro multibanco tarjeta tarjetas efectivo amex visa mastercard bizum`,
  price: `price prices cost costs preco precos custa custam custo precio precios cuesta cuestan`,
  booking: `booking bookings book reservation reservations reserve reserva reservas reservar marcacao marcar`,
  menu: `menu menus dishes ementa carta cardapio cardapios pratos platos`,
  // The sweets and drinks every menu calls by their own names, so "what desserts do you have?" finds them.
  dessert: `dessert desserts sobremesa sobremesas postre postres tiramisu cotta mousse cheesecake brownie brownies gelado gelados
    helado helados flan flanes pudim churros crepe crepes sorbet sorbete`,
  drink: `drink drinks beverage beverages bebida bebidas lemonade limonada cola coke sangria juice sumo zumo`,
  wifi: `wifi internet password passwd pw senha contrasena`,
  children: `children child kids kid baby babies highchair highchairs criancas crianca filhos bebe bebes ninos nino hijos
    trona tronas infantil infantis`,
  pets: `pets pet dog dogs doggy doggo pup puppy puppies pooch cadela cadelinha cachorrinho cachorrinha caozinho cao caes cachorro cachorros cachorra animais animal animales perro perros perrita perrito mascota mascotas terrier poodle labrador chihuahua dachshund pug spaniel retriever bulldog beagle collie schnauzer yorkie`,
  terrace: `terrace outdoor outside esplanada terraza fora afuera exterior`,
  // Getting there by public transport: "is there a metro close by?", "qual o metrô mais perto?".
  transit: `metro metros subway tube underground station stations estacao estacoes estacion estaciones autocarro autocarros
    onibus autobus autobuses tram trams tranvia eletrico stop stops paragem paragens parada paradas`,
  // A salon's cuts: "a cut and beard" finds "Haircut and beard", "cortar el pelo" the cuts.
  haircut: `haircut haircuts cut cuts corte cortes cortar cortarme fringe bangs franja flequillo`,
  // A salon's colour in the customer's words: "highlights", "madeixas", "mechas", "tinte".
  colour: `colour color colours colors colouring coloring dye dyed tint highlights balayage coloracao coloracion madeixas mechas
    reflejos tinte tinta pintar tenir tenirme tenirse tinto`,
  // A salon's nails: "fazer as unhas", "get my nails done" find the manicure.
  manicure: `manicure manicures manicura manicuras nails nail unhas unha`,
  // Pain said in the customer's words finds what the clinic says about emergencies.
  emergency: `emergency emergencies urgent urgency urgencia urgencias urgente urgentes pain painful hurts hurting ache aching toothache
    sore throbbing swollen swelling abscess dor dores doi doendo inchado inchada abcesso lateja latejar dolor dolores duele doliendo
    hinchado hinchada hinchazon flemon absceso`,
  // A routine visit to a clinic: "a routine check", "consulta de rotina", "una revisión de rutina", "un control".
  checkup: `checkup checkups routine revisao revisoes rotina revision revisiones rutina`,
  // A clinic's whitening, asked for by the teeth's colour: "yellowed teeth", "sorriso amarelado", "dientes amarillos".
  whitening: `whitening whiten whitened yellow yellowed yellowish branqueamento branquear branqueamentos amarelo amarelos amarelado
    amarelados amarelada amareladas blanqueamiento blanquear blanqueamientos amarillo amarillos amarillento amarillentos amarillentas`,
  gluten: `gluten celiac coeliac coeliacs celiaco celiacos celiaca`,
  allergy: `allergy allergies allergic allergen allergens alergia alergias alergico alergica alergenos`,
  groups: `group groups grupo grupos`,
  monday: "monday mondays segunda lunes",
  tuesday: "tuesday tuesdays terca martes",
  wednesday: "wednesday wednesdays quarta miercoles",
  thursday: "thursday thursdays quinta jueves",
  friday: "friday fridays sexta viernes",
  saturday: "saturday saturdays sabado sabados",
  sunday: "sunday sundays domingo domingos",
  weekend: "weekend weekends fim fin",
  lunch: "lunch almoco almocar almuerzo",
  // What a menu is made of, so "saladas", "ensaladas" and "limonada" find the owner's English items.
  salad: "salad salads salada saladas ensalada ensaladas",
  water: "water agua aguas",
  lemonade: "lemonade lemonades limonada limonadas",
  wine: "wine wines vinho vinhos vino vinos",
  beer: "beer beers cerveja cervejas cerveza cervezas",
  soda: "soda sodas refrigerante refrigerantes refresco refrescos",
  coffee: "coffee coffees cafe cafes",
  // Tea in the three languages (not the Spanish "té", which folds to the pronoun "te"); the teas by
  // their own names are `kinds` below.
  tea: "tea teas cha chas infusion infusions infusao infusoes infusiones",
  cheese: "cheese cheeses queijo queijos queso quesos formaggi",
  tomato: "tomato tomatoes tomate tomates",
  chicken: "chicken frango pollo",
  lasagna: "lasagna lasagne lasanha lasana",
  mushroom: "mushroom mushrooms cogumelos cogumelo setas champinones",
  meat: "meat carne carnes",
  fish: "fish peixe pescado",
  bread: "bread pao pan",
  spicy: "spicy hot picante picantes",
  dinner: "dinner jantar cena cenar",
};

// The things of a kind by their own names, which a question about the kind finds: "what teas do you
// have?" finds the Earl Grey and the Rooibos. One way only: an item is indexed under its kind, but a
// question that names one ("how much is the rooibos?") asks for that one, not every tea.
const kinds: Record<string, string> = {
  tea: "sencha matcha rooibos earl oolong darjeeling assam chamomile camomila manzanilla jasmine jasmim",
};

/**
 * The concepts that name what a knowledge item is about, so that a question naming one in other words
 * ("dog-friendly?" for "Perros") is about that item. The others ("menu", "price", a weekday, a dish)
 * name things many items mention without being their topic ("algún plato sin gluten?" is not about
 * the "Menú para grupos").
 */
export const topicConcepts = new Set(
  [
    "address",
    "hours",
    "parking",
    "vegetarian",
    "delivery",
    "pickup",
    "payment",
    "wifi",
    "children",
    "pets",
    "terrace",
    "gluten",
    "allergy",
    "transit",
  ].map((c) => `~${c}`),
);

const byWord = new Map<string, Set<string>>();
const byStem = new Map<string, Set<string>>();
const add = (map: Map<string, Set<string>>, key: string, concept: string) => {
  const set = map.get(key) ?? new Set<string>();
  set.add(concept);
  map.set(key, set);
};
for (const [concept, list] of Object.entries(groups)) {
  for (const word of list.split(/\s+/).filter(Boolean)) {
    add(byWord, word, concept);
    for (const stem of stems(word)) add(byStem, stem, concept);
  }
}

const kindOf = new Map<string, string>();
for (const [concept, list] of Object.entries(kinds)) for (const word of list.split(/\s+/).filter(Boolean)) kindOf.set(word, `~${concept}`);

/** The kind a thing's own name makes it ("rooibos" -> ~tea), for indexing only; empty when none. */
export function kindsOf(word: string): string[] {
  const kind = kindOf.get(word);
  return kind ? [kind] : [];
}

/** The concept terms ("~address") of a normalized word: by the word itself, else by one of its stems. */
export function conceptsOf(word: string): string[] {
  const direct = byWord.get(word);
  if (direct) return [...direct].map((c) => `~${c}`);
  const found = new Set<string>();
  // A stem, or the word a diminutive is made from ("caozinho" -> "cao").
  // A short word's short stem says too little: "wife" and "wifi" are both "wif" to the Spanish stemmer.
  for (const stem of stems(word)) {
    if (stem.length < 4 && word.length < 6) continue;
    for (const c of [...(byStem.get(stem) ?? []), ...(byWord.get(stem) ?? [])]) found.add(c);
  }
  return [...found].map((c) => `~${c}`);
}
