import { admin, dashboardApi, expect, screenshot, signUp, test, uniquePhone } from "./fixtures";

// A 2x2 PNG (red, green / blue, white): small, but a real picture the browser must decode.
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFElEQVR4nGP4z8DAAMIM/////w8AH+4F+7C4l8kAAAAASUVORK5CYII=", "base64");
const PDF = Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n");

test("the inbox shows a customer's photo in a viewer and sends a PDF from the reply box", async ({ page, browser }) => {
  await signUp(page);
  const origin = new URL(page.url()).origin;
  const api = dashboardApi(page);
  const phone = uniquePhone();

  // The customer (sandbox simulator) says hello, then sends a photo of their receipt.
  expect((await api.post("/v1/internal/simulator/messages", { phone, name: "Rita Receipt", text: "Hi, my order arrived damaged" })).status).toBe(200);
  const upload = await page.request.post("/v1/media", {
    headers: { origin },
    multipart: { file: { name: "receipt.png", mimeType: "image/png", buffer: PNG } },
  });
  expect(upload.status()).toBe(200);
  const photo = await upload.json();
  expect(photo).toMatchObject({ type: "image", size: PNG.length });
  expect((await api.post("/v1/internal/simulator/messages", { phone, name: "Rita Receipt", mediaId: photo.id, text: "the receipt" })).status).toBe(
    200,
  );

  await page.goto("/inbox");
  await page.getByRole("button", { name: /Rita Receipt/ }).click();
  const thread = page.getByRole("log", { name: "Messages" });
  const image = thread.getByTestId("media-image");
  await expect(image).toBeVisible();
  // Decoded by the browser through the app's own media route (session or signed link).
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(2);
  await expect(thread.getByText("the receipt")).toBeVisible();
  await image.click();
  const viewer = page.getByTestId("media-viewer");
  await expect(viewer).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(viewer).toHaveCount(0);

  // Staff attach the invoice: a preview, a caption, then a document bubble with its name and size.
  await page.getByTestId("attach-input").setInputFiles({ name: "invoice-1042.pdf", mimeType: "application/pdf", buffer: PDF });
  await expect(page.getByTestId("attachment-preview")).toContainText("invoice-1042.pdf");
  await page.getByRole("textbox", { name: "Reply" }).fill("Here is your invoice");
  await page.getByRole("button", { name: "Send", exact: true }).click();
  const sent = thread.locator('[data-testid="message"][data-direction="outbound"]', { hasText: "invoice-1042.pdf" });
  await expect(sent).toBeVisible();
  await expect(sent).toContainText("Here is your invoice");
  await expect(page.getByTestId("attachment-preview")).toHaveCount(0);
  const link = sent.getByTestId("media-document");
  const href = await link.getAttribute("href");
  expect(href).toMatch(/^\/media\/med_/);
  const file = await page.request.get(href as string);
  expect(file.status()).toBe(200);
  expect(Buffer.from(await file.body()).equals(PDF)).toBe(true);
  // Without the session or a signature, the same file is a 404.
  const bare = await browser.newContext();
  const anonymous = await bare.request.get(new URL((href as string).split("?")[0], origin).toString());
  expect(anonymous.status()).toBe(404);
  await bare.close();
  await screenshot(page, "inbox-media");
});

// Issue 34 item 5: Settings › Privacy shows the space the business's files take of its storage quota,
// which the operator sets (`set-storage-quota`): loading, empty, error and filled states.
test("privacy settings show the file storage used and the quota", async ({ page }) => {
  const account = await signUp(page);
  const origin = new URL(page.url()).origin;
  // Loading first (the answer held back), then the error state and its retry.
  let fail = true;
  await page.route("**/v1/internal/media/storage", async (route) => {
    await new Promise((r) => setTimeout(r, 800));
    if (fail) await route.fulfill({ status: 500, json: { error: { code: "internal_error", message: "boom", requestId: "req_x" } } });
    else await route.fallback();
  });
  await page.goto("/privacy");
  const card = page.getByRole("region", { name: "File storage" });
  await expect(card.getByRole("status", { name: "Loading" })).toBeVisible();
  await expect(card.getByText("Could not load the file storage")).toBeVisible({ timeout: 15_000 });
  fail = false;
  await card.getByRole("button", { name: "Try again" }).click();
  await expect(card.getByText("No files stored yet")).toBeVisible();
  await expect(card).toContainText("up to 1 GB");
  await expect(card).toContainText("server's default");

  const upload = await page.request.post("/v1/media", {
    headers: { origin },
    multipart: { file: { name: "invoice.pdf", mimeType: "application/pdf", buffer: Buffer.concat([PDF, Buffer.alloc(300 * 1024)]) } },
  });
  expect(upload.status()).toBe(200);
  await admin("set-storage-quota", { business: account.businessId, bytes: "10MiB" });
  await page.reload();
  await expect(card.getByTestId("storage-used")).toContainText("of 10 MB used (1 file)");
  await expect(card.getByTestId("storage-used")).toContainText("300 KB");
  await expect(card.getByRole("progressbar", { name: "File storage used" })).toBeVisible();
  await expect(card).toContainText("operator set this limit");
  await screenshot(page, "privacy-storage");
});
