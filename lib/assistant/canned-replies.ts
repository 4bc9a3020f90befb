import type { Language } from "./human-request";
import { guessLanguage } from "./stopwords";

// The few sentences the assistant says on its own (no skill, no knowledge item wrote them), in the
// languages it understands out of the box. Skills and knowledge speak in whatever language they were
// written in.

type Replies = {
  handingOff: string;
  noAnswer: string;
  noAnswerOffer: (offers: string) => string;
  noAnswerHandoff: string;
  knowledgeIntro: (title: string) => string;
  catalogIntro: string;
  outOfStock: string;
  orderReceived: string;
  textOnly: string;
};

const replies: Record<Language, Replies> = {
  en: {
    handingOff: "Sure, I'm passing you to a colleague. Someone will answer you here shortly.",
    noAnswer: "Sorry, I don't have an answer to that.",
    noAnswerOffer: (offers) => `Sorry, I don't have an answer to that. I can help you with:\n${offers}`,
    noAnswerHandoff: "Sorry, I still can't answer that. I'm passing you to a colleague, who will reply here shortly.",
    knowledgeIntro: (title) => `*${title}*`,
    catalogIntro: "Here is what we have:",
    outOfStock: "out of stock",
    orderReceived: "Thank you! We received your order and will confirm it shortly.",
    textOnly: "Sorry, I can only read text messages. Could you write it for me?",
  },
  pt: {
    handingOff: "Claro, vou passar a conversa a um colega. Alguém vai responder aqui em breve.",
    noAnswer: "Desculpe, não tenho resposta para isso.",
    noAnswerOffer: (offers) => `Desculpe, não tenho resposta para isso. Posso ajudar com:\n${offers}`,
    noAnswerHandoff: "Desculpe, continuo sem resposta. Vou passar a conversa a um colega, que responderá aqui em breve.",
    knowledgeIntro: (title) => `*${title}*`,
    catalogIntro: "Eis o que temos:",
    outOfStock: "esgotado",
    orderReceived: "Obrigado! Recebemos a sua encomenda e vamos confirmá-la em breve.",
    textOnly: "Desculpe, só consigo ler mensagens de texto. Pode escrever?",
  },
  es: {
    handingOff: "Claro, te paso con un compañero. Alguien te responderá aquí en breve.",
    noAnswer: "Lo siento, no tengo respuesta para eso.",
    noAnswerOffer: (offers) => `Lo siento, no tengo respuesta para eso. Puedo ayudarte con:\n${offers}`,
    noAnswerHandoff: "Lo siento, sigo sin respuesta. Te paso con un compañero, que te responderá aquí en breve.",
    knowledgeIntro: (title) => `*${title}*`,
    catalogIntro: "Esto es lo que tenemos:",
    outOfStock: "agotado",
    orderReceived: "¡Gracias! Hemos recibido tu pedido y lo confirmaremos en breve.",
    textOnly: "Lo siento, solo puedo leer mensajes de texto. ¿Me lo escribes?",
  },
  fr: {
    handingOff: "Bien sûr, je vous passe un collègue. Quelqu'un vous répondra ici très vite.",
    noAnswer: "Désolé, je n'ai pas de réponse à cela.",
    noAnswerOffer: (offers) => `Désolé, je n'ai pas de réponse à cela. Je peux vous aider pour :\n${offers}`,
    noAnswerHandoff: "Désolé, je n'ai toujours pas de réponse. Je vous passe un collègue, qui vous répondra ici très vite.",
    knowledgeIntro: (title) => `*${title}*`,
    catalogIntro: "Voici ce que nous avons :",
    outOfStock: "épuisé",
    orderReceived: "Merci ! Nous avons bien reçu votre commande et la confirmerons très vite.",
    textOnly: "Désolé, je ne lis que les messages texte. Pouvez-vous l'écrire ?",
  },
  de: {
    handingOff: "Gern, ich verbinde Sie mit einem Kollegen. Jemand antwortet Ihnen hier in Kürze.",
    noAnswer: "Entschuldigung, darauf habe ich keine Antwort.",
    noAnswerOffer: (offers) => `Entschuldigung, darauf habe ich keine Antwort. Ich kann Ihnen helfen mit:\n${offers}`,
    noAnswerHandoff: "Entschuldigung, darauf habe ich immer noch keine Antwort. Ein Kollege meldet sich hier in Kürze.",
    knowledgeIntro: (title) => `*${title}*`,
    catalogIntro: "Das haben wir:",
    outOfStock: "ausverkauft",
    orderReceived: "Danke! Wir haben Ihre Bestellung erhalten und bestätigen sie in Kürze.",
    textOnly: "Entschuldigung, ich kann nur Textnachrichten lesen. Können Sie es schreiben?",
  },
};

const known = (code: string): code is Language => code in replies;

/** The assistant's fixed language, or (with `auto`) the language the customer seems to write in. */
export function replyLanguage(assistantLanguage: string, customerText: string, hint?: Language | null): Language {
  const primary = assistantLanguage.toLowerCase().split(/[-_]/)[0];
  if (assistantLanguage !== "auto" && known(primary)) return primary;
  return hint ?? guessLanguage(customerText);
}

export function cannedReplies(language: Language): Replies {
  return replies[language];
}
