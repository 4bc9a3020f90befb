import { createHmac } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { expect, screenshot, signUp, test } from "./fixtures";

// A loopback receiver started here (the e2e server runs with WEBHOOK_ALLOW_PRIVATE=1) gets the test
// event, signed with the secret the page showed once; the delivery log then shows the 200.

type Received = { headers: http.IncomingHttpHeaders; body: string };

function startReceiver(): Promise<{ url: string; received: Received[]; close: () => Promise<void> }> {
  const received: Received[] = [];
  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c) => {
      body += c;
    });
    req.on("end", () => {
      received.push({ headers: req.headers, body });
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify({ ok: true, got: req.headers["x-service-event"] }));
    });
  });
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as AddressInfo;
      resolve({ url: `http://127.0.0.1:${port}/hooks/convo`, received, close: () => new Promise((r) => server.close(() => r())) });
    }),
  );
}

test("add an endpoint, send a test event to a loopback receiver, see the 200 in the delivery log", async ({ page }) => {
  const receiver = await startReceiver();
  try {
    await signUp(page);
    await page.goto("/webhooks");
    await expect(page.getByText("No endpoints yet")).toBeVisible();

    await page.getByRole("button", { name: "Add endpoint" }).click();
    const dialog = page.getByRole("dialog", { name: "Add an endpoint" });
    await dialog.getByLabel("URL").fill(receiver.url);
    await dialog.getByLabel("All events").uncheck();
    await dialog.getByRole("checkbox", { name: "record.created" }).check();
    await dialog.getByRole("checkbox", { name: "conversation.handoff" }).check();
    await dialog.getByRole("button", { name: "Add endpoint" }).click();

    const added = page.getByRole("dialog", { name: "Endpoint added" });
    const secret = (await added.getByTestId("secret-value").textContent())?.trim() ?? "";
    expect(secret).toMatch(/^whsec_/);
    await added.getByRole("button", { name: "Done" }).click();
    await expect(page.getByRole("heading", { name: receiver.url })).toBeVisible();
    await expect(page.getByText("record.created").first()).toBeVisible();

    await page.getByRole("button", { name: "Send test event" }).click();
    await expect.poll(() => receiver.received.length, { timeout: 20_000 }).toBeGreaterThan(0);
    const hit = receiver.received[0];
    expect(hit.headers["x-service-event"]).toBe("webhook.test");
    expect(hit.headers["x-service-signature"]).toBe(`sha256=${createHmac("sha256", secret).update(hit.body).digest("hex")}`);
    const deliveryId = String(hit.headers["x-service-delivery"]);
    expect(deliveryId).toMatch(/^whd_/);

    const row = page.getByTestId(`delivery-${deliveryId}`);
    await expect(row).toContainText("succeeded", { timeout: 20_000 });
    await expect(row.getByText("200", { exact: true })).toBeVisible();
    await expect(row).toContainText("webhook.test");
    await expect(row).toContainText('"ok":true');
    await screenshot(page, "webhooks");

    // Redeliver: the same delivery id arrives again.
    await row.getByRole("button", { name: "Redeliver" }).click();
    await expect.poll(() => receiver.received.length, { timeout: 20_000 }).toBeGreaterThan(1);
    expect(receiver.received[1].headers["x-service-delivery"]).toBe(deliveryId);
    await row.getByRole("button", { name: "Attempts" }).click();
    await expect(page.locator(".attempt-list li")).toHaveCount(2, { timeout: 20_000 });

    // Rotation shows a new secret once, and the next delivery is signed with it.
    await page.getByRole("button", { name: "Rotate secret" }).click();
    await page.getByRole("dialog", { name: "Rotate the signing secret?" }).getByRole("button", { name: "Rotate secret" }).click();
    const rotated = page.getByRole("dialog", { name: "New signing secret" });
    const next = (await rotated.getByTestId("secret-value").textContent())?.trim() ?? "";
    expect(next).toMatch(/^whsec_/);
    expect(next).not.toBe(secret);
    await rotated.getByRole("button", { name: "Done" }).click();
    await page.getByRole("button", { name: "Send test event" }).click();
    await expect.poll(() => receiver.received.length, { timeout: 20_000 }).toBeGreaterThan(2);
    const third = receiver.received[2];
    expect(third.headers["x-service-signature"]).toBe(`sha256=${createHmac("sha256", next).update(third.body).digest("hex")}`);

    // Disabling is a toggle on the endpoint.
    await page.getByRole("switch", { name: "Enabled" }).click();
    await expect(page.getByText("Disabled: events are not sent to this endpoint.")).toBeVisible();
  } finally {
    await receiver.close();
  }
});
