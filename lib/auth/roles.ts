import type { Role } from "../users/users";

/** Owners may do everything; a page or endpoint that names `agent` is open to both roles. */
export function roleAllows(role: Role, needed: Role | undefined): boolean {
  return !needed || needed === "agent" || role === "owner";
}
