import { apiClient, attachScreenshot, dashboardApi, expect, isPhone, openConversation, signUp, test, uniquePhone } from "./fixtures";

// Issue 38: templates with every component (an image header, a footer, a URL button), the template
// editor's WhatsApp-style preview, and a staff voice note recorded in the browser. Chromium records
// from a fake microphone here (the launch flags below), as WebM/Opus; the server stores it as OGG/Opus.

test.use({
  permissions: ["microphone"],
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-quic",
      "--no-first-run",
      "--disable-component-update",
      "--disable-sync",
      "--use-fake-device-for-media-stream",
      "--use-fake-ui-for-media-stream",
    ],
  },
});

// A 2x2 PNG: small, but a real picture the browser must decode.
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFElEQVR4nGP4z8DAAMIM/////w8AH+4F+7C4l8kAAAAASUVORK5CYII=", "base64");

test.describe("rich WhatsApp messages", { tag: "@phone" }, () => {
  test("a client system sends a template with an image header and a URL button; the thread shows them", async ({ page, request }) => {
    await signUp(page);
    const client = await apiClient(page);
    const created = await client.post("/v1/templates", {
      name: "order_shipped",
      language: "en",
      category: "utility",
      header: { format: "image" },
      body: "Hi {{1}}, your order {{2}} is on its way.",
      footer: "Reply STOP to opt out",
      buttons: [
        { type: "url", text: "Track order", url: "https://shop.example/track/{{1}}" },
        { type: "quick_reply", text: "Thanks!" },
      ],
    });
    expect(created.status).toBe(200);
    expect(created.body.status).toBe("approved");
    const upload = await request.post("/v1/media", {
      headers: { authorization: `Bearer ${client.key}` },
      multipart: { file: { name: "parcel.png", mimeType: "image/png", buffer: PNG } },
    });
    expect(upload.status()).toBe(200);
    const image = await upload.json();
    const phone = uniquePhone();
    const sent = await client.post("/v1/messages", {
      to: phone,
      type: "template",
      template: {
        name: "order_shipped",
        language: "en",
        variables: ["Ana", "A-1042"],
        header: { media: { id: image.id } },
        buttons: [{ index: 0, text: "A-1042" }],
      },
    });
    expect(sent.status).toBe(200);
    // Without the header file the API refuses, as Meta would.
    const refused = await client.post("/v1/messages", {
      to: phone,
      type: "template",
      template: { name: "order_shipped", language: "en", variables: ["Ana", "A-1042"], buttons: [{ index: 0, text: "A-1042" }] },
    });
    expect(refused.status).toBe(400);

    await page.goto("/inbox");
    const thread = await openConversation(page, new RegExp(phone.replace("+", "\\+")));
    const bubble = thread.locator('[data-testid="message"][data-direction="outbound"]', { hasText: "your order A-1042" });
    await expect(bubble).toBeVisible();
    await expect.poll(() => bubble.getByTestId("media-image").evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(2);
    await expect(bubble.getByTestId("template-footer")).toHaveText("Reply STOP to opt out");
    await expect(bubble.getByTestId("template-buttons")).toContainText("Track order");
    await expect(bubble.getByTestId("template-buttons")).toContainText("A-1042");
    await bubble.getByTestId("template-buttons").scrollIntoViewIfNeeded();
    await attachScreenshot(page, "template-image-header-thread");
  });

  test("the template editor previews header, body, footer and buttons as WhatsApp shows them, and checks Meta's rules", async ({ page }) => {
    await signUp(page);
    await page.goto("/templates");
    await page.getByRole("button", { name: "New template" }).click();
    const dialog = page.getByRole("dialog", { name: "New template" });
    await dialog.getByLabel("Name", { exact: true }).fill("table_ready");
    await dialog.getByLabel("Header", { exact: true }).selectOption("text");
    await dialog.getByLabel("Header text").fill("Table for {{1}}");
    await dialog.getByLabel("Example for {{1}}").first().fill("Ana");
    await dialog.getByLabel("Body").fill("Your table is ready, see you soon.");
    await dialog.getByLabel("Footer (optional)").fill("Café Example");
    await dialog.getByRole("button", { name: "Add button" }).click();
    await dialog.getByLabel("Button text").fill("On my way");
    const preview = dialog.getByTestId("template-preview");
    await expect(preview).toContainText("Table for Ana");
    await expect(preview).toContainText("Your table is ready, see you soon.");
    await expect(preview).toContainText("Café Example");
    await expect(preview).toContainText("On my way");
    await preview.scrollIntoViewIfNeeded();
    await attachScreenshot(page, "template-editor-preview");
    // Meta's rule, checked as Meta would: a footer has no variables.
    await dialog.getByLabel("Footer (optional)").fill("Thanks {{1}}");
    await dialog.getByRole("button", { name: "Add template" }).click();
    await expect(dialog.getByText("A footer has no variables.")).toBeVisible();
    await dialog.getByLabel("Footer (optional)").fill("Café Example");
    await dialog.getByRole("button", { name: "Add template" }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByText("table_ready")).toBeVisible();
  });

  test("staff record a voice note in the inbox and it goes out as a voice note", async ({ page }) => {
    await signUp(page);
    const api = dashboardApi(page);
    const phone = uniquePhone();
    expect((await api.post("/v1/internal/simulator/messages", { phone, name: "Vera Voice", text: "Can you explain by voice?" })).status).toBe(200);
    await page.goto("/inbox");
    const thread = await openConversation(page, /Vera Voice/);
    await page.getByRole("button", { name: "Record a voice note" }).click();
    await expect(page.getByTestId("voice-recorder")).toBeVisible();
    await page.waitForTimeout(1500);
    await page.getByRole("button", { name: "Send voice note" }).click();
    const note = thread.locator('[data-testid="message"][data-direction="outbound"][data-type="audio"]');
    await expect(note).toBeVisible({ timeout: 20_000 });
    await expect(note.getByTestId("media-voice-note")).toBeVisible();
    const src = await note.getByTestId("media-audio").getAttribute("src");
    const file = await page.request.get(src as string);
    expect(file.headers()["content-type"]).toContain("audio/ogg");
    expect(
      Buffer.from(await file.body())
        .subarray(0, 4)
        .toString(),
    ).toBe("OggS");
    if (isPhone(page)) await note.scrollIntoViewIfNeeded();
    await attachScreenshot(page, "staff-voice-note");
  });
});
