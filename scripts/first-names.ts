// npm run names:generate: writes lib/runtime/understanding/first-names.json, the given names of Faker's
// person definitions for the languages our customers write in and the tourists who write to them. The
// app reads that file: loading Faker's nine locales at run time kept all of their other definitions
// (streets, companies, words...) resident in every process for one list (docs/performance.md, memory).
// With --check it writes nothing and fails when the file is not what Faker gives (tests/unit/first-names.test.ts
// checks the same).
import fs from "node:fs";
import path from "node:path";
import { faker as de } from "@faker-js/faker/locale/de";
import { faker as en } from "@faker-js/faker/locale/en";
import { faker as enGb } from "@faker-js/faker/locale/en_GB";
import { faker as es } from "@faker-js/faker/locale/es";
import { faker as esMx } from "@faker-js/faker/locale/es_MX";
import { faker as fr } from "@faker-js/faker/locale/fr";
import { faker as it } from "@faker-js/faker/locale/it";
import { faker as ptBr } from "@faker-js/faker/locale/pt_BR";
import { faker as ptPt } from "@faker-js/faker/locale/pt_PT";

export const FIRST_NAMES_FILE = path.resolve(__dirname, "..", "lib", "runtime", "understanding", "first-names.json");

/** Every given name of the nine locales (each locale's male, female and generic lists), once each, sorted. */
export function fakerGivenNames(): string[] {
  const out = new Set<string>();
  for (const f of [en, enGb, ptPt, ptBr, es, esMx, de, fr, it]) {
    const lists = f.definitions.person?.first_name ?? {};
    for (const list of Object.values(lists)) for (const n of list ?? []) out.add(n);
  }
  return [...out].sort();
}

/** The file's text: one JSON array, a name a line (a diff shows which names Faker added or dropped). */
export const firstNamesText = (names: string[]) => `[\n${names.map((n) => `  ${JSON.stringify(n)}`).join(",\n")}\n]\n`;

if (require.main === module) {
  const text = firstNamesText(fakerGivenNames());
  if (process.argv.includes("--check")) {
    const current = fs.existsSync(FIRST_NAMES_FILE) ? fs.readFileSync(FIRST_NAMES_FILE, "utf8") : "";
    if (current !== text) {
      console.error(`${path.relative(process.cwd(), FIRST_NAMES_FILE)} is not what Faker gives: run npm run names:generate`);
      process.exit(1);
    }
  } else {
    fs.writeFileSync(FIRST_NAMES_FILE, text);
    console.log(`wrote ${path.relative(process.cwd(), FIRST_NAMES_FILE)}`);
  }
}
