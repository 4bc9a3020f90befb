import http from "node:http";
import type { AddressInfo } from "node:net";
import { attachScreenshot, dashboardApi, expect, navigateTo, signUp, test, uniquePhone } from "./fixtures";

// Reminders, no-shows and calendars (issue 40, items 4 and 5), at both screen sizes: the owner turns
// reminders on with a fitting template, marks an appointment a no-show and sees it in the reports,
// creates, copies and revokes a staff member's calendar URL, and adds a busy-times feed.

const icsFrom = (day: string) =>
  [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//e2e//EN",
    "BEGIN:VEVENT",
    "UID:private@e2e",
    "DTSTAMP:20261101T000000Z",
    `DTSTART:${day}T100000Z`,
    `DTEND:${day}T110000Z`,
    "RRULE:FREQ=DAILY;COUNT=5",
    "END:VEVENT",
    "END:VCALENDAR",
    "",
  ].join("\r\n");

test("reminders, no-shows and calendars", { tag: "@phone" }, async ({ page, context }) => {
  const ics = icsFrom(new Date(Date.now() + 86_400_000).toISOString().slice(0, 10).replaceAll("-", ""));
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { "content-type": "text/calendar" });
    res.end(ics);
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const feed = `http://127.0.0.1:${(server.address() as AddressInfo).port}/private.ics`;
  try {
    await signUp(page);
    await page.goto("/services");
    const api = dashboardApi(page);
    const allDay = {
      mon: ["00:00-24:00"],
      tue: ["00:00-24:00"],
      wed: ["00:00-24:00"],
      thu: ["00:00-24:00"],
      fri: ["00:00-24:00"],
      sat: ["00:00-24:00"],
      sun: ["00:00-24:00"],
    };
    const ana = await api.post("/v1/staff", { name: "Ana", weekly: allDay });
    const cut = await api.post("/v1/services", { name: { en: "Haircut" }, durationMinutes: 30, staffIds: [ana.body.id] });
    const tpl = await api.post("/v1/templates", {
      name: "appointment_reminder",
      language: "en",
      category: "utility",
      body: "Your {{1}} with {{2}} is on {{3}}.",
      examples: ["Haircut", "Ana", "Tue 1 Dec, 10:00"],
      buttons: [
        { type: "quick_reply", text: "Confirm" },
        { type: "quick_reply", text: "Reschedule" },
        { type: "quick_reply", text: "Cancel" },
      ],
    });
    expect([ana.status, cut.status, tpl.status]).toEqual([200, 200, 200]);
    const tomorrow = new Date(Date.now() + 86_400_000);
    const day = tomorrow.toISOString().slice(0, 10);
    const booked = await api.post("/v1/appointments", { serviceId: cut.body.id, start: `${day}T10:00:00Z`, phone: uniquePhone() });
    expect(booked.status).toBe(200);

    // The reminder setting.
    await page.reload();
    const reminders = page.getByRole("region", { name: "Reminders" });
    await expect(reminders.getByLabel("Template")).toBeVisible();
    await reminders.getByLabel("Template").selectOption("appointment_reminder|en");
    await reminders.getByLabel("When").selectOption("120");
    await reminders.getByLabel("Send reminders").check();
    await reminders.getByRole("button", { name: "Save reminders" }).click();
    await expect(page.getByText("Reminders are on.")).toBeVisible();
    await attachScreenshot(page, "reminder-settings");
    await page.reload();
    await expect(page.getByRole("region", { name: "Reminders" }).getByLabel("Send reminders")).toBeChecked();
    await expect(page.getByRole("region", { name: "Reminders" }).getByLabel("When")).toHaveValue("120");

    // The calendar URL: create, copy, fetch, revoke.
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await page.getByRole("button", { name: "Calendars of Ana" }).click();
    const dialog = page.getByRole("dialog", { name: "Ana's calendars" });
    await dialog.getByRole("button", { name: "Create feed URL" }).click();
    const url = dialog.getByLabel("Feed URL");
    await expect(url).toHaveValue(/\/calendars\/[A-Za-z0-9_-]{32}\.ics$/);
    const feedUrl = await url.inputValue();
    await dialog.getByRole("button", { name: "Copy URL" }).click();
    await expect(page.getByText("Copied the feed URL.")).toBeVisible();
    const got = await page.request.get(new URL(feedUrl).pathname);
    expect(got.status()).toBe(200);
    expect(got.headers()["content-type"]).toContain("text/calendar");
    expect(await got.text()).toContain(`UID:${booked.body.id}@appointments`);
    await attachScreenshot(page, "staff-calendar");
    await dialog.getByRole("button", { name: "Revoke" }).click();
    await expect(dialog.getByRole("button", { name: "Create feed URL" })).toBeVisible();
    expect((await page.request.get(new URL(feedUrl).pathname)).status()).toBe(404);

    // A busy-times feed: saved, fetched by the worker, shown.
    await dialog.getByLabel("Private calendar address (ICS)").fill(feed);
    await dialog.getByRole("button", { name: "Save busy feed" }).click();
    await expect(dialog.getByTestId("busy-feed-status")).toBeVisible();
    await expect.poll(async () => (await api.get(`/v1/staff/${ana.body.id}/calendar`)).body?.busyFeed?.intervals, { timeout: 30_000 }).toBe(5);
    await dialog.getByRole("button", { name: "Close" }).first().click();
    await page.getByRole("button", { name: "Calendars of Ana" }).click();
    await expect(page.getByRole("dialog", { name: "Ana's calendars" }).getByTestId("busy-feed-status")).toContainText("5 busy times");
    await page.getByRole("dialog", { name: "Ana's calendars" }).getByRole("button", { name: "Close" }).first().click();

    // A no-show, marked on the Appointments page and counted in the reports.
    await navigateTo(page, "Appointments");
    await expect(page).toHaveURL(/\/appointments$/);
    const row = page.getByRole("table", { name: "Appointments" }).getByRole("row").filter({ hasText: "Haircut" });
    await row.getByRole("button", { name: /^No-show/ }).click();
    await expect(row.getByText("No-show", { exact: true })).toBeVisible();
    await attachScreenshot(page, "appointments-no-show");
    await navigateTo(page, "Reports");
    await page.locator("#report-to").fill(day);
    await page.locator("#report-from").fill(day);
    await page.getByRole("button", { name: "Show" }).click();
    await expect(page.getByTestId("report-no-shows")).toContainText("1");
  } finally {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  }
});

test("the appointments page says when there are none", { tag: "@phone" }, async ({ page }) => {
  await signUp(page);
  await page.goto("/appointments");
  await expect(page.getByText("No appointments yet")).toBeVisible();
});
