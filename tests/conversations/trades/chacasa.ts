// Casa do Chá, a tea shop in Lisbon that delivers (issue 40's trades corpus): six products, delivery in
// Lisbon for 4.50 EUR (free from 40 EUR), free pickup, orders paid by a payment link before they are
// accepted. The profile the conversations were written from (README.md).
import type { TradeProfile } from "./setup";

const open = ["10:00-19:00"];

export const CHACASA: TradeProfile = {
  name: "Casa do Chá",
  owner: "Teresa Lima",
  kind: "shop",
  timeZone: "Europe/Lisbon",
  address: "Rua da Misericórdia 30, 1200-273 Lisboa",
  languages: ["pt", "en", "es"],
  hours: { mon: open, tue: open, wed: open, thu: open, fri: open, sat: open },
  holidays: [],
  payments: { currency: "EUR", expiryMinutes: 60 },
  staff: [],
  services: [],
  products: [
    { externalId: "sencha", name: { en: "Sencha green tea 100 g", pt: "Chá verde Sencha 100 g", es: "Té verde Sencha 100 g" }, price: 850 },
    { externalId: "earl-grey", name: { en: "Earl Grey 100 g", pt: "Earl Grey 100 g", es: "Earl Grey 100 g" }, price: 700 },
    { externalId: "rooibos", name: { en: "Rooibos 100 g", pt: "Rooibos 100 g", es: "Rooibos 100 g" }, price: 650 },
    { externalId: "matcha", name: { en: "Matcha 30 g", pt: "Matcha 30 g", es: "Matcha 30 g" }, price: 1800 },
    { externalId: "teapot", name: { en: "Ceramic teapot", pt: "Bule de cerâmica", es: "Tetera de cerámica" }, price: 3200 },
    { externalId: "infuser", name: { en: "Tea infuser", pt: "Infusor", es: "Infusor" }, price: 500 },
  ],
  facts: {
    address: "Rua da Misericórdia 30, 1200-273 Lisboa",
    delivery: {
      offered: true,
      places: ["Lisboa"],
      fee: { amount: 450, currency: "EUR" },
      freeFrom: { amount: 4000, currency: "EUR" },
      minimum: null,
    },
    pickup: { offered: true },
  },
  knowledge: [
    {
      pt: { title: "Pagamento", content: "As encomendas pagam-se por um link de pagamento; só ficam aceites depois de pagas." },
      en: { title: "Payment", content: "Orders are paid through a payment link; they are accepted once paid." },
      es: { title: "Pago", content: "Los pedidos se pagan con un enlace de pago; se aceptan una vez pagados." },
    },
    {
      pt: { title: "Entregas", content: "Entregamos em Lisboa por 4,50 EUR, grátis a partir de 40 EUR. Levantar na loja é grátis." },
      en: { title: "Delivery", content: "We deliver in Lisbon for 4.50 EUR, free from 40 EUR. Pickup at the shop is free." },
      es: { title: "Envíos", content: "Enviamos dentro de Lisboa por 4,50 EUR, gratis a partir de 40 EUR. Recoger en la tienda es gratis." },
    },
  ],
  names: [
    "Casa do Chá",
    "Rua da Misericórdia 30",
    "Misericórdia",
    "Lisboa",
    "Lisbon",
    ...["Chá verde Sencha", "Té verde Sencha", "Sencha", "Earl Grey", "Rooibos", "Matcha", "Bule de cerâmica", "Tetera de cerámica", "Infusor"],
  ],
};
