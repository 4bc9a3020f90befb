// Clínica Sonrisa, a dental clinic in Madrid (issue 40's trades corpus): two dentists morning and
// evening, a hygienist on weekday mornings, four treatments in three languages, emergencies seen the
// same day by phone, two insurers. The profile the conversations were written from (README.md).
import type { TradeProfile, Weekly } from "./setup";

const weekdays = ["mon", "tue", "wed", "thu", "fri"] as const;
const days = (list: ReadonlyArray<keyof Weekly>, ranges: string[]): Weekly => Object.fromEntries(list.map((d) => [d, [...ranges]]));
const split = ["09:00-14:00", "16:00-20:00"];

export const SONRISA_PHONE = "+34 910 000 000";

export const SONRISA: TradeProfile = {
  name: "Clínica Sonrisa",
  owner: "Laura Gómez",
  kind: "salon_or_clinic",
  timeZone: "Europe/Madrid",
  address: "Calle de la Montera 20, 28013 Madrid",
  languages: ["es", "en", "pt"],
  hours: days(weekdays, split),
  holidays: [],
  staff: [
    { name: "Dra. Laura Gómez", weekly: days(weekdays, split), breaks: {} },
    { name: "Dr. Javier Ruiz", weekly: days(weekdays, split), breaks: {} },
    { name: "Carmen", weekly: days(["mon", "tue", "wed", "thu"], ["09:00-14:00"]), breaks: {} },
  ],
  services: [
    { name: { en: "Dental cleaning", pt: "Limpeza dentária", es: "Limpieza dental" }, durationMinutes: 45, price: 6000, staff: ["Carmen"] },
    {
      name: { en: "Check-up", pt: "Consulta de revisão", es: "Revisión" },
      durationMinutes: 30,
      price: 4000,
      staff: ["Dra. Laura Gómez", "Dr. Javier Ruiz"],
    },
    { name: { en: "Filling", pt: "Obturação", es: "Empaste" }, durationMinutes: 60, price: 8000, staff: ["Dra. Laura Gómez", "Dr. Javier Ruiz"] },
    { name: { en: "Whitening", pt: "Branqueamento", es: "Blanqueamiento" }, durationMinutes: 90, price: 25000, staff: ["Dra. Laura Gómez"] },
  ],
  products: [],
  facts: { address: "Calle de la Montera 20, 28013 Madrid", delivery: { offered: false }, pickup: null },
  knowledge: [
    {
      es: {
        title: "Urgencias",
        content: `Las urgencias (dolor, un diente roto) se atienden el mismo día: llama al ${SONRISA_PHONE} y te atiende una persona del equipo.`,
      },
      en: {
        title: "Emergencies",
        content: `Emergencies (pain, a broken tooth) are seen the same day: call ${SONRISA_PHONE} and a person from our team will help you.`,
      },
      pt: {
        title: "Urgências",
        content: `As urgências (dor, um dente partido) são atendidas no mesmo dia: ligue para o ${SONRISA_PHONE} e uma pessoa da equipa atende-o.`,
      },
    },
    {
      es: { title: "Seguros", content: "Trabajamos con los seguros Sanitas y Adeslas." },
      en: { title: "Insurance", content: "We accept Sanitas and Adeslas insurance." },
      pt: { title: "Seguros", content: "Aceitamos os seguros Sanitas e Adeslas." },
    },
    {
      es: { title: "Cómo llegar", content: "Estamos a dos minutos del metro Sol." },
      en: { title: "How to get here", content: "We are a two-minute walk from Sol metro station." },
      pt: { title: "Como chegar", content: "Estamos a dois minutos do metro Sol." },
    },
  ],
  names: ["Clínica Sonrisa", "Calle de la Montera 20", "Montera", "Madrid", "Sol", "Sanitas", "Adeslas", "Laura Gómez", "Javier Ruiz", "Carmen"],
};
