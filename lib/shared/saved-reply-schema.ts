import { z } from "zod";

// Saved replies: schemas shared by the operations and the dashboard, and the variable filling the inbox
// does when staff insert one (browser-safe: no server imports).

export const savedReplyVariables = ["contact.name", "contact.first_name"] as const;
// A fallback stops at any brace: `[^}]*` ran on through every later "{{" (quadratic).
const variablePattern = /\{\{\s*([a-z_.]+)\s*(?:\|([^{}]*))?\}\}/g;

const shortcut = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9][a-z0-9_-]{0,31}$/, "shortcut must be 1..32 lower-case letters, digits, - or _, starting with a letter or digit.");

const replyText = z
  .string()
  .min(1, "text must not be empty.")
  .max(4096, "text must be at most 4,096 characters.")
  .superRefine((text, ctx) => {
    for (const [, name] of text.matchAll(variablePattern)) {
      if (!(savedReplyVariables as readonly string[]).includes(name)) {
        ctx.addIssue({ code: "custom", message: `Unknown variable {{${name}}}: use {{contact.name}} or {{contact.first_name}}.` });
      }
    }
  });

export const savedReplyIn = z.object({
  shortcut: shortcut.describe("Typed after `/` in the inbox's reply box, e.g. `hours`."),
  text: replyText.describe(
    "The reply. `{{contact.name}}` and `{{contact.first_name}}` are filled in the inbox; `{{contact.first_name|there}}` gives a fallback.",
  ),
});
export const savedReplyPatch = savedReplyIn.partial().refine((v) => v.shortcut !== undefined || v.text !== undefined, "Give shortcut or text.");

export const savedReplyOut = z.object({
  id: z.string().meta({ example: "sr_01JD7X4S9C8A3K2M5N6P7Q8R9T" }),
  shortcut: z.string().meta({ example: "hours" }),
  text: z.string().meta({ example: "Hi {{contact.first_name|there}}, we are open from 12:00 to 23:00 every day." }),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SavedReplyOut = z.infer<typeof savedReplyOut>;

/**
 * The reply's text for one contact: each variable becomes the contact's name (or first name), else the
 * variable's own fallback (`{{contact.first_name|there}}`), else nothing, with the space or comma it
 * leaves behind tidied ("Hi {{contact.first_name}}, ..." reads "Hi, ..." for a customer we know no name of).
 */
export function fillSavedReply(text: string, contact: { name: string | null | undefined }): string {
  const name = contact.name?.trim() || null;
  let out = "";
  let last = 0;
  for (const m of text.matchAll(variablePattern)) {
    out += text.slice(last, m.index);
    last = (m.index ?? 0) + m[0].length;
    const value = m[1] === "contact.first_name" ? (name?.split(/\s+/)[0] ?? null) : m[1] === "contact.name" ? name : null;
    const filled = value ?? m[2]?.trim() ?? "";
    if (filled) {
      out += filled;
      continue;
    }
    // Nothing to say: the space before goes ("Hi {{contact.first_name}}, ..." reads "Hi, ..."), and at
    // the start of a line the space after; a comma left dangling before the end of a sentence goes too.
    out = out.replace(/(?<![ \t])[ \t]+$/, "");
    if (/^[.!?]/.test(text.slice(last))) out = out.replace(/[,;:]$/, "");
    if (out === "" || out.endsWith("\n")) {
      while (text[last] === " " || text[last] === "\t") last++;
    }
  }
  return out + text.slice(last);
}
