import { appointmentGraph } from "../lib/skills/starter-skills";
import { apiClient, attachScreenshot, expect, isPhone, navigateTo, openConversation, signUp, test } from "./fixtures";

// The appointment skill (issue 40 item 3): an owner sets up a staff member and a service in the
// dashboard, switches the ready-made appointment skill on, books through the simulator in the
// customer's words, picks a time from the list offered, and sees the appointment in the simulator's
// panel, in Records and beside the conversation in the inbox; at both screen sizes.
test("a customer books an appointment in the simulator; Records and the inbox show it", { tag: "@phone" }, async ({ page }) => {
  test.setTimeout(180_000);
  await signUp(page);

  await navigateTo(page, "Services and staff");
  await page.getByRole("button", { name: "New staff member" }).first().click();
  const staffDialog = page.getByRole("dialog", { name: "New staff member" });
  await staffDialog.getByLabel("Name").fill("Ana Silva");
  for (const day of ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]) await staffDialog.locator(`#staff-hours-${day}`).fill("00:00-24:00");
  await staffDialog.getByRole("button", { name: "Save" }).click();
  await expect(staffDialog).toBeHidden();

  await page.getByRole("button", { name: "New service" }).first().click();
  const serviceDialog = page.getByRole("dialog", { name: "New service" });
  await serviceDialog.locator("#service-name-en").fill("Haircut and beard");
  await serviceDialog.locator("#service-name-pt").fill("Corte e barba");
  await serviceDialog.getByLabel("Duration (minutes)").fill("45");
  await serviceDialog.getByLabel("Ana Silva").check();
  await serviceDialog.getByRole("button", { name: "Save" }).click();
  await expect(serviceDialog).toBeHidden();

  // The ready-made appointment skill, switched on.
  const v1 = await apiClient(page);
  const saved = await v1.put("/v1/skills/sk_appointment", { name: "Appointment booking", enabled: true, graph: appointmentGraph });
  expect(saved.status).toBe(200);
  // The shop's business hours are weekdays 9-18 (sign-up's defaults): every day, all day, so any day offers times.
  const week = Object.fromEntries(["mon", "tue", "wed", "thu", "fri", "sat", "sun"].map((d) => [d, ["00:00-24:00"]]));
  expect((await v1.put("/v1/business-hours", { timeZone: "Europe/Lisbon", weekly: week, holidays: [] })).status).toBe(200);

  await page.goto("/simulator");
  const customerName = (await page.getByTestId("sim-customer-name").textContent()) ?? "";
  const chat = page.getByRole("log", { name: "Messages" });
  const say = async (text: string) => {
    await page.getByRole("textbox", { name: "Message" }).fill(text);
    await page.getByRole("button", { name: "Send", exact: true }).click();
    await expect(chat.locator('[data-direction="inbound"]', { hasText: text }).last()).toBeVisible();
  };
  const replies = chat.locator('[data-direction="outbound"]');

  await say("Hi, I'd like to book a haircut and beard please");
  await expect(replies.filter({ hasText: "These are the nearest free times for Haircut and beard" })).toBeVisible({ timeout: 30_000 });
  await attachScreenshot(page, "appointment-offer");
  await say("1");
  const booked = replies.filter({ hasText: "You're booked: Haircut and beard with Ana Silva" });
  await expect(booked).toBeVisible({ timeout: 30_000 });

  const captured = page.getByTestId("sim-records");
  await expect(captured).toContainText("appointments", { timeout: 10_000 });
  await expect(captured).toContainText("Haircut and beard");
  await attachScreenshot(page, "appointment-simulator");

  // Records: the Appointments tab lists it, booked, with the service and the person.
  await page.goto("/records?collection=appointments");
  const row = page.getByRole("row", { name: /Haircut and beard/ });
  await expect(row).toBeVisible({ timeout: 15_000 });
  await expect(row).toContainText("Ana Silva");
  await expect(row).toContainText(/booked/i);
  await attachScreenshot(page, "appointment-records");

  // The inbox: the conversation's side panel shows the appointment and its status.
  await page.goto("/inbox");
  await openConversation(page, new RegExp(customerName));
  if (isPhone(page)) await page.getByRole("button", { name: "Contact details" }).click();
  const panel = page.getByTestId("conversation-appointments");
  await expect(panel).toBeVisible({ timeout: 15_000 });
  await expect(panel).toContainText("Haircut and beard");
  await expect(panel).toContainText("Ana Silva");
  await expect(panel).toContainText("booked");
  await attachScreenshot(page, "appointment-inbox");
});
