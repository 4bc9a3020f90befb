// The assistant's own sentences in English: the reference every other language file must match key
// for key. `{name}` marks a value filled in by `t()`.

export const en = {
  handingOff: "Sure, I'm passing you to a colleague. Someone will answer you here shortly.",
  noAnswer: "Sorry, I don't have an answer to that.",
  noAnswerOffer: "Sorry, I don't have an answer to that. I can help you with:\n{offers}",
  noAnswerHandoff: "Sorry, I still can't answer that. I'm passing you to a colleague, who will reply here shortly.",
  skillOffer: '• {name}: write "{word}"',
  skillOfferName: "• {name}",
  knowledgeIntro: "*{title}*",
  // A knowledge item with no version in the customer's language, quoted as the business wrote it.
  knowledgeOwnWords: "Here is what {business} wrote about it, in {language}:",
  knowledgeOurWords: "Here is what we wrote about it, in {language}:",
  "languageName.en": "English",
  "languageName.pt": "Portuguese",
  "languageName.es": "Spanish",
  catalogIntro: "Here is what we have:",
  outOfStock: "out of stock",
  orderReceived: "Thank you! We received your order and will confirm it shortly.",
  textOnly: "Sorry, I can only read text messages. Could you write it for me?",

  "smallTalk.greeting": "Hello! How can I help you?",
  "smallTalk.thanks": "You're welcome! Anything else I can help you with?",
  "smallTalk.goodbye": "Thank you, have a great day!",
  "smallTalk.ack": "Great! Let me know if you need anything else.",
  "smallTalk.laughter": "😊 Anything else I can help you with?",

  "retry.number": "Please reply with a number.",
  "retry.email": "That doesn't look like an email address. Could you check it?",
  "retry.phone": "That doesn't look like a phone number. Could you write it with the country code?",
  "retry.date": 'I couldn\'t read that date. Could you write it like "tomorrow" or "28/11"?',
  "retry.datetime": 'I couldn\'t read the day and time. Could you write it like "tomorrow at 8pm"?',
  "retry.choice": "Please choose one of the options (you can reply with its number).",
  "retry.text": "Sorry, I didn't get that. Could you write it again?",

  cancelled: "No problem, I've cancelled that. Nothing was saved.",
  pastTime: "That time has already passed. Could you choose a later one?",
  switchSkill: "We're in the middle of {current}. Do you want to stop it and go to {next}?",
  // A person offered (issue 35 item 6): the button's title, and what the assistant says when it cannot help.
  talkToPerson: "Talk to a person",
  "offer.lost_property": "I can't check for lost items myself, but a colleague at the restaurant can. Shall I pass you to a person?",
  "offer.complaint": "I'm really sorry about that. I can't sort it out myself; shall I pass you to a colleague who can?",
  "offer.allergy":
    "I can't promise what is safe for an allergy myself; a colleague who knows the kitchen can tell you. Shall I pass you to a person?",
  "offer.booking_check": "I can't see bookings made by phone or elsewhere. Shall I ask a colleague to check for you?",
  "offer.unsure": "Sorry, I'm not sure I understood. Could you say it another way, or shall I pass you to a person?",
  clarifySkill: "Just to be sure: is it about {options}? Or I can pass you to a person.",
  clarifyOr: "{first} or {second}",
  offerDeclined: "No problem. Anything else I can help you with?",
  handingOffComplaint: "I'm really sorry about that. I'm passing you to a colleague, who will answer you here shortly.",
  handingOffMedia: "I can't open that here, so I'm passing you to a colleague who can. Someone will answer you here shortly.",
  handingOffRepeat: "Sorry, I'm not getting this right. I'm passing you to a colleague, who will answer you here shortly.",
};

export type MessageKey = keyof typeof en;
