import { newSandboxCustomer } from "@/lib/channels/sandbox-simulator";
import { withSession } from "@/lib/dashboard/handler";

const FIRST = ["Ana", "Ben", "Chloe", "Dev", "Elif", "Femi", "Grace", "Hiro", "Ines", "Jonas", "Kemi", "Luca", "Maya", "Noor", "Omar", "Priya"];
const LAST = ["Silva", "Okafor", "Martin", "Tanaka", "Kowalski", "Haddad", "Jensen", "Rossi", "Moreau", "Nguyen"];
const pick = (list: string[]) => list[Math.floor(Math.random() * list.length)];

// GET /api/dashboard/simulator/customer - a fresh sandbox customer (phone and a made-up name).
export const GET = withSession({ role: "agent" }, async () => ({ phone: newSandboxCustomer(), name: `${pick(FIRST)} ${pick(LAST)}` }));
