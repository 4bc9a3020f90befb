import { apiClient, dashboardApi, expect, screenshot, signUp, test, uniquePhone } from "./fixtures";

test("handoff, reply inside the window, return to the assistant, assign and close", async ({ page }) => {
  await signUp(page);
  await page.goto("/inbox");
  await expect(page.getByText("No conversations")).toBeVisible();

  // The customer writes first (through the sandbox channel): the conversation appears without a reload.
  const phone = uniquePhone();
  const api = dashboardApi(page);
  expect((await api.post("/v1/internal/simulator/messages", { phone, name: "Carla Customer", text: "Hello, do you deliver?" })).status).toBe(200);
  const item = page.getByRole("button", { name: /Carla Customer/ });
  await expect(item).toBeVisible({ timeout: 3_000 });
  await item.click();
  const thread = page.getByRole("log", { name: "Messages" });
  await expect(thread.getByText("Hello, do you deliver?")).toBeVisible();

  await page.getByRole("button", { name: "Hand off" }).click();
  await expect(page.getByTestId("conversation-status")).toHaveText("Handed off");
  await expect(page.getByRole("button", { name: "Return to assistant" })).toBeVisible();

  // Inside the 24-hour window: free text.
  await page.getByRole("textbox", { name: "Reply" }).fill("Yes, we deliver until 10pm.");
  await page.getByRole("button", { name: "Send", exact: true }).click();
  const reply = thread.locator('[data-testid="message"][data-direction="outbound"]', { hasText: "Yes, we deliver until 10pm." });
  await expect(reply).toBeVisible();
  // Agent replies carry the agent's name (and the reply assigned the conversation to them).
  await expect(reply.getByTestId("message-author")).toHaveText("Olive Owner");
  await expect(page.getByRole("textbox", { name: "Reply" })).toHaveValue("");

  // A new customer message shows up live (polling) within 2 s.
  await api.post("/v1/internal/simulator/messages", { phone, name: "Carla Customer", text: "Great, thanks!" });
  await expect(thread.getByText("Great, thanks!")).toBeVisible({ timeout: 2_500 });
  await screenshot(page, "inbox");

  await page.getByRole("button", { name: "Return to assistant" }).click();
  await expect(page.getByTestId("conversation-status")).toHaveText("Open");
  await expect(page.getByRole("button", { name: "Hand off" })).toBeVisible();

  await expect(page.getByRole("button", { name: "Assign to me" })).toHaveCount(0);
  await expect(page.getByLabel("Contact").getByText("Olive Owner")).toBeVisible();
  await page.getByLabel("Assignee").selectOption("me");
  await expect(page.getByRole("button", { name: /Carla Customer/ })).toBeVisible();
  await page.getByLabel("Assignee").selectOption("unassigned");
  await expect(page.getByText("No conversations")).toBeVisible();
  await page.getByLabel("Assignee").selectOption("all");

  await page.getByRole("button", { name: "Close", exact: true }).click();
  await expect(page.getByTestId("conversation-status")).toHaveText("Closed");
  await expect(page.getByText("This conversation is closed.")).toBeVisible();
  await page.getByLabel("Status").selectOption("closed");
  await expect(page.getByRole("button", { name: /Carla Customer/ })).toBeVisible();
});

test("outside the window the reply box offers the business's templates", async ({ page }) => {
  await signUp(page);
  const v1 = await apiClient(page);
  const template = await v1.post("/v1/templates", {
    name: "order_update",
    language: "en",
    category: "utility",
    body: "Hi {{1}}, your order {{2}} is ready.",
  });
  expect(template.status).toBe(200);

  // A customer who has never written: only templates may be sent.
  const phone = uniquePhone();
  const first = await v1.post("/v1/messages", {
    to: phone,
    type: "template",
    template: { name: "order_update", language: "en", variables: ["Dana", "#1041"] },
  });
  expect(first.status).toBe(200);

  await page.goto(`/inbox?c=${first.body.conversationId}`);
  await expect(page.getByTestId("window-closed")).toContainText("has not written yet");
  await expect(page.getByRole("textbox", { name: "Reply" })).toHaveCount(0);
  const thread = page.getByRole("log", { name: "Messages" });
  await expect(thread.getByText("Template · order_update")).toBeVisible();

  await page.getByLabel("Template", { exact: true }).selectOption({ label: "order_update · en · utility" });
  await page.getByLabel("Variable {{1}}").fill("Dana");
  await page.getByLabel("Variable {{2}}").fill("#2001");
  await expect(page.getByTestId("template-preview")).toHaveText("Hi Dana, your order #2001 is ready.");
  await screenshot(page, "inbox-template");
  await page.getByRole("button", { name: "Send template" }).click();
  await expect(thread.getByText("Hi Dana, your order #2001 is ready.")).toBeVisible();

  // The rule lives on the server: free text is refused there too.
  const refused = await dashboardApi(page).post(`/v1/internal/conversations/${first.body.conversationId}/messages`, {
    type: "text",
    text: "hello?",
  });
  expect(refused.status).toBe(422);
  expect(refused.body.error.code).toBe("outside_messaging_window");
});

test("contacts: search, edit name, tags and metadata, open their conversations", async ({ page }) => {
  await signUp(page);
  const api = dashboardApi(page);
  const phone = uniquePhone();
  await api.post("/v1/internal/simulator/messages", { phone, name: "Erin Example", text: "Hi there" });
  await api.post("/v1/internal/simulator/messages", { phone: uniquePhone(), name: "Frank Other", text: "Hello" });

  await page.goto("/contacts");
  await expect(page.getByRole("cell", { name: "Erin Example", exact: true })).toBeVisible();
  await page.getByLabel("Search").fill("erin");
  await expect(page.locator('[data-testid="contacts-results"][data-search="erin"][aria-busy="false"]')).toBeVisible();
  await expect(page.getByRole("cell", { name: "Frank Other", exact: true })).toHaveCount(0);
  await page.getByRole("button", { name: "Edit Erin Example" }).click();

  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Name").fill("Erin Edited");
  await dialog.getByLabel("Tags").fill("vip, wholesale");
  await dialog.getByLabel("Metadata (JSON)").fill('{"plan": "gold"');
  await expect(dialog.getByText("Not valid JSON")).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Save" })).toBeDisabled();
  await dialog.getByLabel("Metadata (JSON)").fill('{"plan": "gold", "ünïcode": ["✓", 1]}');
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog).toBeHidden();

  await page.getByLabel("Search").fill("");
  await page.getByLabel("Tag").fill("vip");
  await expect(page.locator('[data-testid="contacts-results"][data-search=""][data-tag="vip"][aria-busy="false"]')).toBeVisible();
  await expect(page.getByRole("cell", { name: "Erin Edited", exact: true })).toBeVisible();
  await expect(page.getByRole("cell", { name: "Frank Other", exact: true })).toHaveCount(0);
  await expect(page.getByText('{"plan":"gold","ünïcode":["✓",1]}')).toBeVisible();
  await screenshot(page, "contacts");

  await page.getByRole("link", { name: "Conversations" }).click();
  await expect(page).toHaveURL(/\/inbox\?contact=ct_/);
  await expect(page.getByRole("button", { name: /Erin Edited/ })).toBeVisible();
  await expect(page.getByRole("button", { name: /Frank Other/ })).toHaveCount(0);
});
