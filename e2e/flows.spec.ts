import { attachScreenshot, expect, navigateTo, openConversation, signUp, test } from "./fixtures";

// Issue 38 item 5 in the browser, at 1440x900 and 390x844: an owner registers a WhatsApp Flow under
// Settings › WhatsApp Flows, a customer (the simulator) writes in, the owner sends the Flow from the
// inbox, the customer fills it in, and the answer shows in the thread with its fields.

test("register a WhatsApp Flow, send it from the inbox, and see the customer's answer in the thread", { tag: "@phone" }, async ({ page }) => {
  test.setTimeout(180_000);
  await signUp(page);

  // Register: the form is checked with the API's own rules (a 21-character button text is refused).
  await navigateTo(page, "WhatsApp Flows");
  await expect(page.getByText("No Flows registered yet")).toBeVisible();
  await page.getByRole("button", { name: "Register a Flow" }).first().click();
  const form = page.getByRole("form", { name: "WhatsApp Flow" });
  await form.getByLabel("Flow id").fill("1197715005513101");
  await form.getByLabel("Name", { exact: true }).fill("Book a table");
  await form.getByLabel("First screen").fill("BOOKING");
  await form.getByLabel("Button text").fill("Reserve your table now");
  const field = (i: number) => page.getByTestId(`flow-field-${i}`);
  await field(0).getByLabel("Name in the answer").fill("date");
  await field(0).getByLabel("Kind").selectOption("date");
  await field(0).getByLabel("Label").fill("Date");
  await form.getByRole("button", { name: "Add a field" }).click();
  await field(1).getByLabel("Name in the answer").fill("party");
  await field(1).getByLabel("Kind").selectOption("number");
  await field(1).getByLabel("Label").fill("Party");
  await form.getByRole("button", { name: "Add a field" }).click();
  await field(2).getByLabel("Name in the answer").fill("name");
  await field(2).getByLabel("Label").fill("Name");
  await form.getByRole("button", { name: "Register" }).click();
  await expect(form.getByText("at most 20 characters")).toBeVisible();
  await form.getByLabel("Button text").fill("Book a table");
  await form.getByRole("button", { name: "Register" }).click();
  await expect(form).toBeHidden();
  const row = page.getByRole("row", { name: /Book a table/ });
  await expect(row).toContainText("1197715005513101");
  await expect(row).toContainText("Date, Party, Name");
  await attachScreenshot(page, "flows-registered");

  // A customer writes in through the simulator (the 24-hour window opens).
  await page.goto("/simulator");
  const customer = (await page.getByTestId("sim-customer-name").textContent()) ?? "";
  const chat = page.getByRole("log", { name: "Messages" });
  await page.getByRole("textbox", { name: "Message" }).fill("Hello, do you have tables on Saturday?");
  await page.getByRole("button", { name: "Send", exact: true }).click();
  await expect(chat.locator('[data-direction="inbound"]', { hasText: "tables on Saturday" })).toBeVisible();

  // The owner answers from the inbox with the Flow: the reply's text is the message its button sits under.
  await page.goto("/inbox");
  const thread = await openConversation(page, new RegExp(customer));
  await expect(thread.getByText("tables on Saturday?")).toBeVisible();
  await page.getByRole("button", { name: "Add a WhatsApp Flow" }).click();
  const picker = page.getByTestId("flow-picker");
  await expect(picker.getByLabel("Flow")).toHaveValue(/^flw_/);
  await expect(picker).toContainText("Button “Book a table”");
  await page.getByRole("textbox", { name: "Reply" }).fill("Yes! Pick your date and party size here:");
  await page.getByRole("button", { name: "Send", exact: true }).click();
  const offer = thread.getByTestId("interactive-offer").filter({ hasText: "Book a table" });
  await expect(offer).toBeVisible();
  await expect(offer).toHaveAttribute("data-kind", "flow");
  await expect(page.getByTestId("flow-picker")).toHaveCount(0);
  await attachScreenshot(page, "flows-inbox-sent");

  // The customer opens the Flow and fills it in (the simulator's form follows the Flow's registered fields).
  await page.goto("/simulator");
  const flowMessage = chat.getByTestId("sim-message").filter({ hasText: "Pick your date and party size" });
  await flowMessage.getByTestId("offer-flow").click();
  const simForm = page.getByTestId("sim-flow-form");
  await simForm.getByLabel("Date").fill("2026-12-05");
  await simForm.getByLabel("Party").fill("4");
  await simForm.getByLabel("Name").fill("Ana Lima");
  await attachScreenshot(page, "flows-sim-form");
  await simForm.getByRole("button", { name: "Submit" }).click();
  const answer = chat.locator('[data-direction="inbound"]', { hasText: "Ana Lima" });
  await expect(answer).toContainText("Book a table: Date: 2026-12-05 · Party: 4 · Name: Ana Lima");
  await expect(answer.getByTestId("quote")).toContainText("Pick your date and party size");

  // The thread shows the answer, quoting the Flow message.
  await page.goto("/inbox");
  const again = await openConversation(page, new RegExp(customer));
  const shown = again.getByTestId("message").filter({ hasText: "Ana Lima" });
  await expect(shown).toContainText("Date: 2026-12-05 · Party: 4 · Name: Ana Lima");
  await expect(shown.getByTestId("message-flow-reply")).toContainText("Answered the Flow “Book a table”");
  await expect(shown.getByTestId("quote")).toContainText("Pick your date and party size");
  await attachScreenshot(page, "flows-inbox-answer");
});
