import { describe, expect, it } from "vitest";
import { checkRows, guessMapping, type ParsedFile } from "@/components/catalog/catalog-file";
import { catalogBodyProblems, checkItem } from "@/lib/shared/catalog-plain-errors";

// Issue 15 part 3: upload errors name the row, the column and the bad value in plain words.
describe("catalog upload problems in plain words", () => {
  it("words the API's item problems with the row, the field and the value", () => {
    const problems = catalogBodyProblems([
      { externalId: "a", title: "A" },
      { externalId: "b", title: "B", price: { amount: "twelve", currency: "EUR" } },
      { externalId: "c", title: "", price: { amount: 12.5, currency: "euro" }, inStock: "maybe", imageUrl: "http://x.example/a.png" },
      { title: "No id" },
      { externalId: "a", title: "A again" },
    ]);
    expect(problems).toEqual([
      { path: "items[1].price.amount", message: "row 2, price: 'twelve' is not a number" },
      { path: "items[2].title", message: "row 3, title: is empty" },
      { path: "items[2].price.amount", message: "row 3, price: '12.5' is not a whole number of cents" },
      { path: "items[2].price.currency", message: "row 3, currency: 'euro' is not a currency code such as EUR" },
      { path: "items[2].inStock", message: "row 3, inStock: 'maybe' is not yes or no" },
      { path: "items[2].imageUrl", message: "row 3, imageUrl: 'http://x.example/a.png' is not an https link" },
      { path: "items[3].externalId", message: "row 4, externalId: is missing" },
      { path: "items[4].externalId", message: "row 5, externalId: 'a' is also in row 1" },
    ]);
  });

  it("names the file's own columns in the dashboard's preview", () => {
    const file: ParsedFile = {
      columns: ["SKU", "Name", "Price", "Available"],
      rows: [
        { SKU: "p1", Name: "Pizza", Price: "11.00", Available: "yes" },
        { SKU: "p2", Name: "Pasta", Price: "twelve", Available: "yes" },
        { SKU: "p3", Name: "Salad", Price: "9.50", Available: "perhaps" },
        { SKU: "p1", Name: "Pizza twice", Price: "11.00", Available: "yes" },
      ],
    };
    const mapping = { ...guessMapping(file), defaultCurrency: "EUR" };
    expect(mapping).toMatchObject({ externalId: "SKU", title: "Name", priceAmount: "Price", inStock: "Available", priceUnit: "major" });
    const checked = checkRows(file.rows, mapping);
    expect(checked.map((r) => r.errors)).toEqual([
      [],
      ["row 2, Price: 'twelve' is not a number"],
      ["row 3, Available: 'perhaps' is not yes or no"],
      ["row 4, SKU: 'p1' is also in row 1"],
    ]);
    expect(checked[0].item).toMatchObject({ externalId: "p1", price: { amount: 1100, currency: "EUR" }, inStock: true });
    expect(checked[1].item).toBeNull();
  });

  it("quotes long values short and on one line", () => {
    const { problems } = checkItem({ externalId: "x", title: "t", price: { amount: `${"9".repeat(30)}\nabc${"z".repeat(40)}`, currency: "EUR" } }, 7);
    expect(problems[0].message).toMatch(/^row 7, price: '9{30} abcz+\.\.\.' is not a number$/);
    expect(problems[0].message.length).toBeLessThan(100);
  });
});
