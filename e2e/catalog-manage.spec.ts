import { apiClient, expect, screenshot, signUp, test } from "./fixtures";

// Issue 15 part 3: catalog management in the dashboard: search (name, description, SKU), the in-stock
// filter, editing and deleting one item, deleting the selected items, deleting a whole collection with
// its name typed, and upload problems worded with the row, the column and the value.

const menu = [
  {
    externalId: "pz-marg",
    title: "Pizza Margherita",
    description: "Tomato, mozzarella, basil",
    price: { amount: 1100, currency: "EUR" },
    inStock: true,
  },
  { externalId: "pz-diav", title: "Pizza Diavola", description: "Spicy salami", price: { amount: 1300, currency: "EUR" }, inStock: false },
  { externalId: "ls-01", title: "Lasagna", description: "Baked with béchamel", price: { amount: 1200, currency: "EUR" }, inStock: true },
  { externalId: "ds-tira", title: "Tiramisu", description: "Mascarpone and coffee", price: { amount: 600, currency: "EUR" }, inStock: true },
  { externalId: "dr-lem", title: "Lemonade", description: "With fresh basil", price: { amount: 350, currency: "EUR" }, inStock: false },
];

test("search, in-stock filter, edit, delete, delete selected and delete a collection", async ({ page }) => {
  await signUp(page);
  const api = await apiClient(page);
  expect((await api.post("/v1/catalog/menu/items", { items: menu })).status).toBe(200);
  expect((await api.post("/v1/catalog/drinks/items", { items: [menu[4]] })).status).toBe(200);

  await page.goto("/catalog");
  await page.getByRole("button", { name: /menu\s*5/ }).click();
  const table = page.getByRole("table");
  await expect(table.getByRole("row")).toHaveCount(6);

  // Search reaches the description and the SKU, not only the name.
  await page.getByLabel("Search").fill("basil");
  await expect(table.getByRole("cell", { name: "pz-marg" })).toBeVisible();
  await expect(table.getByRole("cell", { name: "dr-lem" })).toBeVisible();
  await expect(table.getByRole("row")).toHaveCount(3);
  await page.getByLabel("Search").fill("ls-01");
  await expect(table.getByRole("row")).toHaveCount(2);
  await expect(table.getByRole("cell", { name: "ls-01" })).toBeVisible();
  await page.getByLabel("Search").fill("");

  // Only what is in stock.
  await page.getByLabel("Stock", { exact: true }).selectOption("true");
  await expect(table.getByRole("row")).toHaveCount(4);
  await expect(table.getByRole("cell", { name: "pz-diav" })).toHaveCount(0);
  await screenshot(page, "catalog-manage-filter");
  await page.getByLabel("Stock", { exact: true }).selectOption("false");
  await expect(table.getByRole("row")).toHaveCount(3);
  await page.getByLabel("Stock", { exact: true }).selectOption("");

  // Edit one item: a price that is not a number is refused in words, then a good one is saved.
  await page.getByRole("button", { name: "Edit Pizza Diavola" }).click();
  const dialog = page.getByRole("dialog", { name: "Edit Pizza Diavola" });
  await dialog.getByLabel("Name").fill("Pizza Diavola piccante");
  await dialog.getByLabel("Price").fill("twelve");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog.getByText("'twelve' is not a price such as 12.50.")).toBeVisible();
  await dialog.getByLabel("Price").fill("13.90");
  await dialog.getByLabel("In stock").check();
  await screenshot(page, "catalog-manage-edit");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog).toBeHidden();
  const edited = table.getByRole("row", { name: /pz-diav/ });
  await expect(edited).toContainText("Pizza Diavola piccante");
  await expect(edited).toContainText("€13.90");
  await expect(edited).toContainText("in stock");
  const stored = (await api.get("/v1/catalog/menu/items?search=pz-diav")).body.data[0];
  expect(stored).toMatchObject({ title: "Pizza Diavola piccante", price: { amount: 1390, currency: "EUR" }, inStock: true });

  // Delete one item.
  await page.getByRole("button", { name: "Delete Tiramisu" }).click();
  await page.getByRole("dialog", { name: "Delete this item?" }).getByRole("button", { name: "Delete item" }).click();
  await expect(table.getByRole("cell", { name: "ds-tira" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: /menu\s*4/ })).toBeVisible();

  // Select two and delete them together.
  await page.getByLabel("Select Lasagna").check();
  await page.getByLabel("Select Lemonade").check();
  await expect(page.getByRole("button", { name: "Delete selected (2)" })).toBeEnabled();
  await screenshot(page, "catalog-manage-selected");
  await page.getByRole("button", { name: "Delete selected (2)" }).click();
  await page.getByRole("dialog", { name: "Delete 2 items?" }).getByRole("button", { name: "Delete selected" }).click();
  await expect(table.getByRole("row")).toHaveCount(3);
  await expect(page.getByRole("button", { name: /menu\s*2/ })).toBeVisible();
  expect((await api.get("/v1/catalog/menu/items")).body.data.map((i: { externalId: string }) => i.externalId).sort()).toEqual(["pz-diav", "pz-marg"]);
  // The other collection kept its lemonade.
  expect((await api.get("/v1/catalog/drinks/items")).body.data).toHaveLength(1);

  // The whole collection, only once its name is typed.
  await page.getByRole("button", { name: "Delete collection…" }).click();
  const confirm = page.getByRole("dialog", { name: "Delete the collection menu?" });
  await expect(confirm.getByRole("button", { name: "Delete every item" })).toBeDisabled();
  await confirm.getByLabel("Type menu to confirm").fill("men");
  await expect(confirm.getByRole("button", { name: "Delete every item" })).toBeDisabled();
  await confirm.getByLabel("Type menu to confirm").fill("menu");
  await screenshot(page, "catalog-manage-delete-collection");
  await confirm.getByRole("button", { name: "Delete every item" }).click();
  await expect(page.getByRole("button", { name: /^menu/ })).toHaveCount(0);
  await expect(page.getByRole("button", { name: /drinks\s*1/ })).toBeVisible();
  expect((await api.get("/v1/catalog/menu/items")).body.data).toEqual([]);
});

test("upload problems name the row, the column and the value, in the preview and from the API", async ({ page }) => {
  await signUp(page);
  const csv = ["SKU,Name,Price,Available", "p1,Pizza,11.00,yes", "p2,Pasta,twelve,yes", "p3,Salad,9.50,perhaps", "p1,Pizza again,11.00,yes"].join(
    "\n",
  );
  await page.goto("/catalog");
  await page.getByRole("button", { name: "Upload items" }).click();
  await page.getByLabel("Collection").fill("menu");
  await page.getByLabel("CSV or JSON file").setInputFiles({ name: "menu.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
  await page.getByLabel("Currency when the row has none").fill("EUR");
  await expect(page.getByTestId("upload-counts")).toContainText("1 ready");
  await expect(page.getByTestId("preview-row-2")).toContainText("row 2, Price: 'twelve' is not a number");
  await expect(page.getByTestId("preview-row-3")).toContainText("row 3, Available: 'perhaps' is not yes or no");
  await expect(page.getByTestId("preview-row-4")).toContainText("row 4, SKU: 'p1' is also in row 1");
  await screenshot(page, "catalog-upload-errors");

  // The API answers a client that skipped the preview with the same words.
  const api = await apiClient(page);
  const res = await api.post("/v1/catalog/menu/items", {
    items: [
      { externalId: "p1", title: "Pizza" },
      { externalId: "p2", title: "Pasta", price: { amount: "twelve", currency: "EUR" } },
    ],
  });
  expect(res.status).toBe(400);
  expect(res.body.error.details).toEqual([{ path: "items[1].price.amount", message: "row 2, price: 'twelve' is not a number" }]);
});
