import { attachScreenshot, dashboardApi, expect, isPhone, signUp, test, uniquePhone } from "./fixtures";

// Inbox search: contact names, phone digits and message words in English, Spanish and Portuguese,
// accents ignored, with the matched words highlighted; another business's conversations never show.
test("the inbox search finds names, phones and message words and highlights the match", { tag: "@phone" }, async ({ page, browser }) => {
  // Another business with a customer saying the same words.
  const otherContext = await browser.newContext();
  const otherPage = await otherContext.newPage();
  await signUp(otherPage);
  await dashboardApi(otherPage).post("/v1/internal/simulator/messages", {
    phone: uniquePhone(),
    name: "Other Joana",
    text: "Queria reservar uma mesa",
  });
  await otherContext.close();

  await signUp(page);
  const api = dashboardApi(page);
  const phones = { pt: uniquePhone(), es: uniquePhone(), en: uniquePhone() };
  await api.post("/v1/internal/simulator/messages", { phone: phones.pt, name: "João Silva", text: "Queria reservar uma mesa para amanhã às 20h." });
  await api.post("/v1/internal/simulator/messages", {
    phone: phones.es,
    name: "María Fernández",
    text: "¿Tienen opciones sin gluten? Mi hija es celíaca.",
  });
  await api.post("/v1/internal/simulator/messages", { phone: phones.en, name: "Alan Turing", text: "Can I book a table for Friday evening?" });
  await page.goto("/inbox");
  await expect(page.getByRole("button", { name: /Alan Turing/ })).toBeVisible();

  const box = page.getByRole("searchbox", { name: "Search conversations" });
  const results = page.getByRole("list", { name: "Search results" });

  // Portuguese, typed without the accent.
  await box.fill("amanha");
  await expect(results.getByRole("button")).toHaveCount(1);
  await expect(results.getByRole("button")).toContainText("João Silva");
  // (The assistant may have answered in the same words: the latest matching message is shown.)
  await expect(results.getByTestId("search-match").locator("mark").first()).toHaveText(/^amanhã$/i);
  await attachScreenshot(page, "search-portuguese");

  // Spanish: two words, one accented in the message.
  await box.fill("sin celiaca");
  await expect(results.getByRole("button")).toHaveCount(1);
  await expect(results.getByRole("button")).toContainText("María Fernández");
  await expect(results.getByTestId("search-match").locator("mark")).toHaveText(["sin", "celíaca"]);

  // English, a word prefix.
  await box.fill("book");
  await expect(results.getByRole("button")).toContainText("Alan Turing");
  await expect(results.getByTestId("search-match").locator("mark").first()).toHaveText(/^book/i);

  // A name (accents ignored) and phone digits.
  await box.fill("fernandez");
  await expect(results.getByRole("button")).toHaveCount(1);
  await expect(results.getByTestId("search-match")).toHaveText("Contact name matches");
  await box.fill(phones.en.slice(-6));
  await expect(results.getByRole("button")).toHaveCount(1);
  await expect(results.getByTestId("search-match")).toHaveText(`Phone ${phones.en}`);

  // The other business's customer with the same words is not found; nothing is "Nothing found".
  await box.fill("reservar");
  await expect(results.getByRole("button")).toHaveCount(1);
  await expect(results.getByRole("button")).toContainText("João Silva");
  await box.fill("joana");
  await expect(page.getByText("Nothing found")).toBeVisible();
  await attachScreenshot(page, "search-nothing-found");

  // Picking a result opens its thread; clearing the box brings the list back.
  await box.fill("gluten");
  await results.getByRole("button", { name: /María Fernández/ }).click();
  await expect(page.getByRole("log", { name: "Messages" }).getByText("¿Tienen opciones sin gluten? Mi hija es celíaca.")).toBeVisible();
  // The thread opens at the matched message, highlighted for a moment (issue 36 item 6).
  const found = page.getByRole("log", { name: "Messages" }).locator('[data-found="true"]');
  await expect(found).toHaveCount(1);
  await expect(found).toContainText(/gluten/i);
  await expect(found).toBeInViewport();
  await attachScreenshot(page, "search-result-opened");
  // On a phone the thread took the screen: back to the list, where the search still stands.
  if (isPhone(page)) {
    await page.getByRole("button", { name: "Back to conversations" }).click();
    await expect(results.getByRole("button", { name: /María Fernández/ })).toBeVisible();
  }
  await box.press("Escape");
  await expect(results).toHaveCount(0);
  await expect(page.getByRole("list", { name: "Conversations" }).getByRole("button")).toHaveCount(3);
});
