import type { MessageKey } from "./en";

// Spanish (Spain), in the informal "tú" restaurants use on WhatsApp.

export const es: Record<MessageKey, string> = {
  handingOff: "Claro, te paso con un compañero. Alguien te responderá aquí en breve.",
  noAnswer: "Lo siento, no tengo respuesta para eso.",
  noAnswerOffer: "Lo siento, no tengo respuesta para eso. Puedo ayudarte con:\n{offers}",
  noAnswerHandoff: "Lo siento, sigo sin respuesta. Te paso con un compañero, que te responderá aquí en breve.",
  skillOffer: '• {name}: escribe "{word}"',
  skillOfferName: "• {name}",
  knowledgeIntro: "Sobre *{title}*:",
  catalogIntro: "Esto es lo que tenemos:",
  outOfStock: "agotado",
  orderReceived: "¡Gracias! Hemos recibido tu pedido y lo confirmaremos en breve.",
  textOnly: "Lo siento, solo puedo leer mensajes de texto. ¿Me lo escribes?",

  "smallTalk.greeting": "¡Hola! ¿En qué puedo ayudarte?",
  "smallTalk.thanks": "¡De nada! ¿Puedo ayudarte en algo más?",
  "smallTalk.goodbye": "¡Gracias, que tengas un buen día!",
  "smallTalk.ack": "¡Perfecto! Si necesitas algo más, aquí estoy.",
  "smallTalk.laughter": "😊 ¿Puedo ayudarte en algo más?",

  "retry.number": "Por favor, responde con un número.",
  "retry.email": "Eso no parece una dirección de email. ¿Puedes revisarla?",
  "retry.phone": "Eso no parece un número de teléfono. ¿Puedes escribirlo con el prefijo del país?",
  "retry.date": 'No he entendido la fecha. ¿Puedes escribirla, por ejemplo, "mañana" o "28/11"?',
  "retry.datetime": 'No he entendido el día y la hora. ¿Puedes escribirlo, por ejemplo, "mañana a las 20:00"?',
  "retry.choice": "Por favor, elige una de las opciones (puedes responder con su número).",
  "retry.text": "Perdona, no te he entendido. ¿Puedes escribirlo de nuevo?",

  cancelled: "No hay problema, lo he cancelado y no se ha guardado nada.",
  pastTime: "Esa hora ya ha pasado. ¿Puedes elegir una más tarde?",
  switchSkill: "Estamos en medio de {current}. ¿Quieres dejarlo y pasar a {next}?",
};
