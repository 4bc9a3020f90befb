import type { Page } from "@playwright/test";
import { dashboardApi, expect, navigateTo, screenshot, signUp, test } from "./fixtures";

// Settings › Business facts (issue 35 item 5): the address, delivery (radius, places, fee, free-from,
// minimum, payment on delivery), pickup and payment methods, saved through PUT /v1/business-facts and
// read back after a reload; a bad amount is refused with the field marked. The simulator then answers
// from them, and the cart charges the fee the page set.

/** The simulator's chat: send a message and wait for the assistant's next reply. */
function simulator(page: Page) {
  const chat = page.getByRole("log", { name: "Messages" });
  const replies = chat.locator('[data-direction="outbound"]');
  return {
    async say(text: string): Promise<string> {
      const before = await replies.count();
      await page.getByRole("textbox", { name: "Message" }).fill(text);
      await page.getByRole("button", { name: "Send", exact: true }).click();
      await expect(chat.locator('[data-direction="inbound"]', { hasText: text }).last()).toBeVisible();
      await expect.poll(() => replies.count(), { timeout: 20_000, message: `a reply to "${text}"` }).toBeGreaterThan(before);
      await page.waitForTimeout(300);
      return (await replies.last().locator("div").first().textContent()) ?? "";
    },
  };
}

test("an owner states the address, delivery charges and payment methods, and the assistant answers them", { tag: "@phone" }, async ({ page }) => {
  test.setTimeout(120_000);
  await signUp(page, { kind: "Restaurant" });
  await navigateTo(page, "Business facts");
  await page.waitForURL("**/business-facts");
  await expect(page.getByRole("heading", { name: "Business facts" })).toBeVisible();
  // The restaurant's starter kit said it delivers (3 km, 2.50, free from 30) and takes cash and card.
  await expect(page.getByLabel("You deliver", { exact: true })).toHaveValue("yes");
  await expect(page.getByLabel("Delivery fee")).toHaveValue("2.50");

  await page.getByLabel("Address", { exact: true }).fill("Rua das Flores 12, Lisbon");
  // This owner names the cards they take rather than "any card".
  await page.getByLabel("Card (any debit or credit card)", { exact: true }).first().uncheck();
  for (const method of ["Cash", "Visa", "Mastercard", "MB Way"]) await page.getByLabel(method, { exact: true }).first().check();
  await page.getByLabel("Orders can be picked up").selectOption("yes");
  await page.getByLabel("You deliver", { exact: true }).selectOption("yes");
  await page.getByLabel("Delivery radius (km)").fill("5");
  await page.getByLabel("Places you deliver to").fill("Chiado, Alfama");
  await page.getByLabel("Delivery fee").fill("two euros");
  await page.getByRole("button", { name: "Save business facts" }).click();
  await expect(page.locator("#facts-fee-error")).toContainText("Write an amount like 2.50.");
  await screenshot(page, "business-facts-error");

  await page.getByLabel("Delivery fee").fill("2.50");
  await page.getByLabel("Free delivery from").fill("30");
  await page.getByLabel("Minimum order for delivery").fill("15");
  // No card on delivery: cash or MB Way.
  await page.getByLabel("A delivery is paid as at the business").uncheck();
  await page.locator("#pay-delivery-cash").check();
  await page.locator("#pay-delivery-mb_way").check();
  await page.getByRole("button", { name: "Save business facts" }).click();
  await expect(page.getByText("Business facts saved.")).toBeVisible();
  await screenshot(page, "business-facts");

  await page.reload();
  await expect(page.getByLabel("Address", { exact: true })).toHaveValue("Rua das Flores 12, Lisbon");
  await expect(page.getByLabel("Delivery fee")).toHaveValue("2.50");
  await expect(page.getByLabel("Free delivery from")).toHaveValue("30.00");
  await expect(page.getByLabel("Places you deliver to")).toHaveValue("Chiado, Alfama");
  await expect(page.getByLabel("A delivery is paid as at the business")).not.toBeChecked();
  await expect(page.locator("#pay-delivery-mb_way")).toBeChecked();
  await expect(page.locator("#pay-visa")).toBeChecked();

  // The same facts through the operation the page uses.
  const stored = await dashboardApi(page).get("/v1/business-facts");
  expect(stored.body).toMatchObject({
    address: "Rua das Flores 12, Lisbon",
    delivery: {
      offered: true,
      radiusKm: 5,
      places: ["Chiado", "Alfama"],
      fee: { amount: 250, currency: "EUR" },
      freeFrom: { amount: 3000, currency: "EUR" },
      minimum: { amount: 1500, currency: "EUR" },
      paymentMethods: ["cash", "mb_way"],
    },
    pickup: { offered: true },
    paymentMethods: ["cash", "visa", "mastercard", "mb_way"],
  });

  // The assistant answers from them at once (the sign-up's default business speaks English).
  await page.goto("/simulator");
  const sim = simulator(page);
  expect(await sim.say("how much is delivery?")).toContain("Delivery costs €2.50.");
  expect(await sim.say("can I pay by card on delivery?")).toContain(
    "Sorry, on delivery we don't accept card. On delivery you can pay with cash or MB Way.",
  );
});
