// Which fields of a record are personal (issue 17, privacy requests). Erasing a contact keeps their
// records for the business's statistics (how many bookings, party sizes, order items and totals) and
// clears what identifies or describes the person. Browser-safe (pure), documented in docs/privacy.md.
//
// A top-level field is personal when
//  - its key names the person or a way to reach them, or free text they wrote: name, phone, email,
//    address, notes and their variants (PERSONAL_KEY below; "customer_name", "deliveryAddress",
//    "contact_phone" and "special_notes" all match); or
//  - its value is text holding an email address, a phone number (7 or more digits), or the contact's
//    own name or phone (whatever the field is called); an ISO date ("2026-11-28T20:00") is not a phone.
// Everything else is kept: numbers, booleans, dates and times, lists and objects (order items), and
// short texts such as a fulfilment choice or a status.

const PERSONAL_KEY =
  /(^|[^a-z])(name|names|nombre|nome|phone|mobile|cell|tel|telephone|telefono|telefone|whatsapp|email|mail|correo|address|addr|street|direccion|endereco|postcode|postal|zip|note|notes|comment|comments|message|remarks|instructions|request|requests|allergy|allergies|birthday|birth|dob|passport|document|dni|nif|cpf|contact)([^a-z]|$)/;

const EMAIL = /[^\s@]+@[^\s@]+\.[^\s@]+/;
const PHONE = /(?:\+?\d[\s().-]*){7,}/;

/** "customerName" -> "customer_name", "Delivery-Address" -> "delivery_address". */
function normalizeKey(key: string): string {
  return key
    .replace(/([a-z0-9])([A-Z])/g, "$1_$2")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "_");
}

export function isPersonalKey(key: string): boolean {
  return PERSONAL_KEY.test(normalizeKey(key));
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}([T ]|$)/;

function mentions(text: string, contact: { name: string | null; phone: string }): boolean {
  if (EMAIL.test(text)) return true;
  if (!ISO_DATE.test(text) && PHONE.test(text)) return true;
  const digits = contact.phone.replace(/\D/g, "");
  if (digits.length >= 7 && text.replace(/\D/g, "").includes(digits.slice(-7))) return true;
  const name = contact.name?.trim().toLowerCase();
  return Boolean(name && name.length >= 2 && text.toLowerCase().includes(name));
}

/** The fields with every personal value set to null, and the keys that were cleared. */
export function erasePersonalFields(
  fields: Record<string, unknown>,
  contact: { name: string | null; phone: string },
): { fields: Record<string, unknown>; erased: string[] } {
  const out: Record<string, unknown> = {};
  const erased: string[] = [];
  for (const [key, value] of Object.entries(fields)) {
    const personal = value !== null && (isPersonalKey(key) || (typeof value === "string" && mentions(value, contact)));
    out[key] = personal ? null : value;
    if (personal) erased.push(key);
  }
  return { fields: out, erased };
}
