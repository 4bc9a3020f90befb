import type { MessageKey } from "./en";

// German: understood when a customer asks for a person in German or the assistant is set to "de".

export const de: Record<MessageKey, string> = {
  handingOff: "Gern, ich verbinde Sie mit einem Kollegen. Jemand antwortet Ihnen hier in Kürze.",
  noAnswer: "Entschuldigung, darauf habe ich keine Antwort.",
  noAnswerOffer: "Entschuldigung, darauf habe ich keine Antwort. Ich kann Ihnen helfen mit:\n{offers}",
  noAnswerHandoff: "Entschuldigung, darauf habe ich immer noch keine Antwort. Ein Kollege meldet sich hier in Kürze.",
  skillOffer: '• {name}: schreiben Sie "{word}"',
  skillOfferName: "• {name}",
  knowledgeIntro: "*{title}*",
  catalogIntro: "Das haben wir:",
  outOfStock: "ausverkauft",
  orderReceived: "Danke! Wir haben Ihre Bestellung erhalten und bestätigen sie in Kürze.",
  textOnly: "Entschuldigung, ich kann nur Textnachrichten lesen. Können Sie es schreiben?",

  "smallTalk.greeting": "Hallo! Wie kann ich Ihnen helfen?",
  "smallTalk.thanks": "Gern geschehen! Kann ich Ihnen noch bei etwas helfen?",
  "smallTalk.goodbye": "Danke, einen schönen Tag noch!",
  "smallTalk.ack": "Prima! Sagen Sie Bescheid, wenn Sie noch etwas brauchen.",
  "smallTalk.laughter": "😊 Kann ich Ihnen noch bei etwas helfen?",

  "retry.number": "Bitte antworten Sie mit einer Zahl.",
  "retry.email": "Das sieht nicht nach einer E-Mail-Adresse aus. Können Sie sie prüfen?",
  "retry.phone": "Das sieht nicht nach einer Telefonnummer aus. Können Sie sie mit Ländervorwahl schreiben?",
  "retry.date": 'Ich konnte das Datum nicht lesen. Können Sie es z. B. als "morgen" oder "28.11." schreiben?',
  "retry.datetime": 'Ich konnte Tag und Uhrzeit nicht lesen. Können Sie es z. B. als "morgen um 20 Uhr" schreiben?',
  "retry.choice": "Bitte wählen Sie eine der Optionen (Sie können mit ihrer Nummer antworten).",
  "retry.text": "Entschuldigung, das habe ich nicht verstanden. Können Sie es noch einmal schreiben?",

  cancelled: "Kein Problem, ich habe es abgebrochen. Es wurde nichts gespeichert.",
  pastTime: "Diese Uhrzeit ist schon vorbei. Können Sie eine spätere wählen?",
  switchSkill: "Wir sind gerade bei {current}. Möchten Sie das beenden und zu {next} wechseln?",
};
