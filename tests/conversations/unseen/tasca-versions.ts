// The Portuguese and Spanish versions of Tasca da Ana's knowledge (../shop.ts), as the owner of a Lisbon
// restaurant that serves Portuguese and Spanish customers adds them on the dashboard's knowledge page
// (issue 35 item 4): the same facts, translated, proper names and amounts as the owner wrote them.
import type { ContentLanguage } from "@/lib/shared/assistant-schema";

type Versions = Partial<Record<ContentLanguage, { title: string; content: string }>>;

export const TASCA_KNOWLEDGE_VERSIONS: Record<string, Versions> = {
  "How to get here": {
    pt: {
      title: "Como chegar",
      content: "Estamos no Chiado. A estação de metro mais próxima é a Baixa-Chiado (linhas verde e azul), a 4 minutos a pé do restaurante.",
    },
    es: {
      title: "Cómo llegar",
      content: "Estamos en el Chiado. La estación de metro más cercana es Baixa-Chiado (líneas verde y azul), a 4 minutos andando del restaurante.",
    },
  },
  Parking: {
    pt: {
      title: "Estacionamento",
      content:
        "Não temos estacionamento próprio. O parque mais próximo é o Parque Camões, a 3 minutos a pé; o estacionamento na rua no Chiado é muito limitado.",
    },
    es: {
      title: "Aparcamiento",
      content:
        "No tenemos aparcamiento propio. El parking más cercano es el Parque Camões, a 3 minutos andando; aparcar en la calle en el Chiado es muy difícil.",
    },
  },
  "Vegetarian and vegan food": {
    pt: {
      title: "Comida vegetariana e vegana",
      content:
        "Metade da ementa é vegetariana (Pizza Margherita, Pizza Quattro Formaggi, Vegetarian Lasagna, Caprese Salad). A Vegan Pizza é totalmente vegana e a maioria das saladas pode ser feita vegana a pedido.",
    },
    es: {
      title: "Comida vegetariana y vegana",
      content:
        "La mitad de la carta es vegetariana (Pizza Margherita, Pizza Quattro Formaggi, Vegetarian Lasagna, Caprese Salad). La Vegan Pizza es totalmente vegana y la mayoría de las ensaladas se pueden hacer veganas si se pide.",
    },
  },
  "Gluten-free": {
    pt: {
      title: "Sem glúten",
      content:
        "Temos bases de pizza sem glúten por mais 2 EUR. Na nossa cozinha usamos farinha de trigo, por isso não podemos garantir que não haja contaminação cruzada para celíacos.",
    },
    es: {
      title: "Sin gluten",
      content:
        "Tenemos bases de pizza sin gluten por 2 EUR más. En nuestra cocina usamos harina de trigo, así que no podemos garantizar que no haya contaminación cruzada para celíacos.",
    },
  },
  Pets: {
    pt: { title: "Animais", content: "Os cães são bem-vindos na nossa esplanada. Lá dentro só são permitidos cães de assistência." },
    es: { title: "Mascotas", content: "Los perros son bienvenidos en nuestra terraza. Dentro solo se admiten perros de asistencia." },
  },
  Children: {
    pt: {
      title: "Crianças",
      content: "As crianças são muito bem-vindas. Temos cadeiras de bebé e um menu infantil (pizza pequena ou massa com uma bebida) por 8 EUR.",
    },
    es: {
      title: "Niños",
      content: "Los niños son muy bienvenidos. Tenemos tronas y un menú infantil (pizza pequeña o pasta con una bebida) por 8 EUR.",
    },
  },
  Wifi: {
    pt: { title: "Wifi", content: "Wifi grátis para clientes: a rede é TascaDaAna-Guest e a palavra-passe é chiado2026." },
    es: { title: "Wifi", content: "Wifi gratis para clientes: la red es TascaDaAna-Guest y la contraseña es chiado2026." },
  },
  "Group bookings": {
    pt: {
      title: "Reservas de grupo",
      content:
        "Aqui no WhatsApp aceitamos reservas até 12 pessoas. Para grupos maiores (até 40 pessoas, na nossa sala privada) a nossa equipa trata da reserva pessoalmente e pede um sinal.",
    },
    es: {
      title: "Reservas de grupo",
      content:
        "Aquí por WhatsApp aceptamos reservas de hasta 12 personas. Para grupos más grandes (hasta 40 personas, en nuestro salón privado) nuestro equipo gestiona la reserva personalmente y pide una señal.",
    },
  },
  Allergies: {
    pt: {
      title: "Alergias",
      content: "Por favor, diga-nos se tem alguma alergia quando reservar ou encomendar: a nossa equipa pode indicar os alergénios de cada prato.",
    },
    es: {
      title: "Alergias",
      content: "Por favor, avísanos de cualquier alergia cuando reserves o pidas: nuestro equipo puede indicarte los alérgenos de cada plato.",
    },
  },
};
