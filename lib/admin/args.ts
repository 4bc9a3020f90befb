import { AppError } from "../errors";

// The admin command line's arguments: `<command> --flag value --switch`, shared by the CLI
// (scripts/admin.ts), which may only pass them on to a running server's socket, and the commands.
export type AdminArgs = Record<string, string | true>;

export function parseAdminArgs(argv: string[]): { command: string; args: AdminArgs } {
  const [command, ...rest] = argv;
  const args: AdminArgs = {};
  for (let i = 0; i < rest.length; i++) {
    const token = rest[i];
    if (!token.startsWith("--")) throw new AppError("invalid_request", `Unexpected argument ${token}.`);
    const eq = token.indexOf("=");
    if (eq > 0) args[token.slice(2, eq)] = token.slice(eq + 1);
    else if (rest[i + 1] !== undefined && !rest[i + 1].startsWith("--")) args[token.slice(2)] = rest[++i];
    else args[token.slice(2)] = true;
  }
  return { command: command ?? "", args };
}
