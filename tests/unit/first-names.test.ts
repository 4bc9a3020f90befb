import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { isGivenName } from "@/lib/runtime/understanding/first-names";
import { FIRST_NAMES_FILE, fakerGivenNames, firstNamesText } from "@/scripts/first-names";

// The given names are Faker's (scripts/first-names.ts copies them into the runtime's data file).
describe("first names", () => {
  it("the runtime's copy is what Faker's nine locales give", () => {
    const fromFaker = fakerGivenNames();
    expect(fromFaker.length).toBeGreaterThan(5000);
    expect(fs.readFileSync(FIRST_NAMES_FILE, "utf8")).toBe(firstNamesText(fromFaker));
  });

  it("tells a given name from an everyday word", () => {
    for (const name of ["tiago", "joao", "francoise", "hans", "giulia", "olivia"]) expect(isGivenName(name), name).toBe(true);
    for (const word of ["table", "grace", "mesa", "amanha", "rosa", "jo"]) expect(isGivenName(word), word).toBe(false);
  });
});
