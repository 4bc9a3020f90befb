import type { Page } from "@playwright/test";
import { expect, screenshot, test, unique } from "./fixtures";

// A new business's first day (issue 15.1): the sign-up questions give a working assistant at once,
// the overview's checklist ticks itself from real state, and the assistant answers in the business's
// language right away: a Spanish restaurant's simulator takes a booking, an English shop's takes an
// order from the catalog it has just uploaded (the upload suggests the collection its order skill reads).

type Answers = { kind: RegExp; languages: string[]; timeZone: string; hours: Record<string, string>; address?: string };

async function signUpAs(page: Page, businessName: string, a: Answers) {
  const email = `${unique("first")}@example.test`;
  await page.goto("/sign-up");
  await page.getByLabel("Business name").fill(businessName);
  await page.getByLabel("Your name").fill("Olive Owner");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("correct-horse-battery");
  await page.getByRole("radio", { name: a.kind }).check();
  for (const lang of ["English", "Español", "Português"]) {
    const box = page.getByRole("checkbox", { name: lang });
    if (a.languages.includes(lang)) await box.check();
    else await box.uncheck();
  }
  await page.getByLabel("Time zone").selectOption(a.timeZone);
  for (const [day, ranges] of Object.entries(a.hours)) await page.getByLabel(day, { exact: true }).fill(ranges);
  if (a.address) await page.getByLabel("Address").fill(a.address);
  return email;
}

/** The simulator's chat: send a message and wait for the assistant's next reply. */
function simulator(page: Page) {
  const chat = page.getByRole("log", { name: "Messages" });
  const replies = chat.locator('[data-direction="outbound"]');
  return {
    replies,
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

test("a Spanish restaurant signs up, answers the questions, and its simulator takes a booking in Spanish at once", { tag: "@phone" }, async ({
  page,
}) => {
  test.setTimeout(150_000);
  const everyDay = "12:00-16:00, 19:00-23:30";
  await page.goto("/sign-up");
  await screenshot(page, "onboarding-sign-up");
  await signUpAs(page, "Casa Lucía", {
    kind: /^Restaurant\b/,
    languages: ["Español"],
    timeZone: "Europe/Madrid",
    hours: { Monday: everyDay, Tuesday: everyDay, Wednesday: everyDay, Thursday: everyDay, Friday: everyDay, Saturday: everyDay, Sunday: everyDay },
    address: "Calle Mayor 5, Madrid",
  });
  await screenshot(page, "onboarding-questions");
  await page.getByRole("button", { name: "Create account" }).click();
  await page.waitForURL("**/overview");

  // The checklist: every step links to its page, none done yet but what is.
  const checklist = page.getByRole("region", { name: "Getting started" });
  await expect(checklist).toBeVisible();
  for (const [label, href] of [
    ["Connect WhatsApp", "/channel"],
    ["Check your opening hours", "/business-hours"],
    ["Review the assistant's knowledge", "/assistant"],
    ["Replace the sample items with your catalog", "/catalog"],
    ["Try the simulator", "/simulator"],
    ["Create an API key", "/api-keys"],
  ]) {
    await expect(checklist.getByRole("link", { name: label })).toHaveAttribute("href", href);
  }
  await expect(checklist.locator('[data-step="simulator"]')).toContainText("(to do)");
  // The restaurant kit filled the menu the order skill reads with samples, and the overview says so.
  await expect(checklist.getByTestId("kit-summary")).toContainText("5 menu items");
  await expect(page.getByRole("status").filter({ hasText: "Pedidos" })).toHaveCount(0);
  await screenshot(page, "onboarding-overview-checklist");

  // The skills are installed, enabled and written in Spanish.
  await page.goto("/skills");
  for (const name of ["Reservas de mesa", "Pedidos", "Solicitudes de contacto"]) {
    await expect(page.getByRole("row", { name: new RegExp(name) }).getByRole("switch")).toBeChecked();
  }
  // The address is a business fact and the hours are the business hours: no knowledge text repeats them.
  await page.goto("/business-facts");
  await expect(page.getByLabel("Address", { exact: true })).toHaveValue("Calle Mayor 5, Madrid");

  // The simulator books a table in Spanish right away.
  await page.goto("/simulator");
  const sim = simulator(page);
  expect(await sim.say("Hola, quiero reservar una mesa")).toContain("¿Para cuántas personas es la mesa?");
  expect(await sim.say("2")).toContain("¿A nombre de quién hago la reserva?");
  expect(await sim.say("Lucía")).toContain("¿Para qué día y hora?");
  const confirm = await sim.say("mañana a las 21:00");
  expect(confirm).toMatch(/Mesa para 2 el .*21:00, a nombre de Lucía\. ¿Confirmo la reserva\?/);
  expect(await sim.say("sí")).toMatch(/^Reserva confirmada, Lucía: mesa para 2 el .*21:00\. ¡Hasta entonces!/);
  await expect(page.getByTestId("sim-records")).toContainText("bookings", { timeout: 10_000 });
  await screenshot(page, "onboarding-simulator-booking-es");
  // The hours and the address, answered from the settings in Spanish.
  // On a Sunday, Sunday is today.
  expect(await sim.say("¿a qué hora abrís el domingo?")).toMatch(/(El domingo|Hoy) abrimos: 12:00–16:00 y 19:00–23:30\./);
  expect(await sim.say("¿cuál es la dirección?")).toContain("Calle Mayor 5, Madrid");

  // The checklist ticked "Try the simulator" from what happened; dismissed, it stays gone.
  await page.goto("/overview");
  await expect(checklist.locator('[data-step="simulator"]')).toContainText("(done)");
  await expect(checklist.locator('[data-step="whatsapp"]')).toContainText("(to do)");
  await checklist.getByRole("button", { name: "Dismiss" }).click();
  await expect(checklist).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole("heading", { name: "Overview" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Getting started" })).toHaveCount(0);
});

test("an English shop signs up, uploads its catalog where the order skill looks, and its simulator takes an order", { tag: "@phone" }, async ({
  page,
}) => {
  test.setTimeout(150_000);
  await signUpAs(page, `Mug Shop ${unique("s")}`, {
    kind: /^Shop\b/,
    languages: ["English"],
    timeZone: "Europe/London",
    hours: { Saturday: "10:00-14:00" },
  });
  await page.getByRole("button", { name: "Create account" }).click();
  await page.waitForURL("**/overview");

  // The order skill searches `products`, where the shop kit put sample products; the checklist asks
  // for the shop's own.
  await expect(page.getByRole("region", { name: "Getting started" }).locator('[data-step="catalog"]')).toContainText("(to do)");
  await screenshot(page, "onboarding-shop-overview");
  await page.goto("/catalog?collection=products");

  // The upload form suggests that collection and says which skill reads it.
  await expect(page.locator("#upload-collection")).toHaveValue("products");
  await expect(page.getByText("Order taking searches this collection.")).toBeVisible();
  const csv = [
    "sku,name,price,currency,available",
    "mug-blue,Blue mug,12.00,GBP,yes",
    "mug-red,Red mug,11.50,GBP,yes",
    "tote,Canvas tote bag,9.00,GBP,yes",
  ].join("\n");
  await page.getByLabel("CSV or JSON file").setInputFiles({ name: "products.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
  await expect(page.getByTestId("upload-counts")).toContainText("3 ready");
  await screenshot(page, "onboarding-shop-upload");
  await page.getByRole("button", { name: "Upload 3 valid rows" }).click();
  await expect(page.getByTestId("upload-summary")).toContainText("3 written");
  await page.getByRole("button", { name: "Done" }).click();

  // No warning any more, and the catalog step is ticked.
  await page.goto("/overview");
  await expect(page.getByRole("region", { name: "Getting started" }).locator('[data-step="catalog"]')).toContainText("(done)");
  await expect(page.getByRole("status").filter({ hasText: "Order taking" })).toHaveCount(0);

  // The simulator orders from the uploaded catalog, in English.
  await page.goto("/simulator");
  const sim = simulator(page);
  let reply = await sim.say("Hi, I'd like to order a blue mug for pickup");
  for (let turn = 0; turn < 5 && !/Shall I place the order\?/.test(reply); turn++) {
    // The sample products are there too: choose the blue mug by its number in the list.
    if (/number of the one you want/.test(reply)) reply = await sim.say(/(\d+)\D{0,6}Blue mug/.exec(reply)?.[1] ?? "1");
    else if (/How many/.test(reply)) reply = await sim.say("1");
    else if (/pick it up or shall we deliver/.test(reply)) reply = await sim.say("Pickup");
    else throw new Error(`Unexpected reply: ${reply}`);
  }
  expect(reply).toMatch(/1 x Blue mug/);
  expect(reply).toMatch(/to pick up at the shop\. Shall I place the order\?/);
  expect(await sim.say("yes")).toMatch(/^Thank you! Your order \(.*12\.00.*\) is placed\./);
  await expect(page.getByTestId("sim-records")).toContainText("orders", { timeout: 10_000 });
  await screenshot(page, "onboarding-simulator-order-en");
});
