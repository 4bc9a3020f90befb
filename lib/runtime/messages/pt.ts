import type { MessageKey } from "./en";

// European Portuguese: the polite third person of Lisbon ("Pode escrever?"), not Brazilian "você".

export const pt: Record<MessageKey, string> = {
  handingOff: "Claro, vou passar a conversa a um colega. Alguém vai responder aqui em breve.",
  noAnswer: "Desculpe, não tenho resposta para isso.",
  noAnswerOffer: "Desculpe, não tenho resposta para isso. Posso ajudar com:\n{offers}",
  noAnswerHandoff: "Desculpe, continuo sem resposta. Vou passar a conversa a um colega, que responderá aqui em breve.",
  skillOffer: '• {name}: escreva "{word}"',
  skillOfferName: "• {name}",
  knowledgeIntro: "*{title}*",
  knowledgeOwnWords: "Eis o que {business} escreveu sobre isso, em {language}:",
  knowledgeOurWords: "Eis o que escrevemos sobre isso, em {language}:",
  "languageName.en": "inglês",
  "languageName.pt": "português",
  "languageName.es": "espanhol",
  catalogIntro: "Eis o que temos:",
  outOfStock: "esgotado",
  orderReceived: "Obrigado! Recebemos a sua encomenda e vamos confirmá-la em breve.",
  textOnly: "Desculpe, só consigo ler mensagens de texto. Pode escrever?",

  "smallTalk.greeting": "Olá! Em que posso ajudar?",
  "smallTalk.thanks": "De nada! Posso ajudar em mais alguma coisa?",
  "smallTalk.goodbye": "Obrigado, tenha um ótimo dia!",
  "smallTalk.ack": "Ótimo! Se precisar de mais alguma coisa, é só dizer.",
  "smallTalk.laughter": "😊 Posso ajudar em mais alguma coisa?",

  "retry.number": "Por favor, responda com um número.",
  "retry.email": "Isso não parece um endereço de email. Pode verificar?",
  "retry.phone": "Isso não parece um número de telefone. Pode escrevê-lo com o indicativo do país?",
  "retry.date": 'Não consegui perceber a data. Pode escrever, por exemplo, "amanhã" ou "28/11"?',
  "retry.datetime": 'Não consegui perceber o dia e a hora. Pode escrever, por exemplo, "amanhã às 20h"?',
  "retry.choice": "Por favor, escolha uma das opções (pode responder com o número).",
  "retry.text": "Desculpe, não percebi. Pode escrever de novo?",

  cancelled: "Sem problema, cancelei. Não ficou nada registado.",
  pastTime: "Essa hora já passou. Pode escolher uma mais tarde?",
  switchSkill: "Estamos a meio de {current}. Quer parar e passar para {next}?",
  // Uma pessoa oferecida (issue 35 item 6): o título do botão e o que o assistente diz quando não pode ajudar.
  talkToPerson: "Falar com uma pessoa",
  "offer.lost_property": "Não consigo procurar objetos perdidos, mas um colega no restaurante consegue. Quer que passe a conversa a uma pessoa?",
  "offer.complaint": "Lamento muito. Não consigo resolver isto sozinho; quer que passe a conversa a um colega que possa resolver?",
  "offer.allergy":
    "Não posso garantir o que é seguro para uma alergia; um colega que conhece a cozinha pode dizer-lhe. Quer que passe a conversa a uma pessoa?",
  "offer.booking_check": "Não consigo ver reservas feitas por telefone ou noutro sítio. Quer que peça a um colega para verificar?",
  "offer.unsure": "Desculpe, não tenho a certeza de ter percebido. Pode dizer de outra forma, ou prefere que passe a conversa a uma pessoa?",
  clarifySkill: "Só para ter a certeza: é sobre {options}? Ou posso passar a conversa a uma pessoa.",
  clarifyOr: "{first} ou {second}",
  offerDeclined: "Sem problema. Posso ajudar com mais alguma coisa?",
  handingOffComplaint: "Lamento muito. Vou passar a conversa a um colega, que vai responder aqui em breve.",
  handingOffMedia: "Não consigo abrir isso aqui, por isso vou passar a conversa a um colega que consegue. Alguém vai responder aqui em breve.",
  handingOffRepeat: "Desculpe, não estou a conseguir ajudar. Vou passar a conversa a um colega, que vai responder aqui em breve.",
};
