import { attachScreenshot, backToConversations, dashboardApi, expect, openConversation, signUp, test, uniquePhone } from "./fixtures";

// Saved replies: managed on their page, inserted in the inbox's reply box by typing /shortcut, with the
// contact's name filled in (or the fallback when the name is unknown).
test("saved replies: the page, then /shortcut in the reply box fills the contact's name", { tag: "@phone" }, async ({ page }) => {
  await signUp(page);
  await page.goto("/saved-replies");
  await expect(page.getByText("No saved replies yet")).toBeVisible();
  await attachScreenshot(page, "saved-replies-empty");

  await page.getByRole("button", { name: "New saved reply" }).click();
  const dialog = page.getByRole("dialog", { name: "New saved reply" });
  await dialog.getByLabel("Shortcut").fill("hours");
  await dialog.getByLabel("Reply").fill("Hi {{contact.email}}");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog.getByText("Unknown variable {{contact.email}}")).toBeVisible();
  await dialog.getByLabel("Reply").fill("Hi {{contact.first_name|there}}, we are open from 12:00 to 23:00 every day.");
  await expect(dialog.getByTestId("saved-reply-preview")).toContainText("Hi Ana, we are open");
  await expect(dialog.getByTestId("saved-reply-preview")).toContainText("Hi there, we are open");
  await attachScreenshot(page, "saved-reply-dialog");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog).toBeHidden();

  await page.getByRole("button", { name: "New saved reply" }).click();
  const second = page.getByRole("dialog", { name: "New saved reply" });
  await second.getByLabel("Shortcut").fill("hello");
  await second.getByLabel("Reply").fill("Hello {{contact.name}}! How can we help?");
  await second.getByRole("button", { name: "Save" }).click();
  await expect(second).toBeHidden();
  const table = page.getByRole("table", { name: "Saved replies" });
  await expect(table.getByRole("row")).toHaveCount(3);
  await expect(table.getByText("/hours")).toBeVisible();
  await attachScreenshot(page, "saved-replies-page");

  // A customer writes; the agent answers with /hours.
  const api = dashboardApi(page);
  const phone = uniquePhone();
  expect((await api.post("/v1/internal/simulator/messages", { phone, name: "Ana Costa", text: "When are you open?" })).status).toBe(200);
  await page.goto("/inbox");
  const thread = await openConversation(page, /Ana Costa/);
  const reply = page.getByRole("textbox", { name: "Reply" });
  await reply.fill("/");
  const menu = page.getByRole("listbox", { name: "Saved replies" });
  await expect(menu.getByRole("option")).toHaveCount(2);
  await reply.pressSequentially("hou");
  await expect(menu.getByRole("option")).toHaveCount(1);
  await expect(menu.getByRole("option")).toContainText("Hi Ana, we are open");
  await attachScreenshot(page, "reply-box-shortcut-menu");
  await reply.press("Enter");
  await expect(reply).toHaveValue("Hi Ana, we are open from 12:00 to 23:00 every day.");
  await expect(menu).toHaveCount(0);
  await page.getByRole("button", { name: "Send", exact: true }).click();
  await expect(thread.locator('[data-testid="message"][data-direction="outbound"]', { hasText: "Hi Ana, we are open from 12:00" })).toBeVisible();

  // Mid-sentence, by click, and Escape closes the menu.
  await reply.fill("Sure! /hel");
  await menu.getByRole("option", { name: /\/hello/ }).click();
  await expect(reply).toHaveValue("Sure! Hello Ana Costa! How can we help?");
  await reply.fill("/nothing-like-this");
  await expect(page.getByTestId("saved-reply-menu")).toContainText("No saved reply matches /nothing-like-this");
  await reply.press("Escape");
  await expect(page.getByTestId("saved-reply-menu")).toHaveCount(0);
  await attachScreenshot(page, "reply-box-after-shortcut");

  // A customer whose name is unknown gets the fallback.
  const nameless = uniquePhone();
  await api.post("/v1/internal/simulator/messages", { phone: nameless, text: "Open today?" });
  await backToConversations(page);
  await openConversation(page, new RegExp(nameless.replace("+", "\\+")));
  await reply.fill("/hours");
  await reply.press("Tab");
  await expect(reply).toHaveValue("Hi there, we are open from 12:00 to 23:00 every day.");
});
