import fs from "node:fs";
import { attachScreenshot, dashboardApi, expect, isPhone, navigateTo, signUp, test } from "./fixtures";

// Issue 36, items 9 and 10: a resolved conversation asks for a rating and the rating shows in the
// reports. The simulator plays the customer (a sandbox customer, received exactly like a WhatsApp
// one); the owner answers and closes in the inbox; the reports page and its CSV show the rating.

test("a resolved conversation asks for a rating and the rating shows in the reports", { tag: "@phone" }, async ({ page }) => {
  test.setTimeout(150_000);
  const owner = await signUp(page);
  const chat = page.getByRole("log", { name: "Messages" });
  const say = async (text: string) => {
    await page.getByRole("textbox", { name: "Message" }).fill(text);
    await page.getByRole("button", { name: "Send", exact: true }).click();
    await expect(chat.locator('[data-direction="inbound"]', { hasText: text }).last()).toBeVisible();
  };

  // The customer writes in the simulator.
  await page.goto("/simulator");
  const phone = (await page.getByTestId("sim-customer-phone").textContent())?.trim() ?? "";
  expect(phone).toMatch(/^\+1999\d{7}$/);
  await say("Is the terrace open tonight?");

  // A person answers (the owner's reply pauses the assistant), then resolves the conversation in the inbox.
  const api = dashboardApi(page);
  const reply = await api.post("/v1/messages", { to: phone, text: "Yes, the terrace is open until 23:00." });
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  const conversationId = reply.body.conversationId as string;
  await page.goto(`/inbox?c=${conversationId}`);
  await expect(chat.getByText("Yes, the terrace is open until 23:00.")).toBeVisible();
  await page.getByRole("button", { name: "Close", exact: true }).click();
  await expect(page.getByTestId("conversation-status")).toHaveText("Closed");

  // The customer is asked, once, on a list of five; they pick 5, then add a comment.
  await page.goto("/simulator");
  await expect(chat.getByText("How would you rate the help you got?")).toBeVisible({ timeout: 20_000 });
  await expect(page.locator('[data-testid^="sim-option-csat_"]')).toHaveCount(5);
  await attachScreenshot(page, "satisfaction-asked");
  await page.getByTestId("sim-option-csat_5").click();
  await expect(chat.getByText("Anything you'd like to add?")).toBeVisible({ timeout: 20_000 });
  await say("Lovely staff, thank you");
  await expect(chat.getByText("we've passed your comment on to the team")).toBeVisible({ timeout: 20_000 });
  await attachScreenshot(page, "satisfaction-rated");

  // The rating is on the conversation and in its thread.
  const conversation = await api.get(`/v1/conversations?status=closed`);
  const rated = conversation.body.data.find((c: { id: string }) => c.id === conversationId);
  expect(rated.satisfaction).toMatchObject({ rating: 5, comment: "Lovely staff, thank you" });
  await page.goto(`/inbox?c=${conversationId}`);
  await expect(chat.locator('[data-testid="system-line"][data-event="rated"]')).toContainText("The customer rated this 5/5");
  await expect(chat.locator('[data-testid="system-line"][data-event="rated"]')).toContainText("Lovely staff, thank you");
  await attachScreenshot(page, "satisfaction-thread");

  // The reports page: the rating in the figures, per day and per agent, and in the CSV.
  await navigateTo(page, "Reports");
  await expect(page).toHaveURL(/\/reports$/);
  await expect(page.getByTestId("report-satisfaction")).toHaveText("5.0 / 5");
  await expect(page.getByTestId("report-totals")).toContainText("1 rating");
  await attachScreenshot(page, "reports-by-day");
  await page.getByRole("tab", { name: "By agent" }).click();
  // A table row on a wide screen, a card on a phone.
  const agentRow = isPhone(page) ? page.getByRole("region", { name: owner.name }) : page.getByRole("row").filter({ hasText: owner.name });
  await expect(agentRow).toContainText("5.0 / 5 (1)");
  await attachScreenshot(page, "reports-by-agent");
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("report-csv").click()]);
  expect(download.suggestedFilename()).toMatch(/^report-agent-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = fs.readFileSync((await download.path()) as string, "utf8");
  const lines = csv.trim().split("\n");
  expect(lines[0]).toContain("group,conversations,assistant_only,handoffs");
  const ownerLine = lines.find((l) => l.startsWith(owner.name));
  expect(ownerLine, csv).toBeTruthy();
  // ratings 1, average 5, one rating of 5.
  // ratings, average, how many of 1..5, then the SLA breaches (first response, resolution): none set here.
  // Then the five appointment columns, empty on an agent's line (appointments are counted per day only).
  expect(ownerLine?.split(",").slice(-14)).toEqual(["1", "5", "0", "0", "0", "0", "1", "0", "0", "", "", "", "", ""]);

  // The same figures over /v1 for the session's business.
  const figures = await api.get("/v1/reports?groupBy=agent");
  expect(figures.status).toBe(200);
  expect(figures.body.rows.find((r: { key: string }) => r.key === owner.userId)).toMatchObject({ ratings: 1, ratingAverage: 5 });
});
