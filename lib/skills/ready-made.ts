import type { SkillEdge, SkillGraph, SkillNode } from "./graph-schema";

// Three skills a business can switch on before drawing its own; each validates with no warnings.
// `{{item.total}}` is the chosen item's price times `{{quantity}}` (see docs/assistant.md).
// Nodes run top to bottom in the editor; a branch sits in a column beside the main path.

const at = (column: number, row: number) => ({ x: column * 280, y: row * 140 });
const link = (source: string, target: string, sourceHandle = "next"): SkillEdge => ({
  id: `e_${source}_${sourceHandle}`,
  source,
  target,
  sourceHandle,
});

// Every question that cannot get an answer after its retries hands the conversation to a person.
const handOff = (questions: string[], handoffId: string) => questions.map((q) => link(q, handoffId, "invalid"));

const everyDay = ["12:00-15:00", "18:00-23:00"];

// The time is asked last, so when a slot is taken the loop back re-asks only the time.
export const bookingGraph: SkillGraph = {
  nodes: [
    {
      id: "start",
      type: "trigger",
      position: at(0, 0),
      data: { keywords: ["book", "booking", "table", "reservation", "reserve"], description: "The customer wants to book a table." },
    },
    {
      id: "party_size",
      type: "question",
      position: at(0, 1),
      data: {
        text: "Happy to book you a table! For how many people?",
        variable: "party_size",
        kind: "number",
        retryText: "Please reply with a number, like 4.",
        maxRetries: 2,
      },
    },
    {
      id: "name",
      type: "question",
      position: at(0, 2),
      data: { text: "What name should the booking be under?", variable: "name", kind: "text", maxRetries: 2 },
    },
    {
      id: "when",
      type: "question",
      position: at(0, 3),
      data: {
        text: 'What day and time would you like to come? For example "Friday at 8pm".',
        variable: "when",
        kind: "datetime",
        retryText: 'Sorry, I did not get the date and time. Try something like "tomorrow at 7:30pm".',
        maxRetries: 2,
      },
    },
    {
      id: "slot",
      type: "availability",
      position: at(0, 4),
      data: {
        variable: "when",
        slotMinutes: 90,
        capacity: 4,
        openingHours: { mon: everyDay, tue: everyDay, wed: everyDay, thu: everyDay, fri: everyDay, sat: everyDay, sun: everyDay },
      },
    },
    {
      id: "save",
      type: "record",
      position: at(0, 5),
      data: { collection: "bookings", fields: { when: "{{when}}", party_size: "{{party_size}}", name: "{{name}}" } },
    },
    {
      id: "booked",
      type: "end",
      position: at(0, 6),
      data: { text: "You're booked, {{name}}: a table for {{party_size}} on {{when}}. See you then!" },
    },
    {
      id: "full",
      type: "message",
      position: at(1, 5),
      data: {
        text: "Sorry, we can't seat you on {{when}}: we are fully booked or closed then. We are open every day 12:00-15:00 and 18:00-23:00.",
      },
    },
    {
      id: "help",
      type: "handoff",
      position: at(-1, 4),
      data: { text: "Let me get a colleague to help you with your booking.", reason: "Booking: an answer could not be understood" },
    },
  ] satisfies SkillNode[],
  edges: [
    link("start", "party_size"),
    link("party_size", "name"),
    link("name", "when"),
    link("when", "slot"),
    link("slot", "save", "free"),
    link("save", "booked"),
    link("slot", "full", "taken"),
    // Back to the time question: the loop waits for the customer there.
    link("full", "when"),
    ...handOff(["party_size", "name", "when"], "help"),
  ],
};

export const ordersGraph: SkillGraph = {
  nodes: [
    {
      id: "start",
      type: "trigger",
      position: at(0, 0),
      data: { keywords: ["order", "buy", "menu"], description: "The customer wants to order something from the menu." },
    },
    {
      id: "item",
      type: "catalog",
      position: at(0, 1),
      data: { collection: "menu", variable: "item", text: "Here is what I found. Reply with the number of the one you want.", maxOptions: 5 },
    },
    {
      id: "quantity",
      type: "question",
      position: at(0, 2),
      data: {
        text: "How many {{item.title}} would you like?",
        variable: "quantity",
        kind: "number",
        retryText: "Please reply with a number, like 2.",
        maxRetries: 2,
      },
    },
    {
      id: "address",
      type: "question",
      position: at(0, 3),
      data: { text: "What is the delivery address?", variable: "address", kind: "text", maxRetries: 2 },
    },
    {
      id: "confirm",
      type: "question",
      position: at(0, 4),
      data: {
        text: "{{quantity}} x {{item.title}} at {{item.price}} each: {{item.total}} in total, delivered to {{address}}. Shall I place the order?",
        variable: "confirm",
        kind: "choice",
        choices: ["Yes", "No"],
        maxRetries: 2,
      },
    },
    { id: "confirmed", type: "condition", position: at(0, 5), data: { variable: "confirm", operator: "equals", value: "Yes" } },
    {
      id: "save",
      type: "record",
      position: at(0, 6),
      data: {
        collection: "orders",
        fields: {
          item: "{{item.title}}",
          itemId: "{{item.externalId}}",
          quantity: "{{quantity}}",
          unitPrice: "{{item.price}}",
          total: "{{item.total}}",
          address: "{{address}}",
        },
      },
    },
    {
      id: "placed",
      type: "end",
      position: at(0, 7),
      data: {
        text: "Thank you! Your order of {{quantity}} x {{item.title}} ({{item.total}}) is placed. We will let you know when it is on its way.",
      },
    },
    { id: "cancelled", type: "end", position: at(1, 6), data: { text: 'Order cancelled. Write "order" whenever you want to start again.' } },
    {
      id: "not_found",
      type: "end",
      position: at(1, 2),
      data: { text: 'Sorry, I couldn\'t find that on the menu. Write "menu" to try again with other words.' },
    },
    {
      id: "help",
      type: "handoff",
      position: at(-1, 4),
      data: { text: "Let me get a colleague to help you with your order.", reason: "Order: an answer could not be understood" },
    },
  ] satisfies SkillNode[],
  edges: [
    link("start", "item"),
    link("item", "quantity", "found"),
    link("item", "not_found", "none"),
    link("quantity", "address"),
    link("address", "confirm"),
    link("confirm", "confirmed"),
    link("confirmed", "save", "true"),
    link("confirmed", "cancelled", "false"),
    link("save", "placed"),
    ...handOff(["quantity", "address", "confirm"], "help"),
  ],
};

export const leadsGraph: SkillGraph = {
  nodes: [
    {
      id: "start",
      type: "trigger",
      position: at(0, 0),
      data: {
        keywords: ["quote", "contact me", "interested", "pricing", "price list"],
        description: "The customer asks for a quote or to be contacted.",
      },
    },
    {
      id: "name",
      type: "question",
      position: at(0, 1),
      data: { text: "Happy to help! What is your name?", variable: "name", kind: "text", maxRetries: 2 },
    },
    {
      id: "email",
      type: "question",
      position: at(0, 2),
      data: {
        text: "Thanks, {{name}}. What is your email address?",
        variable: "email",
        kind: "email",
        retryText: "That does not look like an email address. Could you check it?",
        maxRetries: 2,
      },
    },
    {
      id: "interest",
      type: "question",
      position: at(0, 3),
      data: { text: "What are you interested in?", variable: "interest", kind: "text", maxRetries: 2 },
    },
    {
      id: "save",
      type: "record",
      position: at(0, 4),
      data: { collection: "leads", fields: { name: "{{name}}", email: "{{email}}", interest: "{{interest}}" } },
    },
    { id: "done", type: "end", position: at(0, 5), data: { text: "Thanks, {{name}}! Someone from our team will contact you at {{email}} soon." } },
    {
      id: "help",
      type: "handoff",
      position: at(-1, 3),
      data: { text: "Let me get a colleague to help you.", reason: "Lead: an answer could not be understood" },
    },
  ] satisfies SkillNode[],
  edges: [
    link("start", "name"),
    link("name", "email"),
    link("email", "interest"),
    link("interest", "save"),
    link("save", "done"),
    ...handOff(["name", "email", "interest"], "help"),
  ],
};

export const readyMadeSkills: Array<{
  key: "booking" | "orders" | "leads";
  id: "sk_booking" | "sk_orders" | "sk_leads";
  name: string;
  description: string;
  graph: SkillGraph;
}> = [
  {
    key: "booking",
    id: "sk_booking",
    name: "Table booking",
    description: "Takes a table booking and never books a slot beyond capacity.",
    graph: bookingGraph,
  },
  {
    key: "orders",
    id: "sk_orders",
    name: "Order taking",
    description: "Finds items on the menu, confirms quantity and address, records the order.",
    graph: ordersGraph,
  },
  {
    key: "leads",
    id: "sk_leads",
    name: "Lead capture",
    description: "Collects a name, an email and what the customer is interested in.",
    graph: leadsGraph,
  },
];
