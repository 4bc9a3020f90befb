import { apiClient, dashboardApi, expect, screenshot, signUp, test } from "./fixtures";

// Knowledge in the customer's language (issue 35 item 4): the owner says which languages the business
// serves, the knowledge list marks each item's missing versions, and the edit dialog adds a version
// per language, which the API then returns and the assistant answers with.

test("an owner serves Portuguese too and adds the Portuguese version of an item", { tag: "@phone" }, async ({ page }) => {
  await signUp(page);
  await page.goto("/assistant");
  await expect(page.getByRole("heading", { name: "Assistant", exact: true })).toBeVisible();

  // Sign-up chose English only; Portuguese is switched on here.
  const english = page.getByRole("checkbox", { name: "English" });
  const portuguese = page.getByRole("checkbox", { name: "Portuguese" });
  await expect(english).toBeChecked();
  // The last language cannot be switched off.
  await expect(english).toBeDisabled();
  await portuguese.check();
  await expect(page.getByText("Serving customers in English, Portuguese.")).toBeVisible();
  await expect(english).toBeEnabled();

  await page.getByRole("button", { name: "Add item" }).click();
  let dialog = page.getByRole("dialog", { name: "Add knowledge item" });
  await expect(dialog.getByRole("tab", { name: "Portuguese (missing)" })).toBeVisible();
  await dialog.getByLabel("Title").fill("Parking");
  await dialog.getByLabel("Content").fill("There is a public car park two minutes away, on Rua Nova.");
  await dialog.getByRole("button", { name: "Add item" }).click();
  await expect(dialog).toBeHidden();

  // The list marks the version the served Portuguese lacks.
  const marks = page.getByRole("listitem").filter({ hasText: "Parking" }).getByTestId("knowledge-versions");
  await expect(marks.getByText("EN", { exact: true })).toBeVisible();
  await expect(marks.getByText("PT missing")).toBeVisible();
  await expect(page.getByTestId("knowledge-language-summary")).toContainText("no version in a language you serve.");
  await screenshot(page, "knowledge-languages-missing");

  // A half-written version is refused on its own tab.
  await page.getByRole("button", { name: "Edit Parking" }).click();
  dialog = page.getByRole("dialog", { name: "Edit knowledge item" });
  await dialog.getByRole("tab", { name: "Portuguese (missing)" }).click();
  await dialog.getByLabel("Title in Portuguese").fill("Estacionamento");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog.getByRole("alert")).toContainText("The Portuguese version needs a title and a text");
  await dialog.getByLabel("Content in Portuguese").fill("Há um parque público a dois minutos, na Rua Nova.");
  await screenshot(page, "knowledge-languages-dialog");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog).toBeHidden();

  await expect(marks.getByText("PT", { exact: true })).toBeVisible();
  await expect(marks.getByText("PT missing")).toHaveCount(0);

  // The same item through the operation the page uses: the owner's Portuguese version, nothing missing.
  const list = await dashboardApi(page).get(`/v1/assistants/${await assistantId(page)}/knowledge`);
  const parking = list.body.data.find((k: { title: string }) => k.title === "Parking");
  expect(parking).toMatchObject({
    language: "en",
    missing: [],
    translations: {
      pt: { title: "Estacionamento", content: "Há um parque público a dois minutos, na Rua Nova.", origin: "owner", reviewed: true, outdated: false },
    },
  });

  // Spanish served as well: the item is marked again, and the try box still finds it in Portuguese.
  await page.getByRole("checkbox", { name: "Spanish" }).check();
  await expect(marks.getByText("ES missing")).toBeVisible();
  await page.getByLabel("A customer asks").fill("Há estacionamento perto?");
  await page.getByRole("button", { name: "Ask" }).click();
  await expect(page.getByTestId("try-result")).toContainText("Parking");

  // Changing the original leaves the owner's version, marked as written for the older text.
  await page.getByRole("button", { name: "Edit Parking" }).click();
  dialog = page.getByRole("dialog", { name: "Edit knowledge item" });
  await dialog.getByLabel("Content").fill("There is a public car park three minutes away, on Rua Nova.");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog).toBeHidden();
  await expect(marks.getByText("PT · outdated")).toBeVisible();
});

async function assistantId(page: import("@playwright/test").Page): Promise<string> {
  const assistants = await dashboardApi(page).get("/v1/internal/assistants");
  return assistants.body.data[0].id;
}

// The skill editor's texts per language (desktop: on a phone the editor is read-only): the skill's name
// in each language and a message node's versions, a served language without one marked "missing".
test("an owner names a skill and writes a node's text in each language the business serves", async ({ page }) => {
  await signUp(page);
  const api = await apiClient(page);
  expect((await api.put("/v1/business-languages", { languages: ["en", "es"] })).status).toBe(200);
  const skill = {
    name: "Gift vouchers",
    enabled: true,
    graph: {
      nodes: [
        { id: "start", type: "trigger", position: { x: 0, y: 0 }, data: { keywords: ["gift card", "voucher"] } },
        { id: "say", type: "message", position: { x: 0, y: 120 }, data: { text: "Vouchers start at 20 EUR; pick one up at the counter." } },
        { id: "end", type: "end", position: { x: 0, y: 240 }, data: {} },
      ],
      edges: [
        { id: "e1", source: "start", target: "say" },
        { id: "e2", source: "say", target: "end" },
      ],
    },
  };
  expect((await api.put("/v1/skills/sk_vouchers", skill)).status).toBe(200);

  await page.goto("/skills/sk_vouchers");
  const names = page.getByTestId("skill-names");
  await expect(names.getByLabel("Name in Spanish (missing)")).toHaveValue("");
  await names.getByLabel("Name in Spanish (missing)").fill("Vales regalo");
  await expect(names.getByLabel("Name in Spanish", { exact: true })).toHaveValue("Vales regalo");

  await page.locator('.react-flow__node[data-id="say"]').click();
  const spanish = page.getByLabel("Text in Spanish (missing)");
  await expect(spanish).toBeVisible();
  await spanish.fill("Los vales empiezan en 20 €; recógelo en la barra.");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("Saved as version 2.")).toBeVisible();
  await screenshot(page, "skill-languages");

  const saved = await api.get("/v1/skills/sk_vouchers");
  expect(saved.body.names).toEqual({ es: "Vales regalo" });
  const say = saved.body.graph.nodes.find((n: { id: string }) => n.id === "say");
  expect(say.data.texts).toEqual({ es: "Los vales empiezan en 20 €; recógelo en la barra." });
});
