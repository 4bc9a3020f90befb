import { expect, hydrated, navigateTo, signUp, test } from "./fixtures";

// A dashboard page view fetches the pages a person reaches for, not every page it links to
// (components/shell/intent-link.tsx): the sidebar's twenty links each prefetched their page as soon as
// they were on screen, about forty server renders per page view.

const isPrefetch = (headers: Record<string, string>) => headers.rsc === "1" && headers["next-router-prefetch"] !== undefined;

test("opening a page prefetches none of the sidebar's pages; pointing at a link fetches that one page", async ({ page }) => {
  const prefetched: string[] = [];
  page.on("request", (r) => {
    if (isPrefetch(r.headers())) prefetched.push(new URL(r.url()).pathname);
  });
  await signUp(page);
  await page.goto("/catalog");
  await expect(page.getByRole("heading", { name: "Catalog", level: 1 })).toBeVisible();
  // Long enough for viewport prefetching to have started on every link (it starts once the page is idle).
  await page.waitForTimeout(1500);
  expect(prefetched, "no page prefetched just for being linked").toEqual([]);

  const records = page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Records", exact: true });
  await hydrated(records);
  await records.hover();
  await expect.poll(() => [...new Set(prefetched)]).toEqual(["/records"]);
  await navigateTo(page, "Records");
  await expect(page).toHaveURL(/\/records$/);
  await expect(page.getByRole("heading", { name: "Records", level: 1 })).toBeVisible();
});
