import type { DetectedLanguage } from "../../language";

// The phrases the intent classifier starts from, in English, Portuguese and Spanish, before any
// business adds its own: what customers write when they want each kind of skill (a skill's kind is
// read from its graph: a party size and a time is a table booking), and what they write when no skill
// can help them and a person should (lost property, a complaint, an allergy, a booking made
// elsewhere), and the shape of a plain question, which the knowledge answers. A business's own skill
// names, descriptions, example phrases and knowledge titles are added to these (skill-intents.ts).

export type SkillKind = "table_booking" | "appointment" | "order" | "lead";

/** Intents that start no skill: a person is offered (the first four), the menu is shown, or the knowledge answers. */
export type OwnIntent = "lost_property" | "complaint" | "allergy" | "booking_check" | "menu" | "question";

type Phrases = Record<DetectedLanguage, string[]>;

export const skillKindExamples: Record<SkillKind, Phrases> = {
  table_booking: {
    en: [
      "I'd like to book a table",
      "can I reserve a table for 4 tonight",
      "table for two on friday at 8pm",
      "do you have a free table for 6 tomorrow evening",
      "we would like to make a reservation",
      "book us in for 3 people on saturday at 9",
      "reservation for 5 people please",
      "could we get a table for dinner tomorrow",
      "is it possible to book for lunch on sunday",
      "a table for 2 at 20:00",
    ],
    pt: [
      "queria reservar uma mesa",
      "mesa para 4 no sábado às 20h",
      "posso fazer uma reserva para amanhã",
      "têm mesa para dois hoje à noite",
      "reserva para 5 pessoas por favor",
      "gostava de marcar uma mesa para jantar",
      "dá para reservar para o almoço de domingo",
      "quero reservar para 3 pessoas sexta às 21h",
    ],
    es: [
      "quiero reservar una mesa",
      "mesa para 4 el sábado a las 21",
      "quería hacer una reserva para mañana",
      "tenéis mesa para dos esta noche",
      "reserva para 5 personas por favor",
      "me gustaría reservar para cenar el viernes",
      "se puede reservar para comer el domingo",
      "una mesa para 3 a las 21:30",
    ],
  },
  appointment: {
    en: [
      "I'd like to book an appointment",
      "can I schedule an appointment for tomorrow",
      "do you have any availability on friday morning",
      "I need an appointment next week",
    ],
    pt: ["queria marcar uma consulta", "posso fazer uma marcação para amanhã", "têm vaga na sexta de manhã", "preciso de marcar horário"],
    es: ["quiero pedir cita", "me das cita para mañana", "tenéis hueco el viernes por la mañana", "necesito una cita la semana que viene"],
  },
  order: {
    en: [
      "I want to order",
      "I'd like to place an order",
      "can I order for delivery",
      "I want to order food for pickup",
      "order for takeaway please",
      "two pizzas for delivery please",
      "can I get a pizza delivered to my address",
      "I'll have one of those to take away",
      "can you deliver to my place tonight",
      "2 pizzas and a coke for pickup",
      "1 lasagna and 2 desserts delivered please",
    ],
    pt: [
      "quero fazer uma encomenda",
      "queria encomendar para levantar",
      "duas pizzas para entrega por favor",
      "posso pedir comida para entregar em casa",
      "quero pedir para take away",
      "fazem entregas aqui para casa hoje",
      "queria uma pizza para ir buscar",
      "2 pizzas e 1 sobremesa para levantar",
    ],
    es: [
      "quiero hacer un pedido",
      "quería pedir para llevar",
      "dos raciones a domicilio por favor",
      "puedo pedir comida para recoger",
      "me lo traéis a casa",
      "quiero encargar para recoger a las 9",
      "un pedido para llevar por favor",
      "2 raciones y 1 postre para recoger",
    ],
  },
  lead: {
    en: [
      "please contact me with a quote",
      "I'd like a quote for an event",
      "can you send me more information by email",
      "can someone get back to me about prices",
    ],
    pt: ["queria um orçamento", "podem contactar-me por email", "gostava de receber mais informação", "enviem-me uma proposta"],
    es: ["quisiera un presupuesto", "podéis contactarme por email", "me gustaría recibir más información", "mandadme una propuesta"],
  },
};

export const ownIntentExamples: Record<OwnIntent, Phrases> = {
  lost_property: {
    en: [
      "I think I left my jacket at the restaurant",
      "I forgot my bag at my table yesterday",
      "I lost my phone there last night",
      "did anyone find a scarf",
      "have you found a pair of glasses",
      "I left my umbrella under the table",
      "I forgot my keys when we had dinner",
    ],
    pt: [
      "acho que deixei o meu casaco aí",
      "esqueci-me do meu cachecol na mesa ontem",
      "perdi o telemóvel no restaurante",
      "alguém encontrou uns óculos",
      "esqueci minha bolsa aí ontem",
      "deixei o guarda-chuva debaixo da mesa",
    ],
    es: [
      "creo que me dejé la chaqueta en el restaurante",
      "olvidé mi bolso en la mesa ayer",
      "perdí el móvil ahí anoche",
      "habéis encontrado unas gafas",
      "me dejé el paraguas debajo de la mesa",
      "se me olvidaron las llaves cuando cenamos",
    ],
  },
  complaint: {
    en: [
      "I have a complaint",
      "I want to complain about my order",
      "my order arrived cold",
      "you charged me twice",
      "the order came without the dessert I paid for",
      "we got the wrong pizza",
      "the food was terrible and the service was rude",
      "very disappointed, the delivery was an hour late",
      "the pizza was burnt",
    ],
    pt: [
      "tenho uma reclamação",
      "quero fazer uma reclamação sobre a encomenda",
      "a encomenda chegou fria",
      "cobraram-me duas vezes",
      "chegou sem a sobremesa que paguei",
      "veio a pizza errada",
      "a comida estava péssima e o atendimento foi mau",
      "a entrega chegou com uma hora de atraso",
    ],
    es: [
      "tengo una queja",
      "quiero poner una reclamación",
      "el pedido llegó frío",
      "me habéis cobrado dos veces",
      "faltaba el postre que pagué",
      "nos trajeron la pizza equivocada",
      "la comida estaba malísima y el servicio fatal",
      "el pedido llegó con una hora de retraso",
    ],
  },
  allergy: {
    en: [
      "I'm allergic to nuts, is it safe for me",
      "does it contain nuts",
      "my son has a serious allergy",
      "can you guarantee there are no traces",
      "is there any risk of cross contamination",
      "is it fried in the same oil as the shellfish",
      "is it safe for someone with a gluten allergy",
    ],
    pt: [
      "sou alérgico a frutos secos, é seguro para mim",
      "tem frutos secos",
      "o meu filho tem uma alergia grave",
      "podem garantir que não há vestígios",
      "há risco de contaminação na cozinha",
      "é frito no mesmo óleo do marisco",
    ],
    es: [
      "soy alérgico a los frutos secos, es seguro para mí",
      "lleva frutos secos",
      "mi hijo tiene una alergia grave",
      "me podéis asegurar que no hay trazas",
      "hay riesgo de contaminación cruzada",
      "se fríe en el mismo aceite que el marisco",
    ],
  },
  booking_check: {
    en: [
      "can you check my booking",
      "did I already book, I can't remember",
      "I booked by phone, is my reservation there",
      "I can't find my booking confirmation",
      "is my reservation confirmed",
      "I have a reservation under my name, can you check it",
    ],
    pt: [
      "podem verificar a minha reserva",
      "fiz uma reserva por telefone, está registada",
      "não encontro a confirmação da reserva",
      "a minha reserva está confirmada",
      "tenho uma reserva em meu nome, podem confirmar",
    ],
    es: [
      "podéis comprobar mi reserva",
      "reservé por teléfono, está mi reserva",
      "no encuentro la confirmación de la reserva",
      "mi reserva está confirmada",
      "tenía una reserva a mi nombre y no aparece",
    ],
  },
  menu: {
    en: [
      "what do you have on the menu",
      "can I see the menu",
      "could you send me the menu",
      "what food do you have",
      "what dishes do you serve",
      "just looking at the menu before we decide",
    ],
    pt: ["o que há na ementa", "podem enviar a ementa", "posso ver o menu", "que pratos têm", "podem mandar o cardápio"],
    es: ["qué hay en la carta", "me pasas la carta", "puedo ver el menú", "qué platos tenéis", "qué tenéis para comer"],
  },
  question: {
    en: [
      "do you have a kids menu",
      "is there a set menu for groups",
      "I just want to know if you're open on sunday evening",
      "what time do you open",
      "is there parking nearby",
      "do you take card",
      "how much is delivery",
      "do you have vegetarian options",
      "where are you",
      "is the wifi free",
      "are you open on sunday",
      "do you take bookings for the terrace",
    ],
    pt: [
      "têm menu infantil",
      "há menu de grupo",
      "só queria saber se estão abertos sábado à noite",
      "a que horas abrem",
      "há estacionamento perto",
      "aceitam cartão",
      "quanto custa a entrega",
      "têm opções vegetarianas",
      "onde ficam",
      "estão abertos ao domingo",
    ],
    es: [
      "tenéis menú infantil",
      "hay menú para grupos",
      "solo quería saber si abrís el sábado por la noche",
      "a qué hora abrís",
      "hay aparcamiento cerca",
      "aceptáis tarjeta",
      "cuánto cuesta el envío",
      "tenéis opciones vegetarianas",
      "dónde estáis",
      "abrís el domingo",
    ],
  },
};
