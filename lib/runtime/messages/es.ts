import type { MessageKey } from "./en";

// Spanish (Spain), in the informal "tú" restaurants use on WhatsApp.

export const es: Record<MessageKey, string> = {
  handingOff: "Claro, te paso con un compañero. Alguien te responderá aquí en breve.",
  noAnswer: "Lo siento, no tengo respuesta para eso.",
  noAnswerOffer: "Lo siento, no tengo respuesta para eso. Puedo ayudarte con:\n{offers}",
  noAnswerHandoff: "Lo siento, sigo sin respuesta. Te paso con un compañero, que te responderá aquí en breve.",
  skillOffer: '• {name}: escribe "{word}"',
  skillOfferName: "• {name}",
  knowledgeIntro: "*{title}*",
  knowledgeOwnWords: "Esto es lo que {business} ha escrito sobre ello, en {language}:",
  knowledgeOurWords: "Esto es lo que hemos escrito sobre ello, en {language}:",
  "languageName.en": "inglés",
  "languageName.pt": "portugués",
  "languageName.es": "español",
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
  // Una persona ofrecida (issue 35 item 6): el título del botón y lo que dice el asistente cuando no puede ayudar.
  talkToPerson: "Hablar con alguien",
  "offer.lost_property": "No puedo buscar objetos perdidos, pero un compañero del restaurante sí. ¿Te paso con una persona?",
  "offer.complaint": "Lo siento mucho. No puedo resolverlo yo; ¿te paso con un compañero que pueda ayudarte?",
  "offer.allergy":
    "No puedo asegurarte qué es seguro para una alergia; un compañero que conoce la cocina te lo puede decir. ¿Te paso con una persona?",
  "offer.booking_check": "No puedo ver las reservas hechas por teléfono o en otro sitio. ¿Le pido a un compañero que lo compruebe?",
  "offer.unsure": "Perdona, no estoy seguro de haberte entendido. ¿Me lo dices de otra forma, o te paso con una persona?",
  clarifySkill: "Para asegurarme: ¿es sobre {options}? O puedo pasarte con una persona.",
  clarifyOr: "{first} o {second}",
  offerDeclined: "Sin problema. ¿Te ayudo con algo más?",
  handingOffComplaint: "Lo siento mucho. Te paso con un compañero, que te responderá aquí en breve.",
  handingOffMedia: "No puedo abrir eso aquí, así que te paso con un compañero que sí puede. Alguien te responderá aquí en breve.",
  handingOffRepeat: "Perdona, no lo estoy consiguiendo. Te paso con un compañero, que te responderá aquí en breve.",
};
