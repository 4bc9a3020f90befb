// Which fields of a record are personal (issue 17, privacy requests). Erasing a contact keeps their
// records for the business's statistics (how many bookings, party sizes, order items and totals) and
// clears what identifies or describes the person. Browser-safe (pure), documented in docs/privacy.md.
//
// A field is personal, at any depth (objects and lists are searched through, issue 34), when
//  - its key names the person or a way to reach them, or free text they wrote: name, phone, email,
//    address, notes and their variants (PERSONAL_KEY below; "customer_name", "deliveryAddress",
//    "contact_phone" and "special_notes" all match); or
//  - its value is text holding an email address, a phone number (7 or more digits), or the contact's
//    own name or phone (whatever the field is called); an ISO date ("2026-11-28T20:00") is not a phone.
// A personal key clears its whole value, object or list included (`customer: {...}` under a key named
// `contact`, an `address` object). Everything else is kept: numbers, booleans, dates and times, the
// shape of lists and objects (order items with their quantities and prices), and short texts such as a
// fulfilment choice or a status. A nested `name` is a personal key like a top-level one: an item's
// name should be called `title` or `product` to survive an erasure.

const PERSONAL_KEY =
  /(^|[^a-z])(name|names|nombre|nome|phone|mobile|cell|tel|telephone|telefono|telefone|whatsapp|email|mail|correo|address|addr|street|direccion|endereco|postcode|postal|zip|note|notes|comment|comments|message|remarks|instructions|request|requests|allergy|allergies|birthday|birth|dob|passport|document|dni|nif|cpf|contact)([^a-z]|$)/;

// One character on each side is all "somewhere in the text" needs (the longer form rescanned every run).
const EMAIL = /[^\s@]@[^\s@]+\.[^\s@]/;
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

/** Who a record is about: their name, phone and WhatsApp username, any of them missing. */
export type PersonalContact = { name: string | null; phone: string | null; username?: string | null };

const ISO_DATE = /^\d{4}-\d{2}-\d{2}([T ]|$)/;

function mentions(text: string, contact: PersonalContact): boolean {
  if (EMAIL.test(text)) return true;
  if (!ISO_DATE.test(text) && PHONE.test(text)) return true;
  if (contact.username && text.toLowerCase().includes(contact.username.replace(/^@/, "").toLowerCase())) return true;
  const digits = (contact.phone ?? "").replace(/\D/g, "");
  if (digits.length >= 7 && text.replace(/\D/g, "").includes(digits.slice(-7))) return true;
  const name = contact.name?.trim().toLowerCase();
  return Boolean(name && name.length >= 2 && text.toLowerCase().includes(name));
}

// Deeper than any record the API accepts (32 levels): whatever lies below is cleared, not read.
const MAX_DEPTH = 64;

const step = (path: string, key: string | number) => (typeof key === "number" ? `${path}[${key}]` : path ? `${path}.${key}` : key);

/** The fields with every personal value set to null, at any depth, and the paths that were cleared (`customer.phone`, `items[2].note`). */
export function erasePersonalFields(
  fields: Record<string, unknown>,
  contact: PersonalContact,
): { fields: Record<string, unknown>; erased: string[] } {
  const erased: string[] = [];
  const clean = (value: unknown, key: string | number, path: string, depth: number): unknown => {
    if (value === null) return null;
    const here = step(path, key);
    const personal =
      (typeof key === "string" && isPersonalKey(key)) ||
      (typeof value === "string" && mentions(value, contact)) ||
      (typeof value === "object" && depth >= MAX_DEPTH);
    if (personal) {
      erased.push(here);
      return null;
    }
    if (Array.isArray(value)) return value.map((v, i) => clean(v, i, here, depth + 1));
    if (typeof value === "object") return walk(value as Record<string, unknown>, here, depth + 1);
    return value;
  };
  const walk = (object: Record<string, unknown>, path: string, depth: number) =>
    Object.fromEntries(Object.entries(object).map(([k, v]) => [k, clean(v, k, path, depth)]));
  return { fields: walk(fields, "", 0), erased };
}
