// What customers of a restaurant write, in the three languages the demo serves: bookings, orders,
// questions about the business, small talk, corrections, a request for a person.
export const conversations: string[][] = [
  ["hi", "can I book a table for 4 tomorrow at 8pm?", "Ana", "yes"],
  ["what are your hours and can I park nearby?"],
  ["I'd like to order 2 margheritas for delivery", "Rua Augusta 10, Lisbon", "yes", "thanks!"],
  ["Olá, queria reservar uma mesa para 2 no sábado às 20h", "João", "sim"],
  ["Qual é a morada? E há estacionamento perto?"],
  ["hola, ¿tenéis opciones vegetarianas?", "¿y a qué hora abrís el domingo?"],
  ["table for 6 on friday at 9pm, one of us is celiac", "Raj Mehta", "actually make it 7 people", "yes"],
  ["do you deliver? what's the minimum?", "ok bye"],
  ["r u a bot??", "can I speak to a person please?"],
  ["quiero pedir una pizza para llevar", "Lucía", "sí"],
  ["what's on the menu?", "how much is the tiramisu?"],
  ["I think I forgot my scarf at my table last night"],
];
