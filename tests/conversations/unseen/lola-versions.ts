// The English and Portuguese versions of El Rincón de Lola's knowledge (lola.ts), which the owner, who
// signed up serving Spanish, English and Portuguese, adds through /v1 with each item (issue 35 item 4:
// the dashboard marks an item's missing versions in a served language). The same facts, translated;
// proper names and amounts as the owner wrote them.
import type { ContentLanguage } from "@/lib/shared/assistant-schema";

type Versions = Partial<Record<ContentLanguage, { title: string; content: string }>>;

export const LOLA_KNOWLEDGE_VERSIONS: Record<string, Versions> = {
  "Cómo llegar": {
    en: { title: "How to get here", content: "The nearest metro is La Latina (line 5), a 3-minute walk away." },
    pt: { title: "Como chegar", content: "O metro mais próximo é La Latina (linha 5), a 3 minutos a pé." },
  },
  Aparcamiento: {
    en: {
      title: "Parking",
      content:
        "We have no parking of our own. The nearest is the Parking Plaza Mayor, a 6-minute walk; there is hardly any room to park on the Cava Baja.",
    },
    pt: {
      title: "Estacionamento",
      content:
        "Não temos estacionamento próprio. O mais próximo é o Parking Plaza Mayor, a 6 minutos a pé; na Cava Baja quase não há lugar para estacionar.",
    },
  },
  Terraza: {
    en: {
      title: "Terrace",
      content: "We have a terrace with 6 tables. The terrace cannot be booked: tables are given on a first-come, first-served basis.",
    },
    pt: { title: "Esplanada", content: "Temos uma esplanada com 6 mesas. A esplanada não se pode reservar: as mesas são por ordem de chegada." },
  },
  Perros: {
    en: { title: "Dogs", content: "Dogs are welcome on the terrace. Dogs are not allowed inside." },
    pt: { title: "Cães", content: "Os cães são bem-vindos na esplanada. Lá dentro não são permitidos cães." },
  },
  "Menú para grupos": {
    en: {
      title: "Group menu",
      content:
        "For groups of 6 to 8 people we have the Menú Lola, at 32 EUR per person. It has to be ordered 48 hours in advance by talking to a person from our team.",
    },
    pt: {
      title: "Menu para grupos",
      content:
        "Para grupos de 6 a 8 pessoas temos o Menú Lola, a 32 EUR por pessoa. Tem de ser encomendado com 48 horas de antecedência, falando com uma pessoa da nossa equipa.",
    },
  },
  "Reservas de grupos grandes": {
    en: {
      title: "Bookings for large groups",
      content: "On WhatsApp we book tables for up to 8 people. For larger groups, a person from our team arranges it directly.",
    },
    pt: {
      title: "Reservas de grupos grandes",
      content: "Pelo WhatsApp reservamos mesas até 8 pessoas. Para grupos maiores, uma pessoa da nossa equipa trata diretamente.",
    },
  },
  Niños: {
    en: { title: "Children", content: "We have no kids' menu, but we serve half portions of croquetas and tortilla for the little ones." },
    pt: { title: "Crianças", content: "Não temos menu infantil, mas servimos meias doses de croquetas e de tortilla para os mais pequenos." },
  },
  Alergias: {
    en: {
      title: "Allergies",
      content:
        "Our kitchen works with gluten, nuts and shellfish, so we cannot guarantee the absence of traces. For any question about allergies, talk to a person from our team before ordering.",
    },
    pt: {
      title: "Alergias",
      content:
        "Na nossa cozinha trabalha-se com glúten, frutos secos e marisco, por isso não podemos garantir a ausência de vestígios. Para qualquer pergunta sobre alergias, fale com uma pessoa da nossa equipa antes de encomendar.",
    },
  },
  "Eventos privados": {
    en: { title: "Private events", content: "We do not host private events or close the bar for groups." },
    pt: { title: "Eventos privados", content: "Não organizamos eventos privados nem fechamos o espaço para grupos." },
  },
  "Vales regalo": {
    en: { title: "Gift vouchers", content: "We do not sell vouchers or gift cards." },
    pt: { title: "Vales de oferta", content: "Não vendemos vales nem cartões de oferta." },
  },
  Paella: {
    en: { title: "Paella", content: "The mixed paella (for 2 people) is only served at weekends, Saturday and Sunday." },
    pt: { title: "Paella", content: "A paella mista (para 2 pessoas) só é servida ao fim de semana, sábado e domingo." },
  },
};
