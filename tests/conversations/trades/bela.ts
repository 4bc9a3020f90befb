// Studio Bela, a hair salon and barber in Porto (issue 40's trades corpus): three staff members with
// their own days and a shared lunch break, six services in three languages, Saturday mornings only,
// closed on Christmas and New Year's Day. The profile the conversations were written from (README.md).
import type { TradeProfile, Weekly } from "./setup";

const lunch = ["13:00-14:00"];
const days = (list: Array<keyof Weekly>, ranges: string[]): Weekly => Object.fromEntries(list.map((d) => [d, [...ranges]]));

export const BELA: TradeProfile = {
  name: "Studio Bela",
  owner: "Bela Carvalho",
  kind: "salon_or_clinic",
  timeZone: "Europe/Lisbon",
  address: "Rua de Cedofeita 120, 4050-174 Porto",
  languages: ["pt", "en", "es"],
  hours: { tue: ["10:00-19:00"], wed: ["10:00-19:00"], thu: ["10:00-19:00"], fri: ["10:00-19:00"], sat: ["09:00-14:00"] },
  holidays: [
    { date: "2026-12-25", name: "Natal" },
    { date: "2027-01-01", name: "Ano Novo" },
  ],
  staff: [
    { name: "Ana", weekly: days(["tue", "wed", "thu", "fri", "sat"], ["10:00-19:00"]), breaks: days(["tue", "wed", "thu", "fri", "sat"], lunch) },
    { name: "Rita", weekly: days(["tue", "wed", "thu", "fri"], ["10:00-19:00"]), breaks: days(["tue", "wed", "thu", "fri"], lunch) },
    {
      name: "Marco",
      weekly: { ...days(["wed", "thu", "fri"], ["10:00-19:00"]), sat: ["10:00-14:00"] },
      breaks: days(["wed", "thu", "fri", "sat"], lunch),
    },
  ],
  services: [
    { name: { en: "Women's haircut", pt: "Corte feminino", es: "Corte de mujer" }, durationMinutes: 45, price: 3500, staff: ["Ana", "Rita"] },
    { name: { en: "Men's haircut", pt: "Corte masculino", es: "Corte de hombre" }, durationMinutes: 30, price: 1800, staff: ["Marco", "Ana"] },
    { name: { en: "Beard trim", pt: "Barba", es: "Arreglo de barba" }, durationMinutes: 20, price: 1200, staff: ["Marco"] },
    { name: { en: "Haircut and beard", pt: "Corte e barba", es: "Corte y barba" }, durationMinutes: 45, price: 2700, staff: ["Marco"] },
    { name: { en: "Colour", pt: "Coloração", es: "Coloración" }, durationMinutes: 90, price: 5500, from: true, staff: ["Ana", "Rita"] },
    { name: { en: "Manicure", pt: "Manicure", es: "Manicura" }, durationMinutes: 40, price: 2000, staff: ["Rita"] },
  ],
  products: [],
  facts: { address: "Rua de Cedofeita 120, 4050-174 Porto", delivery: { offered: false }, pickup: null, paymentMethods: ["card", "mb_way", "cash"] },
  knowledge: [
    {
      pt: { title: "Cancelamentos", content: "Pode cancelar ou mudar a marcação sem custos até 24 horas antes." },
      en: { title: "Cancellations", content: "You can cancel or change your appointment free of charge up to 24 hours before." },
      es: { title: "Cancelaciones", content: "Puedes cancelar o cambiar tu cita sin coste hasta 24 horas antes." },
    },
    {
      pt: { title: "Estacionamento", content: "Não temos parque próprio: há estacionamento na rua, à volta do salão." },
      en: { title: "Parking", content: "We have no car park of our own: there is street parking around the salon." },
      es: { title: "Aparcamiento", content: "No tenemos aparcamiento propio: se puede aparcar en la calle, alrededor del salón." },
    },
    {
      pt: { title: "Crianças", content: "O corte de criança custa o mesmo que o corte masculino: 18 EUR." },
      en: { title: "Children", content: "A kids' cut costs the same as a men's haircut: 18 EUR." },
      es: { title: "Niños", content: "El corte de niño cuesta lo mismo que el corte de hombre: 18 EUR." },
    },
    {
      pt: { title: "Pagamento", content: "Aceitamos cartão, MB Way e dinheiro." },
      en: { title: "Payment", content: "We accept card, MB Way and cash." },
      es: { title: "Pago", content: "Aceptamos tarjeta, MB Way y efectivo." },
    },
  ],
  names: ["Studio Bela", "Rua de Cedofeita 120", "Cedofeita", "Porto", "MB Way", "Ana", "Rita", "Marco"],
};
