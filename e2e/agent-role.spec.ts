import { dashboardApi, expect, signIn, signUp, test, unique } from "./fixtures";

// Owner-only pages and their internal endpoints refuse agents: the page says 403, the endpoints answer 403.
test("an agent cannot open the API keys page or use its endpoints", async ({ page, browser }) => {
  await signUp(page);
  const agent = { email: `${unique("agent")}@example.test`, password: "temporary-pass-1" };
  const invited = await dashboardApi(page).post("/api/dashboard/team", {
    name: "Ada Agent",
    email: agent.email,
    password: agent.password,
    role: "agent",
  });
  expect(invited.status).toBe(200);

  const agentContext = await browser.newContext();
  const agentPage = await agentContext.newPage();
  await signIn(agentPage, agent.email, agent.password, /\/inbox$/);
  expect((await agentPage.goto("/api-keys"))?.status()).toBe(403);
  await expect(agentPage.getByText("403 · You are not allowed to open this page")).toBeVisible();
  await expect(agentPage.getByRole("heading", { name: "API keys" })).toHaveCount(0);
  for (const path of ["/catalog", "/assistant", "/templates", "/channel", "/api-reference", "/skills/sk_booking"]) {
    expect((await agentPage.goto(path))?.status()).toBe(403);
    await expect(agentPage.getByText("403 · You are not allowed to open this page")).toBeVisible();
  }

  const api = dashboardApi(agentPage);
  expect((await api.get("/api/dashboard/api-keys")).status).toBe(403);
  expect((await api.post("/api/dashboard/api-keys", { name: "sneaky", scopes: ["usage:read"] })).status).toBe(403);
  expect((await api.get("/api/dashboard/skills")).status).toBe(403);
  expect((await api.get("/api/dashboard/webhooks")).status).toBe(403);
  expect((await api.get("/api/dashboard/catalog")).status).toBe(403);
  await agentContext.close();
});
