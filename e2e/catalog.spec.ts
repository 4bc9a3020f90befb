import { expect, screenshot, signUp, test } from "./fixtures";

// Catalog upload in the browser: papaparse, column mapping, per-row errors from the API's own schema,
// valid rows sent in batches of at most 1,000, and a summary of what was written and rejected.

const csv = [
  "sku,name,price,currency,available,description,image",
  "tea-green,Green tea,3.50,EUR,yes,Sencha from Shizuoka,https://example.com/green.jpg",
  "tea-black,Black tea,3.20,EUR,yes,,",
  "tea-mint,Mint tea,abc,EUR,no,Fresh mint,",
  "tea-chai,Chai latte,4.10,EUR,no,Spiced,https://example.com/chai.jpg",
  "cake-lemon,Lemon cake,4.00,,yes,,",
].join("\n");

test("CSV upload with one bad row: the preview shows the error, the summary counts it, the items are listed", async ({ page }) => {
  await signUp(page);
  await page.goto("/catalog");
  await expect(page.getByText("Your catalog is empty")).toBeVisible();
  await page.getByRole("button", { name: "Upload items" }).click();
  await page.getByLabel("Collection").fill("drinks");
  await page.getByLabel("CSV or JSON file").setInputFiles({ name: "drinks.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });

  // The columns are guessed from their names; decimals in the price column mean major units.
  await expect(page.getByLabel("External id *")).toHaveValue("sku");
  await expect(page.getByLabel("Title *")).toHaveValue("name");
  await expect(page.getByLabel("Prices are written as")).toHaveValue("major");
  await page.getByLabel("Currency when the row has none").fill("EUR");

  await expect(page.getByTestId("upload-counts")).toContainText("4 ready");
  await expect(page.getByTestId("upload-counts")).toContainText("1 with errors");
  // Problems name the row, the file's column and the bad value in plain words.
  await expect(page.getByTestId("preview-row-3")).toContainText("row 3, price: 'abc' is not a number");
  await screenshot(page, "catalog-upload");

  await page.getByRole("button", { name: "Upload 4 valid rows" }).click();
  await expect(page.getByTestId("upload-summary")).toContainText("4 written, 1 rejected.");
  await expect(page.getByTestId("upload-summary")).toContainText("row 3, price: 'abc' is not a number");
  await page.getByRole("button", { name: "Done" }).click();

  await expect(page.getByRole("button", { name: /drinks\s*4/ })).toBeVisible();
  await expect(page.getByRole("cell", { name: "tea-green" })).toBeVisible();
  await expect(page.getByText("€3.50")).toBeVisible();
  await expect(page.getByRole("cell", { name: "tea-mint" })).toHaveCount(0);
  await page.getByLabel("Search").fill("chai");
  await expect(page.getByRole("cell", { name: "tea-chai" })).toBeVisible();
  await expect(page.getByRole("cell", { name: "tea-green" })).toHaveCount(0);
  await page.getByLabel("Search").fill("");
  await expect(page.getByRole("cell", { name: "tea-green" })).toBeVisible();
  await screenshot(page, "catalog");
});

test("a 10,000-row JSON file goes through in batches", async ({ page }) => {
  test.setTimeout(180_000);
  await signUp(page);
  const items = Array.from({ length: 10_000 }, (_, i) => ({
    externalId: `sku-${i}`,
    title: `Item number ${i}`,
    price: { amount: 100 + i, currency: "USD" },
    inStock: i % 3 !== 0,
  }));
  await page.goto("/catalog");
  await page.getByRole("button", { name: "Upload items" }).click();
  await page.getByLabel("Collection").fill("warehouse");
  await page
    .getByLabel("CSV or JSON file")
    .setInputFiles({ name: "warehouse.json", mimeType: "application/json", buffer: Buffer.from(JSON.stringify(items)) });
  await expect(page.getByLabel("Price amount")).toHaveValue("price.amount");
  await expect(page.getByTestId("upload-counts")).toContainText("10,000 ready");
  await page.getByRole("button", { name: "Upload 10,000 valid rows" }).click();
  await expect(page.getByText(/Batch \d+ of 10/)).toBeVisible();
  await expect(page.getByTestId("upload-summary")).toContainText("10,000 written, 0 rejected.", { timeout: 150_000 });
  await page.getByRole("button", { name: "Done" }).click();
  await expect(page.getByRole("button", { name: /warehouse\s*10,000/ })).toBeVisible();
});
