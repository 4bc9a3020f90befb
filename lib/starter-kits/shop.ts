import { shopHours } from "../shared/starter-kit-hours";
import { eur, type KitText, type StarterKit } from "./kit";

// A shop: orders from the product catalog (the order skill reads `products`), delivery and pickup.

const product = (externalId: string, title: KitText, description: KitText, amount: number) => ({
  externalId,
  title,
  description,
  price: eur(amount),
});

export const shopKit: StarterKit = {
  kind: "shop",
  skills: ["shop_orders", "leads"],
  settings: {
    tone: {
      en: "You answer for a shop: helpful, brief and honest about stock. Take orders with your skills and say the price before confirming; hand off to a person for returns and complaints.",
      pt: "Responde por uma loja: prestável, breve e honesto sobre o stock. Faz encomendas com as tuas skills e diz o preço antes de confirmar; passa a uma pessoa trocas e reclamações.",
      es: "Respondes por una tienda: servicial, breve y honesto con el stock. Toma pedidos con tus skills y di el precio antes de confirmar; pasa a una persona devoluciones y quejas.",
    },
    greeting: {
      en: 'Hello! Looking for something? Tell me what you need or write "order".',
      pt: 'Olá! Procura alguma coisa? Diga-me o que precisa ou escreva "encomendar".',
      es: '¡Hola! ¿Buscas algo? Dime qué necesitas o escribe "pedir".',
    },
    awayMessage: {
      en: "The shop is closed now; a person will reply from {{opens}}. You can still place an order here.",
      pt: "A loja está fechada neste momento; uma pessoa responde a partir de {{opens}}. Pode encomendar aqui na mesma.",
      es: "La tienda está cerrada ahora; una persona te responderá a partir del {{opens}}. Puedes hacer tu pedido aquí igualmente.",
    },
  },
  facts: {
    paymentMethods: ["cash", "card", "bank_transfer"],
    delivery: { offered: true, fee: eur(490), freeFrom: eur(5000) },
    pickup: { offered: true },
  },
  knowledge: [
    {
      title: { en: "Returns and exchanges", pt: "Trocas e devoluções", es: "Cambios y devoluciones" },
      content: {
        en: "You can return or exchange an unused item within 30 days with the receipt.",
        pt: "Pode trocar ou devolver um artigo sem uso até 30 dias, com o talão.",
        es: "Puedes cambiar o devolver un artículo sin usar en 30 días, con el ticket.",
      },
    },
    {
      title: { en: "Delivery times", pt: "Prazos de entrega", es: "Plazos de entrega" },
      content: {
        en: "Orders placed before 14:00 on a working day leave the same day; delivery takes 1 to 3 working days.",
        pt: "Encomendas feitas até às 14:00 de um dia útil saem no mesmo dia; a entrega demora 1 a 3 dias úteis.",
        es: "Los pedidos hechos antes de las 14:00 de un día laborable salen el mismo día; la entrega tarda de 1 a 3 días laborables.",
      },
    },
    {
      title: { en: "Warranty", pt: "Garantia", es: "Garantía" },
      content: {
        en: "Every product has the legal warranty; keep the receipt.",
        pt: "Todos os produtos têm a garantia legal; guarde o talão.",
        es: "Todos los productos tienen la garantía legal; guarda el ticket.",
      },
    },
    {
      title: { en: "Gift wrapping", pt: "Embrulho para oferta", es: "Envoltorio de regalo" },
      content: {
        en: "We gift-wrap any item for free: just ask when you order.",
        pt: "Embrulhamos qualquer artigo para oferta sem custo: basta pedir ao encomendar.",
        es: "Envolvemos cualquier artículo para regalo gratis: pídelo al hacer el pedido.",
      },
    },
  ],
  hours: shopHours,
  staff: [],
  services: [],
  catalog: {
    collection: "products",
    items: [
      product(
        "tote-bag",
        { en: "Canvas tote bag", pt: "Saco de pano", es: "Bolsa de tela" },
        { en: "Natural cotton.", pt: "Algodão natural.", es: "Algodón natural." },
        1200,
      ),
      product("mug", { en: "Ceramic mug", pt: "Caneca de cerâmica", es: "Taza de cerámica" }, { en: "350 ml.", pt: "350 ml.", es: "350 ml." }, 900),
      product("notebook", { en: "Notebook", pt: "Caderno", es: "Cuaderno" }, { en: "A5, dotted.", pt: "A5, pontilhado.", es: "A5, de puntos." }, 650),
      product(
        "candle",
        { en: "Scented candle", pt: "Vela perfumada", es: "Vela aromática" },
        { en: "Burns 40 hours.", pt: "Dura 40 horas.", es: "Dura 40 horas." },
        1500,
      ),
      product(
        "gift-card",
        { en: "Gift card", pt: "Cartão de oferta", es: "Tarjeta regalo" },
        { en: "25 EUR to spend in the shop.", pt: "25 EUR para gastar na loja.", es: "25 EUR para gastar en la tienda." },
        2500,
      ),
    ],
  },
};
