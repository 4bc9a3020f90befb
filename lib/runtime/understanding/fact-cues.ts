import type { PaymentMethod } from "../../shared/business-facts-schema";

// The words that ask for the business's stated facts, in English, Portuguese and Spanish (normalized:
// lower case, no accents), read by fact-questions.ts. Each list is tried longest phrase first.

export const list = (s: string) =>
  s
    .split("|")
    .map((p) => p.trim())
    .filter(Boolean)
    .sort((a, b) => b.length - a.length);

// Phrases that look like a cue and are not one: "close by" is near, "fecha" a date in Spanish, a gift
// card is not a way to pay, "my address" is the customer's own.
export const notCues = list(
  "close by|close to|closeby|closer|closest|fecha de|la fecha|que fecha|gift card|gift cards|giftcard|gift voucher|tarjeta regalo|tarjetas regalo|" +
    "tarjeta de regalo|tarjetas de regalo|cartao presente|cartao oferta|cartoes oferta|loyalty card|cartao de cliente|my address|minha morada|" +
    "meu endereco|mi direccion|nuestra direccion|the address is|a morada e|la direccion es|delivery address|morada de entrega|direccion de entrega|" +
    "gluten free|lactose free|sugar free|dairy free|free wifi|wifi free|menu cerrado|menus cerrados|menu fechado",
);

export const hoursCues = list(
  "hours|hrs|opening hours|opening hrs|opening times|opening time|open|opens|opened|opening|close|closes|closed|closing|shut|timings|timing|what time|" +
    "how late|till when|until when|til when|business hours|horario|horarios|hora de abertura|abrem|abre|abertos|aberto|aberta|abertas|abrir|" +
    "fecham|fechados|fechado|fechada|encerram|encerrados|encerrado|que horas|a que horas|ate que horas|funcionam|funcionamento|abren|abris|" +
    "abierto|abierta|abiertos|cierran|cierra|cerrais|cerrado|cerrados|a que hora|hasta que hora|hasta cuando|que hora|a q hora|q hora|a q horas|q horas",
);
export const addressCues = list(
  "address|your address|location|located|where are you|where r u|where are u|where is the restaurant|where is the bar|where is the shop|" +
    "where exactly|whereabouts|find you|ande estais|ande estan|ande quedais|where are you guys|where r you|morada|endereco|localizacao|onde ficam|onde fica|voces ficam onde|vcs ficam onde|ficam onde|fica onde|estao onde|onde estao|onde e que estao|onde e que ficam|" +
    "onde voces ficam|onde vcs ficam|onde voce fica|onde voces estao|onde vcs estao|onde e que voces ficam|onde e que voces estao|onde e o restaurante|onde e a tasca|" +
    "donde estan ustedes|donde quedan ustedes|donde esta el restaurante|donde esta el bar|donde os encuentro|donde los encuentro|" +
    "estais donde|estan donde|quedan donde|direccion|ubicacion|ubicados|ubicada|donde estan|donde estais|donde queda|donde quedan|donde se encuentran",
);
// Asking the way gives the address too; the words stay in what the knowledge is searched for (directions).
export const directionsCues = list(
  "how do i get to|how do we get to|how to get to|how can i get to|get to you|get there|directions|como chego|como chegar|como se chega|como llego|como llegar|como se llega|" +
    "how to reach|how do i reach|how do we reach|how can i reach|how can we reach|reach you|reach your|reach the restaurant",
);
// Greetings and courtesy around a question: nothing to search the knowledge for.
export const courtesy = new Set(
  (
    "hi hii hiii hello hey hola holaa ola oi ei bom dia boa tarde boa noite buenas buenos dias tardes noches good morning afternoon evening " +
    "kindly please pls sorry perdon perdao desculpe disculpa disculpe gracias obrigado obrigada thanks thank thx saludo saludos cumprimentos " +
    "melhores exmos exmo senhores senhor senora senor gente guys lol haha jaja kkk cheers regards dear sir madam " +
    "ok okay fair enough cool great grand nice perfect perfeito vale genial pasame mandame enviame exacta exacto exact exactly exata exato porfa anyway " +
    // "¿me puedes recordar la dirección?", "can you remind me of the address?": the asking, not a topic.
    "puedes puede podrias podria recordar recordarme recuerdas lembrar lembrarme lembra remind"
  ).split(" "),
);
export const whereWords = new Set(["where", "wheres", "onde", "aonde", "donde", "adonde"]);
export const deliveryCues = list(
  "deliver|delivers|delivered|delivering|delivery|deliveries|home delivery|entrega|entregas|entregam|entregar|entregais|ao domicilio|" +
    "domicilio|domicilios|envio|envios|enviam|enviais|reparto|repartis|reparten|repartir|repartidor",
);
// Said alone, these ask what delivery costs; "how much", "free" and the like only beside a delivery word.
export const costCues = list("fee|fees|charge|charges|charged|taxa|taxas|gastos|tarifa|portes|delivery cost|custo de entrega|coste de envio");
export const costWords = list(
  "how much|cost|costs|price|free|quanto|custa|custo|preco|gratis|gratuita|gratuito|gratuitas|gratuitos|cuanto|cuesta|coste|sale|precio|cobrais|cobran|cobram",
);
// What may stand beside a cost word in a clause that still asks about delivery ("desde cuánto es gratis?").
export const thresholdWords = new Set(
  "valor partir desde from order orders pedido pedidos encomenda encomendas amount value importe compra compras total over above acima mais minimo nah or ou".split(
    " ",
  ),
);
export const minimumCues = list("minimum|minimo|minima|min order|minimum order|pedido minimo|encomenda minima|valor minimo|importe minimo");
export const payCues = list(
  "pay|paying|payment|payments|pagar|pago|pagamento|pagamentos|pagos|forma de pago|formas de pago|metodo de pago|metodos de pago|" +
    "forma de pagamento|formas de pagamento|meios de pagamento|datafono|tpa",
);
export const methodNames: Array<[string, PaymentMethod]> = (
  [
    ["cash|dinheiro|numerario|efectivo|metalico", "cash"],
    ["card|cards|credit card|debit card|cartao|cartoes|tarjeta|tarjetas|datafono|tpa|contactless", "card"],
    ["visa", "visa"],
    ["mastercard|master card", "mastercard"],
    ["amex|american express", "amex"],
    ["apple pay|applepay", "apple_pay"],
    ["google pay|googlepay|gpay", "google_pay"],
    ["mb way|mbway", "mb_way"],
    ["multibanco", "multibanco"],
    ["bizum", "bizum"],
    ["pix", "pix"],
    ["bank transfer|transfer|transferencia|transferencia bancaria", "bank_transfer"],
    ["paypal", "paypal"],
  ] as Array<[string, PaymentMethod]>
)
  .flatMap(([names, method]) => list(names).map((name): [string, PaymentMethod] => [name, method]))
  .sort((a, b) => b[0].length - a[0].length);
// Paying a delivery: the delivery words, and the one who brings it.
export const onDeliveryCues = list(
  "traigan|traen|tragam|trouxerem|trazem|llegue|llega|llegue el pedido|cuando llega|chegar|chega|quando chegar|arrives|when it arrives|on arrival|driver|rider|courier|estafeta|motorista|repartidor|al repartidor",
);
export const pickupCues = list(
  "pick up|pickup|pick it up|collect|collection|takeaway|take away|takeout|take out|levantar|recolha|recolher|ir buscar|para levar|recoger|para llevar|recogida",
);
export const askCues = list(
  "can i|can we|could i|could we|do you|is it possible|posso|podemos|da para|e possivel|fazem|se puede|puedo|hacen|haceis|teneis|hay",
);
// The day an hours question names: part of the question, nothing to search the knowledge for.
export const dayWords = list(
  "today|tonight|tomorrow|this evening|evening|night|at night|noon|lunch|dinner|weekend|weekends|hoje|amanha|logo|noite|a noite|de noite|esta noite|" +
    "almoco|jantar|fim de semana|hoy|manana|noche|por la noche|esta noche|mediodia|comida|cena|fin de semana|" +
    "monday|mondays|tuesday|tuesdays|wednesday|wednesdays|thursday|thursdays|friday|fridays|saturday|saturdays|sunday|sundays|" +
    "segunda|segunda feira|segundas|terca|terca feira|tercas|quarta|quarta feira|quartas|quinta|quinta feira|quintas|sexta|sexta feira|sextas|" +
    "sabado|sabados|domingo|domingos|lunes|martes|miercoles|jueves|viernes|" +
    // "até que horas servem almoço?": serving a meal is being open.
    "serve|serves|serving|served|servem|serve se|servis|sirven|servimos",
);
// The verbs of a payment question ("whether you are accepting Amex"): nothing to search the knowledge for.
export const payVerbs = list(
  "accept|accepts|accepting|accepted|take|takes|taking|aceitam|aceita|aceitais|aceitar|aceptan|acepta|aceptais|aceptas|aceptar|admitem|admiten|usar|use",
);
export const nowCues = list("now|right now|at the moment|currently|agora|neste momento|ahora|ahorita|en este momento");
// An order said with a delivery word ("2 margheritas for delivery to Rua Augusta 5") asks nothing about
// delivery: a verb of ordering with a quantity or a street address.
export const orderVerbs = list(
  "order|ordering|want|wanna|get|i ll have|id like|i d like|would like|send|quero|queria|queriamos|manda|mande|mandem|pedir|peço|peco|encomendar|" +
    "encomendo|quiero|queremos|quisiera|pido|pedimos|mandas|mandame|mandadme|ponme|me pones|me regala|traeme|traednos|encargar",
);
// Asking whether the business delivers at all (not an order that says where to).
export const deliversAsked = list(
  "do you deliver|do u deliver|you deliver|u deliver|can you deliver|could you deliver|is there delivery|is delivery|delivery available|any delivery|" +
    "fazem entregas|fazem entrega|entregam|tem entrega|ha entrega|haceis envios|hacen envios|haceis reparto|hacen reparto|repartis|reparten|" +
    "llevais a domicilio|llevan a domicilio|hay envio|hay reparto|teneis reparto|tienen reparto",
);
export const numberWords = new Set(
  "one two three four five six seven eight nine ten dozen um uma dois duas tres quatro cinco seis sete oito nove dez un una dos cuatro siete ocho nueve diez".split(
    " ",
  ),
);
export const streetWords = /\b(rua|avenida|av|travessa|largo|praca|calle|avda|plaza|paseo|street|st|road|rd|avenue|ave|lane)\b/;
export const placeLead = /\b(?:to|into|em|para|pra|pa|al|a|en|hasta|ate|in)\s+((?:[\p{L}\d'’-]+\s?){1,4})/iu;
export const notPlaces = new Set(
  "me my us our you home casa here aqui aca mi minha nossa a o the my place my house hotel area zona your door doorstep".split(" "),
);

// A question, or a request to be told: "what time...", "is delivery free or nah", "kindly share the
// address", "queria saber se abrem". A statement that names a fact ("the delivery yesterday was
// missing the gambas", "pago com MB Way") asks nothing.
export const questionStarts = list(
  "what|whats|when|where|wheres|how|which|who|why|do|does|is|are|can|could|will|would|have|has|any|u|r u|are u|got|qual|quais|quando|onde|" +
    "como|quanto|quanta|que|a que|tem|tens|ha|existe|fazem|aceitam|podem|posso|da para|e possivel|estao|vcs|voces|cual|cuales|cuando|donde|" +
    "cuanto|cuanta|tienen|teneis|tiene|hay|haceis|hacen|aceptan|aceptais|puedo|podeis|pueden|se puede|abris|abren|abrem|estais|estan|" +
    // An indirect question after a split: "(kindly tell me ...) whether you accept Amex".
    "whether|if you|if u|se aceitam|se fazem|se tem|se abrem|si aceptan|si aceptais|si abren|si abris|si hay",
);
export const tellMe = list(
  "tell me|tell us|kindly tell|please tell|tell what|tell when|tell where|let me know|share|inform|information|info|wondering|want to know|like to know|know if|know whether|saber se|saber si|" +
    "gostaria de saber|queria saber|quero saber|quisiera saber|diga|digam|dizer|dime|decirme|me dices|informacion|informacao|" +
    "pasame|mandame|enviame|me pasas|me mandas|me envias|passa me|manda me|envia me|send me|give me|" +
    // "solo saber a qué hora abren", "just wanted to know what time": the question said as a wish to know.
    "perguntava se|perguntava ainda se|perguntava tambem se|pregunto si|preguntaba si|queria preguntar si|i was wondering|saber a que|saber cuando|saber donde|saber como|saber cuanto|saber quando|saber onde|saber qual|saber que|just to know|wanted to know|know what|know when|know where|know how",
);
export const leading = new Set(
  "hi hii hiii hello hey hola holaa ola oi ok okay and e y also so ah oh then entao entonces pues bueno kindly please anyway anyways btw cool great nice awesome lovely perfect grand legend sweet thanks thx ty haha hahaha lol kk alright vale genial perfecto beleza fixe otimo".split(
    " ",
  ),
);

export const priceWords = list(
  "how much|price|prices|cost|costs|you charge|u charge|charge for|quanto|quanto custa|quanto e|preco|precos|cobram|cuanto|cuanto cuesta|cuesta|precio|precios|vale|cobran|cobrais",
);
