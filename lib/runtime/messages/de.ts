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
  knowledgeOwnWords: "Das hat {business} dazu geschrieben, auf {language}:",
  knowledgeOurWords: "Das haben wir dazu geschrieben, auf {language}:",
  "languageName.en": "Englisch",
  "languageName.pt": "Portugiesisch",
  "languageName.es": "Spanisch",
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
  talkToPerson: "Mit Person sprechen",
  "offer.lost_property": "Nach Fundsachen kann ich nicht selbst suchen, aber ein Kollege im Restaurant. Soll ich Sie an eine Person weitergeben?",
  "offer.complaint": "Das tut mir sehr leid. Ich kann das nicht selbst klären; soll ich Sie an einen Kollegen weitergeben?",
  "offer.allergy":
    "Ich kann nicht zusichern, was bei einer Allergie sicher ist; ein Kollege aus der Küche kann es Ihnen sagen. Soll ich Sie an eine Person weitergeben?",
  "offer.booking_check": "Reservierungen per Telefon oder anderswo sehe ich nicht. Soll ein Kollege nachsehen?",
  "offer.unsure":
    "Entschuldigung, ich bin nicht sicher, ob ich Sie verstanden habe. Können Sie es anders sagen, oder soll ich Sie an eine Person weitergeben?",
  clarifySkill: "Nur zur Sicherheit: Geht es um {options}? Sonst gebe ich Sie an eine Person weiter.",
  clarifyOr: "{first} oder {second}",
  offerDeclined: "Kein Problem. Kann ich sonst noch helfen?",
  handingOffComplaint: "Das tut mir sehr leid. Ich gebe Sie an einen Kollegen weiter, der Ihnen hier in Kürze antwortet.",
  handingOffMedia: "Das kann ich hier nicht öffnen, daher gebe ich Sie an einen Kollegen weiter. Jemand antwortet Ihnen hier in Kürze.",
  handingOffRepeat: "Entschuldigung, das gelingt mir nicht. Ich gebe Sie an einen Kollegen weiter, der Ihnen hier in Kürze antwortet.",
};
