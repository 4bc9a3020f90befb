import { addMember, dashboardApi, expect, expectSignedOut, screenshot, signIn, signOut, signUp, test, unique } from "./fixtures";

// Sessions end for real: sign-out, a password change, a role change and removal each end every
// earlier session cookie of the user, checked on every page and endpoint.

test("a copied session cookie stops working once its user signs out", async ({ page, browser }) => {
  await signUp(page);
  const copy = await browser.newContext();
  await copy.addCookies(await page.context().cookies());
  const thief = await copy.newPage();
  await thief.goto("/overview");
  await expect(thief.getByRole("heading", { name: "Overview" })).toBeVisible();

  await signOut(page);
  await expectSignedOut(thief, "/overview");
  const res = await thief.request.get("/v1/internal/team");
  expect(res.status()).toBe(401);
  await copy.close();
});

test("an owner changes a member's role and removes them; the member is signed out each time", async ({ page, browser }) => {
  await signUp(page);
  const agent = { email: `${unique("member")}@example.test`, password: "temporary-pass-1" };
  const api = dashboardApi(page);
  await addMember(page, browser, { ...agent, name: "Mo Member", role: "agent" });

  const memberContext = await browser.newContext();
  const member = await memberContext.newPage();
  await signIn(member, agent.email, agent.password, /\/inbox$/);

  await page.goto("/team");
  const row = page.getByRole("row").filter({ hasText: agent.email });
  await row.getByRole("button", { name: "Make owner" }).click();
  await expect(page.getByText(`${agent.email} is now an owner`)).toBeVisible();
  await expect(row.getByText("owner", { exact: true })).toBeVisible();
  await screenshot(page, "team-actions");

  // The member's old cookie no longer opens anything; signing in again gives the new role.
  await expectSignedOut(member, "/inbox");
  await signIn(member, agent.email, agent.password, /\/overview$/);

  await row.getByRole("button", { name: "Remove" }).click();
  const confirm = page.getByRole("dialog", { name: "Remove this member?" });
  await confirm.getByRole("button", { name: "Remove" }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByRole("cell", { name: agent.email })).toHaveCount(0);

  await expectSignedOut(member, "/overview");
  await member.getByLabel("Email").fill(agent.email);
  await member.getByLabel("Password").fill(agent.password);
  await member.getByRole("button", { name: "Sign in" }).click();
  await expect(member.locator(".alert[role=alert]")).toContainText("Wrong email or password");
  await memberContext.close();

  // The last owner can be neither demoted nor removed (the page offers no button for oneself).
  const me = (await api.get("/v1/internal/team")).body.data[0];
  expect((await api.patch(`/v1/internal/team/${me.id}`, { role: "agent" })).status).toBe(409);
});

test("changing one's own password needs the current one and signs out the other sessions", async ({ page, browser }) => {
  const account = await signUp(page);
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await signIn(otherPage, account.email, account.password);

  await page.locator(".user-menu-button").click();
  await page.getByRole("link", { name: "Your account" }).click();
  await expect(page.getByRole("heading", { name: "Your account" })).toBeVisible();

  await page.getByLabel("Current password").fill("not-my-password");
  await page.getByLabel("New password", { exact: true }).fill("a-brand-new-password");
  await page.getByLabel("Repeat the new password").fill("a-brand-new-password");
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByText("The current password is wrong.")).toBeVisible();

  await page.getByLabel("Current password").fill(account.password);
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByText("Password changed.")).toBeVisible();
  await screenshot(page, "account");

  // This browser stays signed in (it signed in again with the new password); the other one is out.
  await page.goto("/overview");
  await expect(page.getByRole("heading", { name: "Overview" })).toBeVisible();
  await expectSignedOut(otherPage, "/overview");
  await other.close();

  await signOut(page);
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password").fill(account.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.locator(".alert[role=alert]")).toContainText("Wrong email or password");
  await signIn(page, account.email, "a-brand-new-password");
});
