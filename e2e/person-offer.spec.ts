import { expect, signUp, test } from "./fixtures";

// Never a dead end (issue 35 item 6), as the owner sees it in the simulator: a lost item is nothing a
// skill does, so the assistant says so and offers a person as a reply button; pressing the button
// hands the conversation over (the thread then shows a person's status).

test("a lost item gets a person offered as a button, and pressing it hands over", { tag: "@phone" }, async ({ page }) => {
  test.setTimeout(90_000);
  await signUp(page, { kind: "Restaurant" });
  await page.goto("/simulator");
  const chat = page.getByRole("log", { name: "Messages" });
  await page.getByRole("textbox", { name: "Message" }).fill("I think I forgot my umbrella at my table last night");
  await page.getByRole("button", { name: "Send", exact: true }).click();
  const offer = page.getByRole("button", { name: "Talk to a person" });
  await expect(offer).toBeVisible({ timeout: 20_000 });
  // No skill started: the reply is the honest answer, not a booking question.
  await expect(chat.locator('[data-direction="outbound"]').last()).toContainText("lost items");
  await offer.click();
  await expect(chat.locator('[data-direction="outbound"]', { hasText: "passing you to a colleague" })).toBeVisible({ timeout: 20_000 });
});
