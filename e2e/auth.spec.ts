import { addMember, DEMO_OWNER, dashboardApi, expect, screenshot, signIn, signOut, signUp, signUpThroughPage, test, unique } from "./fixtures";

const OWNER_ONLY = [
  "Overview",
  "Skills",
  "Catalog",
  "Assistant",
  "Templates",
  "Saved replies",
  "WhatsApp Flows",
  "Channel",
  "Webhooks",
  "API keys",
  "API reference",
  "Team",
  "Campaigns",
  "Business hours",
];
const AGENT_PAGES = ["Inbox", "Simulator", "Contacts", "Records"];

test("sign up, sign out and sign in again", async ({ page }) => {
  await page.goto("/");
  await expect(page).toHaveURL(/\/sign-in$/);
  await screenshot(page, "sign-in");
  await page.goto("/sign-up");
  await screenshot(page, "sign-up");

  const account = await signUpThroughPage(page);
  await expect(page.getByRole("heading", { name: "Overview" })).toBeVisible();
  await expect(page.locator(".sidebar-brand")).toContainText(account.businessName);
  const nav = page.getByRole("navigation", { name: "Dashboard" });
  for (const label of [...AGENT_PAGES, ...OWNER_ONLY]) await expect(nav.getByRole("link", { name: label, exact: true })).toBeVisible();
  // A fresh business starts with a token grant.
  await expect(page.getByTestId("wallet-balance")).toContainText("100,000");
  await screenshot(page, "overview");

  await signOut(page);
  await page.goto("/overview");
  await expect(page).toHaveURL(/\/sign-in/);

  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password").fill("not-the-password");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.locator(".alert[role=alert]")).toContainText("Wrong email or password");

  await signIn(page, account.email, account.password);
  await expect(page).toHaveURL(/\/overview$/);

  // Signing up with an email that already has an account answers like any sign-up (it never confirms
  // the account): it makes a second business, and each password reaches its own business.
  await signOut(page);
  await page.goto("/sign-up");
  await page.getByLabel("Business name").fill("Copycat");
  await page.getByLabel("Your name").fill("Someone");
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password").fill("another-password");
  await page.getByRole("radio", { name: /^Other\b/ }).check();
  await page.getByRole("button", { name: "Create account" }).click();
  await page.waitForURL("**/overview");
  await expect(page.locator(".sidebar-brand")).toContainText("Copycat");
  await signOut(page);
  await signIn(page, account.email, account.password);
  await expect(page.locator(".sidebar-brand")).toContainText(account.businessName);
});

test("a signed-out visitor who opens the simulator signs in and comes back to it", async ({ page }) => {
  const account = await signUp(page);
  await signOut(page);
  await page.goto("/simulator");
  await expect(page).toHaveURL(/\/sign-in\?callbackUrl=%2Fsimulator$/);
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password").fill(account.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL(/\/simulator$/);
  await expect(page.getByRole("textbox", { name: "Message" })).toBeVisible();
});

test("an agent sees only the inbox, simulator, contacts and records", async ({ page, browser }) => {
  await signUp(page);
  await page.goto("/team");
  await expect(page.getByRole("heading", { name: "Team" })).toBeVisible();
  const agent = { email: `${unique("agent")}@example.test`, password: "temporary-pass-1" };
  await addMember(page, browser, { ...agent, name: "Ada Agent", role: "agent" });
  await page.reload();
  await expect(page.getByRole("cell", { name: agent.email })).toBeVisible();
  await screenshot(page, "team");

  const agentContext = await browser.newContext();
  const agentPage = await agentContext.newPage();
  await signIn(agentPage, agent.email, agent.password, /\/inbox$/);
  const nav = agentPage.getByRole("navigation", { name: "Dashboard" });
  for (const label of AGENT_PAGES) await expect(nav.getByRole("link", { name: label, exact: true })).toBeVisible();
  for (const label of OWNER_ONLY) await expect(nav.getByRole("link", { name: label, exact: true })).toHaveCount(0);

  for (const path of [
    "/overview",
    "/team",
    "/api-keys",
    "/skills",
    "/webhooks",
    "/catalog",
    "/assistant",
    "/templates",
    "/channel",
    "/api-reference",
    "/campaigns",
    "/saved-replies",
  ]) {
    const response = await agentPage.goto(path);
    expect(response?.status()).toBe(403);
    await expect(agentPage.getByText("403 · You are not allowed to open this page")).toBeVisible();
    if (path === "/overview") await screenshot(agentPage, "not-allowed");
  }

  const api = dashboardApi(agentPage);
  expect((await api.get("/v1/internal/team")).status).toBe(403);
  expect((await api.get("/v1/internal/analytics?window=7d")).status).toBe(403);
  expect((await api.post("/v1/internal/team/invites", { email: "x@example.test", role: "owner" })).status).toBe(403);
  expect((await api.get("/v1/campaigns")).status).toBe(403);
  expect((await api.get("/v1/internal/inbox")).status).toBe(200);
  await agentContext.close();
});

test("a second business never sees the first business's data", async ({ page, browser }) => {
  // The demo business (seeded by npm start) has contacts, a conversation and records.
  const demoContext = await browser.newContext();
  const demoPage = await demoContext.newPage();
  await signIn(demoPage, DEMO_OWNER.email, DEMO_OWNER.password);
  const demo = dashboardApi(demoPage);
  const demoConversations = (await demo.get("/v1/internal/inbox")).body.data;
  const demoContacts = (await demo.get("/v1/contacts")).body.data;
  const demoCollections = (await demo.get("/v1/internal/records")).body.collections as string[];
  const demoRecords = (await Promise.all(demoCollections.map((c) => demo.get(`/v1/internal/records/${c}`)))).flatMap((r) => r.body.data);
  expect(demoConversations.length).toBeGreaterThan(0);
  expect(demoContacts.length).toBeGreaterThan(0);
  expect(demoRecords.length).toBeGreaterThan(0);
  await demoContext.close();

  await signUp(page);
  const api = dashboardApi(page);
  expect((await api.get("/v1/internal/inbox")).body.data).toEqual([]);
  expect((await api.get("/v1/contacts")).body.data).toEqual([]);
  for (const c of demoCollections) expect((await api.get(`/v1/internal/records/${c}`)).body.data).toEqual([]);

  // Foreign ids answer exactly like missing ones.
  const missing = await api.get("/v1/internal/inbox/conv_01JD7X4S9C8A3K2M5N6P7Q8R9T");
  const foreign = await api.get(`/v1/internal/inbox/${demoConversations[0].id}`);
  expect(foreign.status).toBe(404);
  expect(foreign.body.error.code).toBe(missing.body.error.code);
  expect(foreign.body.error.message).toBe(missing.body.error.message);
  expect((await api.get(`/v1/conversations/${demoConversations[0].id}/messages`)).status).toBe(404);
  expect((await api.post(`/v1/conversations/${demoConversations[0].id}/handoff`)).status).toBe(404);
  expect((await api.post(`/v1/internal/conversations/${demoConversations[0].id}/messages`, { type: "text", text: "hi" })).status).toBe(404);
  expect((await api.get(`/v1/internal/contacts/${demoContacts[0].id}`)).status).toBe(404);
  expect((await api.patch(`/v1/internal/contacts/${demoContacts[0].id}`, { name: "Hijacked" })).status).toBe(404);
  const byConversation = await api.get(`/v1/internal/records/${demoRecords[0].collection}?conversationId=${demoRecords[0].conversationId ?? "x"}`);
  expect(byConversation.body.data).toEqual([]);

  // In the browser too: the inbox and contacts are empty.
  await page.goto("/inbox");
  await expect(page.getByText("No conversations")).toBeVisible();
  await page.goto("/contacts");
  await expect(page.getByText("No contacts yet")).toBeVisible();

  // Writes from another site are refused even with a valid session cookie.
  const crossSite = await page.request.post("/v1/internal/team/invites", {
    data: { email: "x@example.test", role: "owner" },
    headers: { origin: "https://evil.example" },
  });
  expect(crossSite.status()).toBe(403);
  const noOrigin = await page.request.post(`/v1/conversations/${demoConversations[0].id}/close`, { data: {} });
  expect(noOrigin.status()).toBe(403);
});
