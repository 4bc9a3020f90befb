import type { Page } from "@playwright/test";
import { dashboardApi, expect, screenshot, signUp, test } from "./fixtures";

// Skills and catalog agree (issue 15.2): the catalog node's collection is picked from the business's
// collections (or typed new) in the editor's side panel, and an empty one is a warning there, in
// the problems list and on the overview.

const node = (page: Page, id: string) => page.locator(`.react-flow__node[data-id="${id}"]`);

test("the order skill's collection is picked from the catalog's collections, and an empty one is flagged", async ({ page }) => {
  await signUp(page, { kind: "Restaurant" });
  const api = dashboardApi(page);
  const items = (n: number, prefix: string) =>
    Array.from({ length: n }, (_, i) => ({
      externalId: `${prefix}-${i}`,
      title: `${prefix} ${i}`,
      price: { amount: 500, currency: "EUR" },
      inStock: true,
    }));
  expect((await api.post("/v1/catalog/drinks/items", { items: items(2, "drink") })).status).toBe(200);
  // The owner clears the restaurant kit's sample dishes before adding their own menu.
  expect((await api.delete("/v1/catalog/menu?confirm=menu")).status).toBe(200);

  await page.goto("/skills/sk_orders");
  await node(page, "cart").click();
  const picker = page.getByLabel("Catalog collection");
  // The restaurant's order skill searches "menu", still empty: flagged in the panel and the problems list.
  await expect(picker).toHaveValue("__new__");
  await expect(page.getByLabel("New collection name")).toHaveValue("menu");
  await expect(page.getByTestId("collection-empty-warning")).toContainText("menu");
  await expect(page.getByRole("region", { name: "Validation" })).toContainText('searches the catalog collection "menu", which is empty');
  await screenshot(page, "collection-picker-empty");

  // Picking the collection that has items clears the warnings.
  await expect(picker.locator("option")).toHaveText(["drinks (2 items)", "New collection…"]);
  await picker.selectOption("drinks");
  await expect(page.getByTestId("collection-empty-warning")).toHaveCount(0);
  await expect(page.getByRole("region", { name: "Validation" })).not.toContainText("which is empty");
  await expect(node(page, "cart")).toContainText("drinks");
  await screenshot(page, "collection-picker");

  // Typing a new one.
  await picker.selectOption({ label: "New collection…" });
  await page.getByLabel("New collection name").fill("Bad Name");
  await expect(page.getByLabel("New collection name")).toHaveAttribute("aria-invalid", "true");
  await page.getByLabel("New collection name").fill("specials");
  await expect(page.getByTestId("collection-empty-warning")).toContainText("specials");

  // Saved on drinks: the skill's node data names it, and the overview has no warning for it.
  await picker.selectOption("drinks");
  await page.getByRole("button", { name: "Save" }).click();
  await expect
    .poll(async () => {
      const skill = (await api.get("/v1/skills/sk_orders")).body;
      return skill.graph.nodes.find((n: { id: string }) => n.id === "cart")?.data.collection;
    })
    .toBe("drinks");
  const usage = (await api.get("/v1/internal/catalog-usage")).body;
  expect(usage.suggestedCollection).toBe("drinks");
  expect(usage.emptyCollections).toEqual([]);
  await page.goto("/overview");
  await expect(page.getByRole("heading", { name: "Overview" })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "which is empty" })).toHaveCount(0);
});
