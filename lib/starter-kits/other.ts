import { officeHours } from "../shared/starter-kit-hours";
import type { StarterKit } from "./kit";

// Any other business: questions answered from the knowledge and contact requests, office hours.

export const otherKit: StarterKit = {
  kind: "other",
  skills: ["leads"],
  settings: {
    tone: {
      en: "You answer for a small business: polite, brief and clear. Answer from what you know and take contact requests with your skills; hand off to a person when unsure.",
      pt: "Responde por um pequeno negócio: educado, breve e claro. Responde com o que sabes e recolhe pedidos de contacto com as tuas skills; passa a uma pessoa quando tiveres dúvidas.",
      es: "Respondes por un pequeño negocio: educado, breve y claro. Responde con lo que sabes y recoge solicitudes de contacto con tus skills; pasa a una persona cuando dudes.",
    },
    greeting: {
      en: "Hello! How can we help you today?",
      pt: "Olá! Em que podemos ajudar hoje?",
      es: "¡Hola! ¿En qué podemos ayudarte hoy?",
    },
    awayMessage: {
      en: "We're closed now; a person will reply from {{opens}}. Leave your question and we'll get back to you.",
      pt: "Estamos fechados neste momento; uma pessoa responde a partir de {{opens}}. Deixe a sua pergunta e respondemos.",
      es: "Ahora estamos cerrados; una persona te responderá a partir del {{opens}}. Deja tu pregunta y te contestamos.",
    },
  },
  facts: { paymentMethods: ["card", "bank_transfer"] },
  knowledge: [
    {
      title: { en: "How we reply", pt: "Como respondemos", es: "Cómo respondemos" },
      content: {
        en: "The assistant answers at once; a person replies within one working day.",
        pt: "O assistente responde de imediato; uma pessoa responde no prazo de um dia útil.",
        es: "El asistente responde al momento; una persona contesta en un día laborable.",
      },
    },
    {
      title: { en: "Quotes", pt: "Orçamentos", es: "Presupuestos" },
      content: {
        en: "Quotes are free: leave your name, email and what you need, and we send one within two working days.",
        pt: "Os orçamentos são gratuitos: deixe o nome, o email e o que precisa, e enviamos um em dois dias úteis.",
        es: "Los presupuestos son gratis: deja tu nombre, tu email y lo que necesitas, y te enviamos uno en dos días laborables.",
      },
    },
    {
      title: { en: "Invoices", pt: "Faturas", es: "Facturas" },
      content: {
        en: "We issue an invoice for every payment; give us your tax number if you need it on the invoice.",
        pt: "Emitimos fatura de todos os pagamentos; indique o NIF se o quiser na fatura.",
        es: "Emitimos factura de cada pago; danos tu NIF si lo necesitas en la factura.",
      },
    },
  ],
  hours: officeHours,
  staff: [],
  services: [],
  catalog: null,
};
