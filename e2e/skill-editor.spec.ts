import type { Page } from "@playwright/test";
import { expect, screenshot, signUp, test } from "./fixtures";

// The flow editor with a real pointer: nodes dragged from the palette (HTML5 drag and drop), handles
// connected with mouse drags, fields filled in the side panel, saved, reloaded; and two editors saving
// the same skill, which must end in the version-conflict choice rather than a silent overwrite.

const node = (page: Page, id: string) => page.locator(`.react-flow__node[data-id="${id}"]`);

/** Drops a palette item on the canvas, horizontally centred, `y` pixels from its top. */
async function dropFromPalette(page: Page, type: string, y: number) {
  const canvas = page.getByTestId("skill-canvas");
  const box = await canvas.boundingBox();
  await page.locator(`.skill-palette [data-node-type="${type}"]`).dragTo(canvas, { targetPosition: { x: (box?.width ?? 500) / 2, y } });
}

async function connect(page: Page, from: string, handle: string, to: string) {
  const source = await node(page, from).locator(`.react-flow__handle.source[data-handleid="${handle}"]`).boundingBox();
  const target = await node(page, to).locator(".react-flow__handle.target").boundingBox();
  if (!source || !target) throw new Error(`handles of ${from} -> ${to} not on screen`);
  await page.mouse.move(source.x + source.width / 2, source.y + source.height / 2);
  await page.mouse.down();
  await page.mouse.move(target.x + target.width / 2, target.y + target.height / 2, { steps: 12 });
  await page.mouse.up();
}

async function createBlankSkill(page: Page, name: string, phrase: string) {
  await page.goto("/skills");
  await page.getByRole("button", { name: "New skill" }).click();
  const dialog = page.getByRole("dialog", { name: "New skill" });
  await dialog.getByLabel("Blank skill").check();
  await dialog.getByLabel("Name", { exact: true }).fill(name);
  await dialog.getByLabel("Starts when a customer writes").fill(phrase);
  await dialog.getByRole("button", { name: "Create and open" }).click();
}

test("build a skill by dragging nodes and connecting handles, save, reload", async ({ page }) => {
  await signUp(page);
  await createBlankSkill(page, "Gift cards", "gift card");
  await page.waitForURL("**/skills/sk_gift_cards");
  await expect(node(page, "start")).toBeVisible();
  await expect(page.getByText("The skill is valid")).toBeVisible();

  await dropFromPalette(page, "question", 230);
  await expect(node(page, "question_1")).toBeVisible();
  await dropFromPalette(page, "end", 400);
  await expect(node(page, "end_1")).toBeVisible();
  // Unconnected and empty: the validator's problems are listed and the nodes flagged.
  await expect(page.getByText(/problems?: fix/)).toBeVisible();
  await expect(node(page, "question_1").locator(".skill-node")).toHaveClass(/has-error/);

  await connect(page, "start", "next", "question_1");
  await connect(page, "question_1", "next", "end_1");
  await expect(page.locator(".react-flow__edge")).toHaveCount(2);

  await node(page, "question_1").click();
  const panel = page.getByRole("complementary", { name: "Selected node" });
  await expect(panel.getByRole("heading", { name: "Question" })).toBeVisible();
  await expect(panel.getByText("must not be empty")).toBeVisible();
  await panel.getByLabel("Question", { exact: true }).fill("How much should the gift card be worth?");
  await panel.getByLabel("Store the answer in").fill("amount");
  await panel.getByLabel("Answer kind").selectOption("number");
  await node(page, "end_1").click();
  await panel.getByLabel("Text", { exact: true }).fill("Thanks! A gift card of {{amount}} is on its way.");
  await expect(page.getByText("The skill is valid")).toBeVisible();

  // Undo the last text edit, redo it.
  await page.locator(".react-flow__pane").click({ position: { x: 20, y: 20 } });
  await page.keyboard.press("Control+z");
  await expect(node(page, "end_1")).toContainText("Ends without a message");
  await page.keyboard.press("Control+Shift+z");
  await expect(node(page, "end_1")).toContainText("gift card of {{amount}}");

  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("Saved as version 2.")).toBeVisible();
  await expect(page.getByText("Unsaved changes")).toHaveCount(0);
  await node(page, "question_1").click();
  await screenshot(page, "skill-editor");

  await page.reload();
  await expect(node(page, "question_1")).toContainText("How much should the gift card be worth?");
  await expect(node(page, "question_1")).toContainText("amount");
  await expect(node(page, "end_1")).toContainText("gift card of {{amount}}");
  await expect(page.locator(".react-flow__edge")).toHaveCount(2);
  await expect(page.locator(".skill-toolbar").getByText("v2", { exact: true })).toBeVisible();

  await page.goto("/skills");
  await expect(page.getByRole("link", { name: "Gift cards" })).toBeVisible();
  await screenshot(page, "skills");
});

test("two editors saving the same skill get the version-conflict choice", async ({ page, context }) => {
  await signUp(page);
  await createBlankSkill(page, "Opening hours", "opening hours");
  await page.waitForURL("**/skills/sk_opening_hours");
  const other = await context.newPage();
  await other.goto(page.url());
  await expect(node(other, "start")).toBeVisible();

  await page.getByLabel("Skill name").fill("Opening hours (mine)");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("Saved as version 2.")).toBeVisible();

  await other.getByLabel("Skill name").fill("Opening hours (theirs)");
  await other.getByRole("button", { name: "Save", exact: true }).click();
  const dialog = other.getByRole("dialog", { name: "This skill changed while you were editing" });
  await expect(dialog).toBeVisible();
  await screenshot(other, "skill-conflict");
  await dialog.getByRole("button", { name: "Overwrite with mine" }).click();
  await expect(other.getByText("Saved as version 3.")).toBeVisible();

  // The first editor is now behind: it may take the other's version instead of overwriting it.
  await page.getByLabel("Skill name").fill("Opening hours (again)");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  const again = page.getByRole("dialog", { name: "This skill changed while you were editing" });
  await again.getByRole("button", { name: "Reload theirs" }).click();
  await expect(again).toBeHidden();
  await expect(page.getByLabel("Skill name")).toHaveValue("Opening hours (theirs)");
  await expect(page.locator(".skill-toolbar").getByText("v3", { exact: true })).toBeVisible();
});

test("ready-made skills, and graphs without positions laid out automatically with warnings shown", async ({ page }) => {
  await signUp(page);
  await page.goto("/skills");
  // Sign-up as an "other" business installed lead capture only.
  await expect(page.getByRole("row", { name: /Lead capture/ })).toBeVisible();
  await expect(page.getByRole("row", { name: /Order taking/ })).toHaveCount(0);
  await page.getByRole("button", { name: "New skill" }).click();
  const dialog = page.getByRole("dialog", { name: "New skill" });
  await dialog.getByLabel("Order taking").check();
  await expect(dialog.getByLabel("Skill id")).toHaveValue("sk_orders");
  await dialog.getByRole("button", { name: "Create and open" }).click();
  await page.waitForURL("**/skills/sk_orders");
  // The order skill's cart is a catalog node on the "menu" collection.
  await expect(node(page, "cart")).toContainText("menu");
  await expect(page.getByText("The skill is valid")).toBeVisible();
  await page.goto("/skills");
  const row = page.getByRole("row", { name: /Order taking/ });
  await expect(row.getByRole("switch")).toBeChecked();
  await row.getByRole("switch").click();
  await expect(row.getByRole("switch")).not.toBeChecked();

  // Saved through the API shape without positions: the editor lays the nodes out itself.
  const graph = {
    nodes: [
      { id: "t", type: "trigger", data: { keywords: ["hours"] } },
      { id: "m", type: "message", data: { text: "Hello {{nobody}}, we open at 9." } },
      { id: "e", type: "end", data: {} },
    ],
    edges: [
      { id: "e1", source: "t", target: "m" },
      { id: "e2", source: "m", target: "e" },
    ],
  };
  const saved = await page.request.put("/v1/skills/sk_hours", {
    data: { name: "Hours", enabled: false, graph, expectedVersion: 0 },
    headers: { origin: new URL(page.url()).origin },
  });
  expect(saved.status()).toBe(200);
  await page.goto("/skills/sk_hours");
  const boxes = await Promise.all(["t", "m", "e"].map((id) => node(page, id).boundingBox()));
  expect(boxes[0]!.y + boxes[0]!.height).toBeLessThanOrEqual(boxes[1]!.y);
  expect(boxes[1]!.y + boxes[1]!.height).toBeLessThanOrEqual(boxes[2]!.y);
  await expect(page.getByText("1 warning")).toBeVisible();
  await expect(page.getByRole("button", { name: /uses \{\{nobody\}\}/ })).toBeVisible();
  await expect(node(page, "m").locator(".skill-node")).toHaveClass(/has-warning/);
  await page.getByRole("button", { name: "Tidy up" }).click();
  // The editor's save state (the nav's "Saved replies" link is not it).
  await expect(page.getByText("Unsaved changes", { exact: true }).or(page.getByText("Saved", { exact: true }))).toBeVisible();
});
