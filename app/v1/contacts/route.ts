import { contactsList, contactsUpsert } from "@/lib/api/operations";
import { routes } from "@/lib/api/route";

// GET, POST /v1/contacts
export const { GET, POST, PUT, PATCH, DELETE } = routes({ GET: contactsList, POST: contactsUpsert });
