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
};

export type MessageKey = keyof typeof en;
