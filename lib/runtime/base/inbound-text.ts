// What a turn can read in an inbound message. Text, button and list replies are words; a caption or a
// shared location's address is read as words too (it may answer "what is the delivery address?"); a
// WhatsApp cart was already recorded as an order by the channel; a Flow's answer goes to the skill that
// sent the Flow; a reaction needs no answer.

export type Readable = { kind: "text"; text: string } | { kind: "order" } | { kind: "flow" } | { kind: "unreadable" } | { kind: "ignore" };

export function readInbound(type: string, text: string, content: Record<string, unknown> | null = null): Readable {
  if (type === "reaction") return { kind: "ignore" };
  // A WhatsApp Flow's answer is a form's fields, read by the skill waiting for it, never as words.
  if (type === "interactive" && content?.kind === "nfm_reply") return { kind: "flow" };
  if (type === "order") return { kind: "order" };
  if (type === "text" || type === "interactive" || type === "button") return text.trim() ? { kind: "text", text } : { kind: "unreadable" };
  // Other types arrive as "[image] caption", "[location] 38.7,-9.1 Rua Augusta 1" or just "[audio]".
  const words = text.replace(/^\[[a-z_]+\]\s*/i, "").trim();
  return words ? { kind: "text", text: words } : { kind: "unreadable" };
}
