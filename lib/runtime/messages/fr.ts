import type { MessageKey } from "./en";

// French: understood when a customer asks for a person in French or the assistant is set to "fr".

export const fr: Record<MessageKey, string> = {
  handingOff: "Bien sûr, je vous passe un collègue. Quelqu'un vous répondra ici très vite.",
  noAnswer: "Désolé, je n'ai pas de réponse à cela.",
  noAnswerOffer: "Désolé, je n'ai pas de réponse à cela. Je peux vous aider pour :\n{offers}",
  noAnswerHandoff: "Désolé, je n'ai toujours pas de réponse. Je vous passe un collègue, qui vous répondra ici très vite.",
  skillOffer: '• {name} : écrivez "{word}"',
  skillOfferName: "• {name}",
  knowledgeIntro: "*{title}*",
  knowledgeOwnWords: "Voici ce que {business} a écrit à ce sujet, en {language} :",
  knowledgeOurWords: "Voici ce que nous avons écrit à ce sujet, en {language} :",
  "languageName.en": "anglais",
  "languageName.pt": "portugais",
  "languageName.es": "espagnol",
  catalogIntro: "Voici ce que nous avons :",
  outOfStock: "épuisé",
  orderReceived: "Merci ! Nous avons bien reçu votre commande et la confirmerons très vite.",
  textOnly: "Désolé, je ne lis que les messages texte. Pouvez-vous l'écrire ?",

  "smallTalk.greeting": "Bonjour ! Comment puis-je vous aider ?",
  "smallTalk.thanks": "Avec plaisir ! Puis-je vous aider pour autre chose ?",
  "smallTalk.goodbye": "Merci, bonne journée !",
  "smallTalk.ack": "Parfait ! Dites-moi si vous avez besoin d'autre chose.",
  "smallTalk.laughter": "😊 Puis-je vous aider pour autre chose ?",

  "retry.number": "Merci de répondre par un nombre.",
  "retry.email": "Cela ne ressemble pas à une adresse email. Pouvez-vous vérifier ?",
  "retry.phone": "Cela ne ressemble pas à un numéro de téléphone. Pouvez-vous l'écrire avec l'indicatif du pays ?",
  "retry.date": 'Je n\'ai pas compris la date. Pouvez-vous l\'écrire par exemple "demain" ou "28/11" ?',
  "retry.datetime": "Je n'ai pas compris le jour et l'heure. Pouvez-vous l'écrire par exemple \"demain à 20h\" ?",
  "retry.choice": "Merci de choisir l'une des options (vous pouvez répondre par son numéro).",
  "retry.text": "Désolé, je n'ai pas compris. Pouvez-vous l'écrire à nouveau ?",

  cancelled: "Pas de problème, c'est annulé. Rien n'a été enregistré.",
  pastTime: "Cette heure est déjà passée. Pouvez-vous en choisir une plus tard ?",
  switchSkill: "Nous sommes en train de faire {current}. Voulez-vous l'arrêter et passer à {next} ?",
  talkToPerson: "Parler à quelqu'un",
  "offer.lost_property": "Je ne peux pas chercher les objets perdus, mais un collègue du restaurant le peut. Voulez-vous parler à une personne ?",
  "offer.complaint": "Je suis vraiment désolé. Je ne peux pas régler cela moi-même ; voulez-vous que je vous passe un collègue ?",
  "offer.allergy":
    "Je ne peux pas garantir ce qui est sûr pour une allergie ; un collègue qui connaît la cuisine peut vous le dire. Voulez-vous parler à une personne ?",
  "offer.booking_check": "Je ne vois pas les réservations faites par téléphone ou ailleurs. Voulez-vous qu'un collègue vérifie ?",
  "offer.unsure": "Désolé, je ne suis pas sûr d'avoir compris. Pouvez-vous le dire autrement, ou voulez-vous parler à une personne ?",
  clarifySkill: "Pour être sûr : est-ce pour {options} ? Sinon je peux vous passer une personne.",
  clarifyOr: "{first} ou {second}",
  offerDeclined: "Pas de problème. Puis-je vous aider avec autre chose ?",
  handingOffComplaint: "Je suis vraiment désolé. Je vous passe un collègue, qui vous répondra ici sous peu.",
  handingOffMedia: "Je ne peux pas ouvrir cela ici, je vous passe donc un collègue qui le peut. Quelqu'un vous répondra ici sous peu.",
  handingOffRepeat: "Désolé, je n'y arrive pas. Je vous passe un collègue, qui vous répondra ici sous peu.",
};
