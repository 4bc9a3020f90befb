import { addMember, attachScreenshot, dashboardApi, expect, signIn, signUp, test, unique } from "./fixtures";

// Team management: an owner invites by a one-time link; the link, opened in a fresh browser, lets the
// new member set their own name and password and lands them in the dashboard; it works once; revoke.
test("an owner invites a teammate by a one-time link that signs them in once", { tag: "@phone" }, async ({ page, browser }) => {
  const owner = await signUp(page);
  await page.goto("/team");
  await expect(page.getByText("No pending invites")).toBeVisible();

  const email = `${unique("invitee")}@example.test`;
  await page.getByRole("button", { name: "Invite teammate" }).click();
  const dialog = page.getByRole("dialog", { name: "Invite a teammate" });
  await expect(dialog.getByLabel("Temporary password")).toHaveCount(0);
  await dialog.getByLabel("Email").fill(email);
  await dialog.getByLabel("Role").selectOption("agent");
  await dialog.getByRole("button", { name: "Create invite link" }).click();
  const shown = page.getByRole("dialog", { name: "Share the invite link" });
  const link = (await shown.getByTestId("secret-value").textContent())?.trim() ?? "";
  expect(link).toMatch(/\/invite\/inv_[A-Za-z0-9_-]{43}$/);
  await attachScreenshot(page, "invite-link-shown-once");
  await shown.getByRole("button", { name: "Done" }).click();

  const pending = page.getByRole("region", { name: "Pending invites" });
  await expect(pending.getByRole("cell", { name: email })).toBeVisible();
  await attachScreenshot(page, "team-pending-invite");

  // The new member, in a browser of their own.
  const memberContext = await browser.newContext();
  const member = await memberContext.newPage();
  await member.goto(link);
  await expect(member.getByRole("heading", { name: `Join ${owner.businessName}` })).toBeVisible();
  await expect(member.getByLabel("Email")).toHaveValue(email);
  await member.getByLabel("Your name").fill("Nina Newcomer");
  await member.getByLabel("Password", { exact: true }).fill("nina-own-password");
  await member.getByLabel("Repeat the password").fill("nina-other");
  await member.getByRole("button", { name: "Join the team" }).click();
  await expect(member.getByText("The two passwords differ.")).toBeVisible();
  await member.getByLabel("Repeat the password").fill("nina-own-password");
  await attachScreenshot(member, "invite-accept-form");
  await member.getByRole("button", { name: "Join the team" }).click();
  await member.waitForURL(/\/inbox$/);
  await expect(member.getByRole("heading", { name: "Inbox" })).toBeVisible();
  const nav = member.getByRole("navigation", { name: "Dashboard" });
  await expect(nav.getByRole("link", { name: "Team", exact: true })).toHaveCount(0);
  await attachScreenshot(member, "invited-member-in-inbox");
  await memberContext.close();

  // Single use: the same link in another fresh browser says it is no longer valid.
  const again = await browser.newContext();
  const stranger = await again.newPage();
  await stranger.goto(link);
  await expect(stranger.getByRole("heading", { name: "This invite link is no longer valid" })).toBeVisible();
  await again.close();

  // The owner sees the member on the team, and no pending invite; the member signs in with their password.
  await page.reload();
  await expect(page.getByRole("row").filter({ hasText: email })).toContainText("Nina Newcomer");
  await expect(pending.getByText("No pending invites")).toBeVisible();
  const later = await browser.newContext();
  const memberAgain = await later.newPage();
  await signIn(memberAgain, email, "nina-own-password", /\/inbox$/);
  await later.close();

  // Revoke: the link of a revoked invite stops working.
  await page.getByRole("button", { name: "Invite teammate" }).click();
  const second = `${unique("revoked")}@example.test`;
  await page.getByRole("dialog", { name: "Invite a teammate" }).getByLabel("Email").fill(second);
  await page.getByRole("dialog", { name: "Invite a teammate" }).getByRole("button", { name: "Create invite link" }).click();
  const revokedLink = (await page.getByRole("dialog", { name: "Share the invite link" }).getByTestId("secret-value").textContent())?.trim() ?? "";
  await page.getByRole("button", { name: "Done" }).click();
  await pending.getByRole("row").filter({ hasText: second }).getByRole("button", { name: "Revoke" }).click();
  await page.getByRole("dialog", { name: "Revoke this invite?" }).getByRole("button", { name: "Revoke" }).click();
  await expect(page.getByText(`The invite for ${second} was revoked`)).toBeVisible();
  await expect(pending.getByText("No pending invites")).toBeVisible();
  const third = await browser.newContext();
  const late = await third.newPage();
  await late.goto(revokedLink);
  await expect(late.getByRole("heading", { name: "This invite link is no longer valid" })).toBeVisible();
  await attachScreenshot(late, "revoked-invite-link");
  await third.close();
});

// Issue 34, item 10: what an owner leaves behind. Their pending invites end with their removal or
// demotion (a removed owner's owner invite would still make a new owner), and the API keys they created
// are shown for one-click revocation: on the team page right after, and on the API keys page for as
// long as they work.
test("a demoted or removed owner's invites stop working and their keys are one click from revoked", async ({ page, browser, request }) => {
  await signUp(page);
  const second = { email: `${unique("second-owner")}@example.test`, password: "second-owner-password", role: "owner" as const };
  await addMember(page, browser, { ...second, name: "Sam Second" });

  // The second owner invites a new owner and makes two keys.
  const theirs = await browser.newContext();
  const secondPage = await theirs.newPage();
  await signIn(secondPage, second.email, second.password);
  const asSecond = dashboardApi(secondPage);
  const ownerInvite = await asSecond.post("/v1/internal/team/invites", { email: `${unique("would-be-owner")}@example.test`, role: "owner" });
  expect(ownerInvite.status).toBe(200);
  const keys: { key: string; name: string }[] = [];
  for (const name of ["Back office", "Zapier"]) {
    const made = await asSecond.post("/v1/internal/api-keys", { name, scopes: ["usage:read"] });
    expect(made.status).toBe(200);
    keys.push(made.body);
  }
  await theirs.close();
  const works = async (key: string) => (await request.get("/v1/usage/wallet", { headers: { authorization: `Bearer ${key}` } })).status();
  expect(await works(keys[0].key)).toBe(200);

  // Made an agent: the invite is revoked, and the team page says their keys remain.
  await page.goto("/team");
  const row = page.getByRole("row").filter({ hasText: second.email });
  await row.getByRole("button", { name: "Make agent" }).click();
  await expect(page.getByText("1 pending invite they sent was revoked")).toBeVisible();
  const notice = page.getByRole("region", { name: `2 API keys created by ${second.email} remain` });
  await expect(notice).toContainText("they are an agent now");
  await expect(notice).toContainText("Back office");
  await expect(notice).toContainText("Zapier");
  await attachScreenshot(page, "team-keys-left-after-demotion");

  // The invite link no longer makes anyone an owner.
  const stranger = await browser.newContext();
  const late = await stranger.newPage();
  await late.goto(ownerInvite.body.url);
  await expect(late.getByRole("heading", { name: "This invite link is no longer valid" })).toBeVisible();
  await stranger.close();

  // The API keys page shows the same until they are revoked: one click revokes both.
  await page.goto("/api-keys");
  const banner = page.getByRole("region", { name: `2 API keys created by ${second.email} remain` });
  await expect(banner).toBeVisible();
  await expect(page.getByRole("row", { name: /Back office/ })).toContainText(`by ${second.email}`);
  await attachScreenshot(page, "api-keys-left-by-demoted-owner");
  await banner.getByRole("button", { name: "Revoke all" }).click();
  await expect(page.getByText(`Revoked 2 API keys created by ${second.email}`)).toBeVisible();
  await expect(banner).toBeHidden();
  await expect(page.getByRole("row", { name: /Back office/ })).toContainText("Revoked");
  await expect(page.getByRole("row", { name: /Zapier/ })).toContainText("Revoked");
  for (const k of keys) expect(await works(k.key)).toBe(401);

  // Removed: nothing of theirs is left to show.
  await page.goto("/team");
  await page.getByRole("row").filter({ hasText: second.email }).getByRole("button", { name: "Remove" }).click();
  await page.getByRole("dialog", { name: "Remove this member?" }).getByRole("button", { name: "Remove" }).click();
  await expect(page.getByText(`${second.email} was removed and signed out.`)).toBeVisible();
  await expect(page.getByRole("region", { name: /API keys? created by/ })).toHaveCount(0);
});
