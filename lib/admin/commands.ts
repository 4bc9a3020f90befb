import "server-only";
import type { AuditAction } from "../audit/actions";
import { recordAudit } from "../audit/record";
import { createBusiness, getBusiness } from "../businesses/businesses";
import { type Db, db } from "../db/client";
import { migrate } from "../db/migrate";
import { parseByteSize, setStorageQuota } from "../media/storage-quota";
import { AppError } from "../errors";
import { createApiKey, keyBusiness, revokeApiKey } from "../keys/api-keys";
import { liveKeysCreatedBy } from "../keys/key-creators";
import { revokeInvitesSentBy } from "../team/invites";
import { changePassword, createUser, listUsers, removeMember, setMemberRole } from "../users/users";
import { grantTokens } from "../wallet/wallet";
import type { AdminArgs } from "./args";

const need = (args: AdminArgs, name: string): string => {
  const v = args[name];
  if (typeof v !== "string" || !v) throw new AppError("invalid_request", `--${name} is required.`);
  return v;
};
const optional = (args: AdminArgs, name: string): string | undefined => (typeof args[name] === "string" ? (args[name] as string) : undefined);
// A team member by --user (id) or --email, within --business.
async function member(a: AdminArgs) {
  const businessId = need(a, "business");
  const id = optional(a, "user");
  const email = optional(a, "email")?.trim().toLowerCase();
  if (!id && !email) throw new AppError("invalid_request", "--user or --email is required.");
  const found = (await listUsers(db(), businessId)).find((u) => (id ? u.id === id : u.email === email));
  if (!found) throw new AppError("not_found", "No such team member in that business.");
  return found;
}
// What an operator does from the command line is in the audit trail too, as the `system` actor.
const operator = { actor: { type: "system", label: "admin command line" } as const, ip: null };

async function asOperator<T>(
  businessId: string,
  work: (tx: Db) => Promise<T>,
  what: (result: T) => { action: AuditAction; target: { type: string; id: string }; details?: Record<string, unknown> },
): Promise<T> {
  await getBusiness(db(), businessId); // an unknown business is a plain not_found
  return db().transaction(async (tx) => {
    const result = await work(tx);
    await recordAudit(tx, { businessId, ...operator, ...what(result) });
    return result;
  });
}
const int = (v: string, name: string) => {
  if (!/^-?\d+$/.test(v)) throw new AppError("invalid_request", `--${name} must be an integer.`);
  return Number(v);
};

// The channels (the WhatsApp adapter and everything it sends through), the demo's seed, the key
// rotation and the embedded database's backup are loaded by the commands that use them: the CLI runs
// one command and exits, and most commands need none of them (about 300 modules).
const channels = () => import("../channels");

/** The operator commands, shared by the CLI (direct) and the running server's admin socket (PGlite). */
export const adminCommands: Record<string, (args: AdminArgs) => Promise<unknown>> = {
  // What a channel sent that the service could not use (newest first; --all includes the replayed ones).
  async "unusable-inbound"(a) {
    const limit = optional(a, "limit");
    const { listUnusable } = await channels();
    return listUnusable(db(), { all: a.all === true, limit: limit ? int(limit, "limit") : undefined, businessId: optional(a, "business") });
  },
  // After a fix: process kept items again (--id one, or --all not replayed yet); still unusable ones stay listed.
  async "replay-inbound"(a) {
    const { replayInbound, replayUnusable } = await channels();
    return replayUnusable(db(), { id: optional(a, "id"), all: a.all === true }, (channel, raw) => {
      if (channel !== "whatsapp") throw new AppError("invalid_request", `No replay for channel ${channel}.`);
      return replayInbound(db(), raw);
    });
  },
  async "create-business"(a) {
    const phoneNumberId = optional(a, "whatsapp-phone-number-id");
    return createBusiness(db(), {
      name: need(a, "name"),
      tokens: a.tokens ? int(need(a, "tokens"), "tokens") : undefined,
      timeZone: optional(a, "time-zone"),
      whatsapp: phoneNumberId
        ? await (await channels()).verifyWhatsApp({
            phoneNumberId,
            accessToken: optional(a, "whatsapp-access-token"),
            displayNumber: optional(a, "whatsapp-display-number") ?? null,
          })
        : null,
    });
  },
  async "create-key"(a) {
    const scopes = need(a, "scopes");
    const expires = optional(a, "expires-at");
    const key = await asOperator(
      need(a, "business"),
      (tx) =>
        createApiKey(tx, need(a, "business"), {
          name: optional(a, "name"),
          scopes: scopes === "all" ? "all" : scopes.split(",").map((s) => s.trim()),
          expiresAt: expires ? new Date(expires) : null,
        }),
      (k) => ({ action: "api_key.created", target: { type: "api_key", id: k.id }, details: { name: k.name, hint: k.hint, scopes: k.scopes } }),
    );
    return { id: key.id, key: key.key, scopes: key.scopes };
  },
  async "revoke-key"(a) {
    const businessId = await keyBusiness(db(), need(a, "id"));
    await asOperator(
      businessId,
      (tx) => revokeApiKey(tx, businessId, need(a, "id")),
      () => ({ action: "api_key.revoked", target: { type: "api_key", id: need(a, "id") } }),
    );
    return { id: need(a, "id"), revoked: true };
  },
  async "create-user"(a) {
    const role = optional(a, "role") ?? "owner";
    if (role !== "owner" && role !== "agent") throw new AppError("invalid_request", "--role must be owner or agent.");
    return asOperator(
      need(a, "business"),
      (tx) => createUser(tx, { businessId: need(a, "business"), email: need(a, "email"), password: need(a, "password"), role }),
      (u) => ({ action: "member.added", target: { type: "user", id: u.id }, details: { email: u.email, role: u.role } }),
    );
  },
  // The last owner can be neither removed nor made an agent; the member's sessions end at once.
  async "set-role"(a) {
    const role = need(a, "role");
    if (role !== "owner" && role !== "agent") throw new AppError("invalid_request", "--role must be owner or agent.");
    const m = await member(a);
    return asOperator(
      m.businessId,
      async (tx) => {
        const user = await setMemberRole(tx, m.businessId, m.id, role);
        // An owner made an agent loses the invites they sent; the keys they made are listed to revoke.
        const invitesRevoked =
          m.role === "owner" && role === "agent" ? await revokeInvitesSentBy(tx, m.businessId, m.id, { ...operator, reason: "inviter_demoted" }) : [];
        const keysLeft = role === "owner" ? [] : await liveKeysCreatedBy(tx, m.businessId, m.id);
        return { ...user, invitesRevoked, keysLeft };
      },
      (u) => ({
        action: "member.role_changed",
        target: { type: "user", id: u.id },
        details: { email: u.email, from: m.role, to: u.role, invitesRevoked: u.invitesRevoked.length, keysLeft: u.keysLeft.length },
      }),
    );
  },
  async "remove-user"(a) {
    const m = await member(a);
    const left = await asOperator(
      m.businessId,
      async (tx) => {
        const invitesRevoked = await revokeInvitesSentBy(tx, m.businessId, m.id, { ...operator, reason: "inviter_removed" });
        await removeMember(tx, m.businessId, m.id);
        return { invitesRevoked, keysLeft: await liveKeysCreatedBy(tx, m.businessId, m.id) };
      },
      ({ invitesRevoked, keysLeft }) => ({
        action: "member.removed",
        target: { type: "user", id: m.id },
        details: { email: m.email, role: m.role, invitesRevoked: invitesRevoked.length, keysLeft: keysLeft.length },
      }),
    );
    return { id: m.id, email: m.email, removed: true, ...left };
  },
  // Needs the current password, like the dashboard; every session of the user ends.
  async "change-password"(a) {
    const m = await member(a);
    await changePassword(db(), m.businessId, m.id, { currentPassword: need(a, "current-password"), newPassword: need(a, "new-password") });
    return { id: m.id, email: m.email, passwordChanged: true };
  },
  // How many bytes of files the business may store: --bytes 2147483648, 500MiB, 2GiB, or `default`
  // (MEDIA_STORAGE_QUOTA_BYTES, 1 GiB unless set). Files already stored stay; new ones must fit.
  async "set-storage-quota"(a) {
    const businessId = need(a, "business");
    const bytes = parseByteSize(need(a, "bytes"));
    return asOperator(
      businessId,
      (tx) => setStorageQuota(tx, businessId, bytes),
      () => ({ action: "settings.storage_quota_changed", target: { type: "business", id: businessId }, details: { quotaBytes: bytes } }),
    );
  },
  async "grant-tokens"(a) {
    return grantTokens(db(), need(a, "business"), int(need(a, "tokens"), "tokens"));
  },
  async "set-whatsapp"(a) {
    const { setWhatsApp } = await channels();
    await setWhatsApp(db(), need(a, "business"), {
      phoneNumberId: need(a, "phone-number-id"),
      accessToken: optional(a, "access-token"),
      displayNumber: optional(a, "display-number"),
    });
    return { businessId: need(a, "business"), phoneNumberId: need(a, "phone-number-id") };
  },
  // Which channel the business's replies take, and whether this server can talk to WhatsApp at all.
  async "whatsapp-status"(a) {
    const [b, { graphUrl }] = await Promise.all([getBusiness(db(), need(a, "business")), channels()]);
    const connected = !!(b.whatsappPhoneNumberId && b.whatsappAccessTokenEnc);
    return {
      businessId: b.id,
      channel: connected ? "whatsapp" : "sandbox",
      phoneNumberId: b.whatsappPhoneNumberId,
      displayNumber: b.whatsappDisplayNumber,
      accessToken: b.whatsappAccessTokenEnc ? "set (encrypted)" : "not set",
      server: {
        graphUrl: graphUrl(),
        verifyToken: process.env.WHATSAPP_VERIFY_TOKEN ? "set" : "not set",
        appSecret: process.env.WHATSAPP_APP_SECRET ? "set" : "not set",
      },
    };
  },
  async "seed-demo"() {
    const { seedDemo } = await import("../demo/seed-demo");
    return seedDemo(db());
  },
  async migrate() {
    await migrate();
    return { migrated: true };
  },
  // Run by the process that holds the embedded database: the running server when there is one.
  async backup(a) {
    const { backupEmbedded } = await import("./backup");
    return backupEmbedded(need(a, "out"), a.force === true);
  },
  // Re-encrypts every stored secret from ENCRYPTION_KEY_PREVIOUS to ENCRYPTION_KEY (README, Operations).
  async "rotate-encryption-key"() {
    const { rotateEncryptionKey } = await import("../crypto/rotate");
    return rotateEncryptionKey(db());
  },
  // `restore` is not here: scripts/admin.ts runs it itself, never through a running server's socket.
  async restore() {
    throw new AppError("invalid_request", "restore refuses to run while a server holds the database: stop the server, then run it again.");
  },
};

export async function runAdminCommand(command: string, args: AdminArgs): Promise<unknown> {
  const fn = adminCommands[command];
  if (!fn) throw new AppError("invalid_request", `Unknown command ${command || "(none)"}. Commands: ${Object.keys(adminCommands).join(", ")}.`);
  return fn(args);
}
