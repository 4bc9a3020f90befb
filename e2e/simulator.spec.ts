import { DEMO_OWNER, expect, screenshot, signIn, test } from "./fixtures";

// The demo business (seeded by npm start) has the ready-made sk_booking skill switched on.
test("a simulator booking shows up in Records", async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, DEMO_OWNER.email, DEMO_OWNER.password);

  // "Test in simulator" from a skill types its first trigger phrase.
  await page.goto("/simulator?skill=sk_booking");
  await expect(page.getByRole("textbox", { name: "Message" })).toHaveValue("book");

  // The page makes a customer of its own on arrival; "New customer" must then switch to another one.
  const phone = page.getByTestId("sim-customer-phone");
  await expect(phone).toHaveText(/^\+1999\d{7}$/);
  const first = await phone.textContent();
  await page.getByRole("button", { name: "New customer" }).click();
  await expect(phone).toHaveText(/^\+1999\d{7}$/);
  await expect(phone).not.toHaveText(first ?? "");
  await expect(page.getByRole("textbox", { name: "Message" })).toHaveValue("book");
  // Unique, and still a name a person has: letters only (the assistant refuses digits in a name).
  const guestName = `Sam ${[...Date.now().toString(36)].map((c) => String.fromCharCode(97 + (parseInt(c, 36) % 26))).join("")}`;
  const chat = page.getByRole("log", { name: "Messages" });
  const say = async (text: string) => {
    await page.getByRole("textbox", { name: "Message" }).fill(text);
    await page.getByRole("button", { name: "Send", exact: true }).click();
    await expect(chat.locator('[data-direction="inbound"]', { hasText: text }).last()).toBeVisible();
  };
  const replies = chat.locator('[data-direction="outbound"]');

  // Answer the booking skill's questions in whatever order it asks them (it may also pick answers
  // out of earlier messages), until it confirms.
  await say("Hi, I'd like to book a table please");
  let seen = 0;
  let confirmed = false;
  for (let turn = 0; turn < 8 && !confirmed; turn++) {
    await expect.poll(() => replies.count(), { timeout: 20_000, message: "the assistant answers" }).toBeGreaterThan(seen);
    seen = await replies.count();
    const last = ((await replies.last().locator("div").first().textContent()) ?? "").toLowerCase();
    if (last.includes("you're booked")) confirmed = true;
    else if (last.includes("fully booked")) await say("the day after tomorrow at 8pm");
    else if (last.includes("shall i confirm")) await say("yes");
    else if (/day|time|when/.test(last)) await say("tomorrow at 7pm");
    else if (/how many/.test(last)) await say("2");
    else if (/name/.test(last)) await say(guestName);
    else throw new Error(`Unexpected assistant reply: ${last}`);
    // The last answer may be followed by more than one reply (record saved, then the confirmation).
    if (!confirmed) await page.waitForTimeout(300);
  }
  await expect(replies.filter({ hasText: `You're booked, ${guestName}` })).toBeVisible();

  const captured = page.getByTestId("sim-records");
  await expect(captured).toContainText("bookings", { timeout: 10_000 });
  await expect(captured).toContainText(guestName);
  await expect(page.getByTestId("sim-status")).toContainText(/Open|Closed/);
  await screenshot(page, "simulator");

  await page.goto("/records");
  await page.getByRole("tab", { name: "Bookings" }).click();
  const row = page.getByRole("row", { name: new RegExp(guestName) });
  await expect(row).toBeVisible();
  await screenshot(page, "records");

  // The record links back to its conversation in the inbox.
  await row.getByRole("link", { name: "Open" }).click();
  await expect(page).toHaveURL(/\/inbox\?c=conv_/);
  await expect(page.getByRole("log", { name: "Messages" }).getByText(guestName, { exact: true })).toBeVisible();

  // CSV export of the filtered rows.
  await page.goto("/records");
  await page.getByRole("tab", { name: "Bookings" }).click();
  const today = new Date();
  const day = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, "0")}-${String(today.getDate()).padStart(2, "0")}`;
  await page.getByLabel("From").fill(day);
  await expect(page.getByRole("row", { name: new RegExp(guestName) })).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Export CSV" }).click()]);
  expect(download.suggestedFilename()).toBe(`bookings-from-${day}.csv`);
  const csv = await (await download.createReadStream()).toArray();
  const text = Buffer.concat(csv).toString("utf8");
  // Headed by labels: the record, when (in the business's time zone), the customer and the status first.
  expect(text.split("\n")[0]).toMatch(/^Record id,Captured \([A-Za-z_/]+\),Customer,Phone,Status,/);
  expect(text).toContain(guestName);
});
