import { createHmac } from "node:crypto";
import { attachScreenshot, expect, isPhone, openConversation, signUp, test } from "./fixtures";

// A customer WhatsApp names without a number (issue 37 item 1): a signed webhook with no phone anywhere
// (the BSUID in from_user_id and the contact's user_id, a username in the profile) reaches the inbox as
// a conversation named by the username, and the thread says how WhatsApp names the customer. The
// webhook is signed with the secret playwright.config.ts gives the server (WHATSAPP_APP_SECRET).

const APP_SECRET = "e2e-app-secret";

test("a username-only customer shows in the inbox by their username and WhatsApp id", { tag: "@phone" }, async ({ page, request }) => {
  await signUp(page);
  await page.goto("/channel");
  const phoneNumberId = `7${String(Date.now()).slice(-10)}${Math.floor(Math.random() * 10)}`;
  await page.getByLabel("Phone number id").fill(phoneNumberId);
  await page.getByLabel("Access token").fill("EAAG-test-token");
  await page.getByLabel("Display number").fill("+351 912 000 222");
  await page.getByRole("button", { name: "Connect" }).click();
  await expect(page.getByText("WhatsApp connected")).toBeVisible();

  const bsuid = `US.${Date.now()}${Math.floor(Math.random() * 1e6)}`;
  const body = JSON.stringify({
    object: "whatsapp_business_account",
    entry: [
      {
        id: "9100000000009",
        changes: [
          {
            field: "messages",
            value: {
              messaging_product: "whatsapp",
              metadata: { display_phone_number: "351912000222", phone_number_id: phoneNumberId },
              contacts: [{ profile: { username: "sheena.n" }, user_id: bsuid }],
              messages: [
                {
                  from_user_id: bsuid,
                  id: `wamid.e2e${Date.now()}`,
                  timestamp: String(Math.floor(Date.now() / 1000)),
                  type: "text",
                  text: { body: "Hi! Do you have a table for two tonight?" },
                },
              ],
            },
          },
        ],
      },
    ],
  });
  const signature = `sha256=${createHmac("sha256", APP_SECRET).update(body).digest("hex")}`;
  const res = await request.post("/channels/whatsapp/webhook", {
    headers: { "content-type": "application/json", "x-hub-signature-256": signature },
    data: body,
  });
  expect(res.status()).toBe(200);

  await page.goto("/inbox");
  const list = page.getByRole("list", { name: "Conversations" });
  await expect(list.getByRole("button", { name: /@sheena\.n/ })).toBeVisible({ timeout: 30_000 });
  const thread = await openConversation(page, /@sheena\.n/);
  await expect(thread.getByText("Hi! Do you have a table for two tonight?")).toBeVisible();
  // The header names the customer by username and BSUID: there is no phone.
  await expect(page.getByText(`@sheena.n · ${bsuid}`).first()).toBeVisible();
  await attachScreenshot(page, isPhone(page) ? "bsuid-thread-phone" : "bsuid-thread");

  // The contacts page lists them the same way, found by their username.
  await page.goto("/contacts");
  await page.getByPlaceholder("Name, phone or username").fill("sheena");
  await expect(page.getByText(`@sheena.n · ${bsuid}`).first()).toBeVisible({ timeout: 15_000 });
  await attachScreenshot(page, isPhone(page) ? "bsuid-contacts-phone" : "bsuid-contacts");
});
