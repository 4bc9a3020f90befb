import { salonHours } from "../shared/starter-kit-hours";
import { eur, type StarterKit } from "./kit";

// A salon or clinic: appointments for services performed by staff members, Tuesday to Saturday.
// `appointment` is the appointment skill over the kit's services and staff (free times per person).

const tueToSat = { tue: ["09:00-19:00"], wed: ["09:00-19:00"], thu: ["09:00-19:00"], fri: ["09:00-19:00"], sat: ["09:00-17:00"] };
const lunch = { tue: ["13:00-14:00"], wed: ["13:00-14:00"], thu: ["13:00-14:00"], fri: ["13:00-14:00"] };

export const salonOrClinicKit: StarterKit = {
  kind: "salon_or_clinic",
  skills: ["appointment", "leads"],
  settings: {
    tone: {
      en: "You answer for a salon or clinic: friendly, calm and precise about times. Book appointments with your skills and never promise a time that is not free; hand off to a person for anything medical or unclear.",
      pt: "Responde por um salão ou clínica: simpático, calmo e rigoroso com os horários. Marca com as tuas skills e nunca prometas uma hora que não está livre; passa a uma pessoa o que for clínico ou pouco claro.",
      es: "Respondes por un salón o clínica: amable, tranquilo y preciso con los horarios. Da citas con tus skills y nunca prometas una hora que no esté libre; pasa a una persona lo médico o poco claro.",
    },
    greeting: {
      en: "Hello! Would you like to book an appointment? Tell me the service and the day that suits you.",
      pt: "Olá! Quer marcar? Diga-me o serviço e o dia que lhe dá jeito.",
      es: "¡Hola! ¿Quieres pedir cita? Dime el servicio y el día que te viene bien.",
    },
    awayMessage: {
      en: "We're closed now; a person will reply from {{opens}}. You can still book an appointment here.",
      pt: "Estamos fechados neste momento; uma pessoa responde a partir de {{opens}}. Pode marcar aqui na mesma.",
      es: "Ahora estamos cerrados; una persona te responderá a partir del {{opens}}. Puedes pedir cita aquí igualmente.",
    },
  },
  facts: { paymentMethods: ["cash", "card"], delivery: { offered: false }, pickup: { offered: false } },
  knowledge: [
    {
      title: { en: "Cancellation policy", pt: "Política de cancelamento", es: "Política de cancelación" },
      content: {
        en: "Please cancel or move your appointment at least 24 hours before. Late cancellations and missed appointments may be charged 50% of the service.",
        pt: "Cancele ou altere a marcação com pelo menos 24 horas de antecedência. Cancelamentos tardios e faltas podem ser cobrados a 50% do serviço.",
        es: "Cancela o cambia tu cita con al menos 24 horas de antelación. Las cancelaciones tardías y las ausencias pueden cobrarse al 50% del servicio.",
      },
    },
    {
      title: { en: "Arriving late", pt: "Atrasos", es: "Retrasos" },
      content: {
        en: "Please arrive 5 minutes early. If you are more than 15 minutes late we may have to shorten or move your appointment.",
        pt: "Chegue 5 minutos antes. Com mais de 15 minutos de atraso poderemos ter de encurtar ou remarcar.",
        es: "Llega 5 minutos antes. Con más de 15 minutos de retraso puede que tengamos que acortar o cambiar la cita.",
      },
    },
    {
      title: { en: "Prices", pt: "Preços", es: "Precios" },
      content: {
        en: "Each service has a fixed price, paid after the appointment. Ask for a quote for anything not on the list.",
        pt: "Cada serviço tem um preço fixo, pago no fim da marcação. Peça orçamento para o que não estiver na lista.",
        es: "Cada servicio tiene un precio fijo, que se paga al terminar la cita. Pide presupuesto para lo que no esté en la lista.",
      },
    },
    {
      title: { en: "Parking", pt: "Estacionamento", es: "Aparcamiento" },
      content: {
        en: "There is street parking in front and a public car park two minutes away.",
        pt: "Há estacionamento na rua em frente e um parque público a dois minutos.",
        es: "Hay aparcamiento en la calle de enfrente y un parking público a dos minutos.",
      },
    },
    {
      title: { en: "Gift vouchers", pt: "Vales de oferta", es: "Tarjetas regalo" },
      content: {
        en: "We sell gift vouchers for any service, valid for 6 months.",
        pt: "Temos vales de oferta para qualquer serviço, válidos durante 6 meses.",
        es: "Tenemos tarjetas regalo para cualquier servicio, válidas durante 6 meses.",
      },
    },
  ],
  hours: salonHours,
  staff: [
    { name: "Ana", weekly: tueToSat, breaks: lunch },
    { name: "Bruno", weekly: tueToSat, breaks: lunch },
  ],
  services: [
    {
      name: { en: "Haircut", pt: "Corte", es: "Corte" },
      description: { en: "Wash, cut and finish.", pt: "Lavagem, corte e acabamento.", es: "Lavado, corte y acabado." },
      durationMinutes: 45,
      bufferAfterMinutes: 0,
      price: eur(2500),
      staff: [0, 1],
    },
    {
      name: { en: "Colour", pt: "Coloração", es: "Coloración" },
      description: { en: "Full colour with blow-dry.", pt: "Coloração completa com brushing.", es: "Color completo con secado." },
      durationMinutes: 90,
      bufferAfterMinutes: 15,
      price: eur(5500),
      staff: [0],
    },
    {
      name: { en: "Manicure", pt: "Manicure", es: "Manicura" },
      description: { en: "Shape, cuticles and polish.", pt: "Forma, cutículas e verniz.", es: "Forma, cutículas y esmalte." },
      durationMinutes: 45,
      bufferAfterMinutes: 0,
      price: eur(2000),
      staff: [1],
    },
    {
      name: { en: "First consultation", pt: "Primeira consulta", es: "Primera consulta" },
      description: {
        en: "We look at what you need and plan the treatment.",
        pt: "Vemos o que precisa e planeamos o tratamento.",
        es: "Vemos lo que necesitas y planificamos el tratamiento.",
      },
      durationMinutes: 30,
      bufferAfterMinutes: 10,
      price: eur(3000),
      staff: [0, 1],
    },
  ],
  catalog: null,
};
