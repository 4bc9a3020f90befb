import { addMember, dashboardApi, expect, signIn, signUp, test, unique } from "./fixtures";

// Owner-only pages and their internal endpoints refuse agents: the page says 403, the endpoints answer 403.
test("an agent cannot open the API keys page or use its endpoints", async ({ page, browser }) => {
  await signUp(page);
  const agent = { email: `${unique("agent")}@example.test`, password: "temporary-pass-1" };
  await addMember(page, browser, { ...agent, name: "Ada Agent", role: "agent" });

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
  expect((await api.get("/v1/internal/api-keys")).status).toBe(403);
  expect((await api.post("/v1/internal/api-keys", { name: "sneaky", scopes: ["usage:read"] })).status).toBe(403);
  expect((await api.get("/v1/skills")).status).toBe(403);
  expect((await api.get("/v1/internal/webhook-endpoints")).status).toBe(403);
  expect((await api.get("/v1/internal/catalog")).status).toBe(403);
  await agentContext.close();
});
