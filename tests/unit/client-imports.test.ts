import { describe, expect, it } from "vitest";
import { allowed, clientGraph, isClientFile, runtimeImports } from "@/scripts/check-client-imports";

// Issue 39 item 7: npm run check:client-imports follows what "use client" files load at run time. These
// check the checker (npm test runs it on the tree): types are compiled away as the bundler does, and a
// server module is caught.

describe("npm run check:client-imports", () => {
  it("follows value and dynamic imports, not types", () => {
    const text = [
      '"use client";',
      'import type { Db } from "@/lib/db/client";',
      'import { type Scope, scopes } from "@/lib/shared/scopes";',
      'import { operations } from "@/lib/api/operations";',
      'import { onlyAType } from "@/lib/messages/messages";',
      "export type T = typeof operations | typeof onlyAType | Db | Scope;",
      "export const all = scopes;",
      'export const later = () => import("@/lib/shared/record-labels");',
    ].join("\n");
    expect(runtimeImports("components/x.tsx", text)).toEqual(["@/lib/shared/scopes", "@/lib/shared/record-labels"]);
  });

  it("reads the directive prologue only", () => {
    expect(isClientFile('// a comment\n"use client";\nexport const a = 1;')).toBe(true);
    expect(isClientFile('import "x";\n"use client";')).toBe(false);
    expect(isClientFile('const s = "use client";')).toBe(false);
  });

  it("catches a server module and names the chain that brought it in", () => {
    const stray = clientGraph(["lib/api/operations/contacts.ts"]).filter((r) => !allowed(r.file));
    const contacts = stray.find((r) => r.file === "lib/contacts/contacts.ts");
    expect(contacts?.chain).toEqual(["lib/api/operations/contacts.ts", "lib/contacts/contacts.ts"]);
  });
});
