import { restaurantHours } from "../shared/starter-kit-hours";
import { eur, type StarterKit } from "./kit";

// A restaurant: table bookings, orders from the menu (pickup and delivery), lunch and dinner service.

export const restaurantKit: StarterKit = {
  kind: "restaurant",
  skills: ["booking", "orders", "leads"],
  settings: {
    tone: {
      en: "You answer for a restaurant: warm, brief and welcoming. Take table bookings and orders with your skills; hand off to a person for anything you are unsure of.",
      pt: "Responde por um restaurante: caloroso, breve e acolhedor. Faz reservas de mesa e encomendas com as tuas skills; passa a uma pessoa o que não souberes.",
      es: "Respondes por un restaurante: cercano, breve y acogedor. Toma reservas de mesa y pedidos con tus skills; pasa a una persona lo que no sepas.",
    },
    greeting: {
      en: "Hello! Welcome. Would you like to book a table or order something?",
      pt: "Olá! Bem-vindo. Quer reservar uma mesa ou encomendar alguma coisa?",
      es: "¡Hola! Bienvenido. ¿Quieres reservar una mesa o pedir algo?",
    },
    awayMessage: {
      en: "The kitchen is closed now; a person will reply from {{opens}}. You can still book a table here.",
      pt: "A cozinha está fechada neste momento; uma pessoa responde a partir de {{opens}}. Pode reservar mesa aqui na mesma.",
      es: "La cocina está cerrada ahora; una persona te responderá a partir del {{opens}}. Puedes reservar mesa aquí igualmente.",
    },
  },
  facts: {
    paymentMethods: ["cash", "card"],
    delivery: { offered: true, radiusKm: 3, fee: eur(250), freeFrom: eur(3000) },
    pickup: { offered: true },
  },
  knowledge: [
    {
      title: { en: "Booking and cancellations", pt: "Reservas e cancelamentos", es: "Reservas y cancelaciones" },
      content: {
        en: "We keep a booked table for 15 minutes. Please cancel at least 2 hours before if you can't come.",
        pt: "Guardamos a mesa reservada durante 15 minutos. Se não puder vir, cancele pelo menos 2 horas antes.",
        es: "Guardamos la mesa reservada 15 minutos. Si no puedes venir, cancela al menos 2 horas antes.",
      },
    },
    {
      title: { en: "Allergies and dietary needs", pt: "Alergias e dietas", es: "Alergias y dietas" },
      content: {
        en: "Tell us about any allergy when you book or order: the kitchen adapts most dishes, and there are vegetarian options.",
        pt: "Diga-nos se tem alguma alergia ao reservar ou encomendar: a cozinha adapta a maioria dos pratos e há opções vegetarianas.",
        es: "Cuéntanos cualquier alergia al reservar o pedir: la cocina adapta la mayoría de los platos y hay opciones vegetarianas.",
      },
    },
    {
      title: { en: "Groups and events", pt: "Grupos e eventos", es: "Grupos y eventos" },
      content: {
        en: "For groups of more than 10 people or private events, leave your contact and we call you back with a set menu.",
        pt: "Para grupos de mais de 10 pessoas ou eventos privados, deixe o seu contacto e ligamos-lhe com um menu de grupo.",
        es: "Para grupos de más de 10 personas o eventos privados, deja tu contacto y te llamamos con un menú de grupo.",
      },
    },
    {
      title: { en: "Parking", pt: "Estacionamento", es: "Aparcamiento" },
      content: {
        en: "We have no parking of our own; there is street parking and a public car park nearby.",
        pt: "Não temos estacionamento próprio; há estacionamento na rua e um parque público perto.",
        es: "No tenemos aparcamiento propio; hay aparcamiento en la calle y un parking público cerca.",
      },
    },
  ],
  hours: restaurantHours,
  staff: [],
  services: [],
  catalog: {
    collection: "menu",
    items: [
      {
        externalId: "soup-of-the-day",
        title: { en: "Soup of the day", pt: "Sopa do dia", es: "Sopa del día" },
        description: { en: "Ask what it is today.", pt: "Pergunte qual é a de hoje.", es: "Pregunta cuál es la de hoy." },
        price: eur(350),
      },
      {
        externalId: "dish-of-the-day",
        title: { en: "Dish of the day", pt: "Prato do dia", es: "Plato del día" },
        description: { en: "With a drink and coffee at lunch.", pt: "Com bebida e café ao almoço.", es: "Con bebida y café al mediodía." },
        price: eur(1200),
      },
      {
        externalId: "grilled-fish",
        title: { en: "Grilled fish", pt: "Peixe grelhado", es: "Pescado a la plancha" },
        description: { en: "With potatoes and salad.", pt: "Com batata e salada.", es: "Con patatas y ensalada." },
        price: eur(1650),
      },
      {
        externalId: "vegetable-risotto",
        title: { en: "Vegetable risotto", pt: "Risotto de legumes", es: "Risotto de verduras" },
        description: { en: "Vegetarian.", pt: "Vegetariano.", es: "Vegetariano." },
        price: eur(1300),
      },
      {
        externalId: "chocolate-mousse",
        title: { en: "Chocolate mousse", pt: "Mousse de chocolate", es: "Mousse de chocolate" },
        description: { en: "Made in house.", pt: "Feita na casa.", es: "Hecha en casa." },
        price: eur(450),
      },
    ],
  },
};
