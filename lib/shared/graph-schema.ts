import { z } from "zod";

// The one schema for skill graphs, shared by the API, the runtime and the flow editor, so it must
// stay browser-safe: no server-only, no Node built-ins, no database. The language is described in docs/skill-graph.md.

export const nodeTypes = [
  "trigger",
  "message",
  "question",
  "flow",
  "condition",
  "catalog",
  "availability",
  "service",
  "appointment",
  "record",
  "handoff",
  "ai",
  "end",
] as const;
export const nodeTypeSchema = z.enum(nodeTypes);
export type NodeType = z.infer<typeof nodeTypeSchema>;

/** The handles an edge may leave each node type by; `handoff` and `end` finish the skill. */
export const handlesOut: Record<NodeType, readonly string[]> = {
  trigger: ["next"],
  message: ["next"],
  question: ["next", "invalid"],
  flow: ["next", "invalid"],
  condition: ["true", "false"],
  catalog: ["found", "none"],
  availability: ["free", "taken"],
  service: ["found", "none"],
  appointment: ["booked", "none"],
  record: ["next"],
  handoff: [],
  ai: ["next"],
  end: [],
};

export const questionKinds = ["text", "number", "email", "phone", "date", "datetime", "choice"] as const;
export const conditionOperators = ["equals", "not_equals", "contains", "gt", "lt", "exists"] as const;
export const weekdays = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"] as const;

export const variableName = z
  .string()
  .regex(/^[A-Za-z_][A-Za-z0-9_]{0,63}$/, "must be a variable name like party_size (a letter or _, then letters, digits or _; at most 64)");
/** A variable, or one field of it (`item.priceAmount`, `cart.totalAmount`): what a condition tests. */
export const variablePath = z
  .string()
  .regex(
    /^[A-Za-z_][A-Za-z0-9_]{0,63}(\.[A-Za-z_][A-Za-z0-9_]{0,63})?$/,
    "must be a variable name like party_size, or a field of one like item.priceAmount",
  );
export const collectionName = z
  .string()
  .regex(/^[a-z0-9][a-z0-9_-]{0,63}$/, "must be a collection name like bookings (lower-case letters, digits, _ or -; at most 64)");

// 4096 is WhatsApp's limit for one text message.
const text = z.string().min(1, "must not be empty").max(4096);
const optionalText = z.string().max(4096).optional();
const phrase = z.string().max(100).regex(/\S/, "must not be blank");
// Per-language variants of a text, beside the default `text`: the reply uses the customer's language
// when a variant exists and the default text otherwise. Optional, so graphs without them still parse.
export const textLanguages = ["en", "pt", "es"] as const;
const texts = z.partialRecord(z.enum(textLanguages), z.string().min(1).max(4096)).optional();

const hoursPattern = /^([01]\d|2[0-3]):[0-5]\d-(([01]\d|2[0-3]):[0-5]\d|24:00)$/;
const hoursRange = z
  .string()
  .regex(hoursPattern, 'must look like "09:00-17:00"')
  // A range past midnight is written as two ranges on two days, so the start always comes first.
  .refine((r) => !hoursPattern.test(r) || r.slice(0, 5) < r.slice(6), "must end after it starts");

export const triggerData = z.object({
  keywords: z.array(phrase).min(1, "needs at least one phrase").max(50),
  description: z.string().max(500).optional(),
});

export const messageData = z.object({ text, texts });

/** A field's name as staff read it in Records ("Party size" for party_size): 1..80 characters, not blank. */
export const fieldLabel = z.string().max(80, "must be at most 80 characters").regex(/\S/, "must not be blank");

export const questionData = z
  .object({
    text,
    variable: variableName,
    // How Records names the answer when a record field is exactly {{variable}} (the record node's own labels win).
    label: fieldLabel.optional(),
    kind: z.enum(questionKinds),
    // More than 10 choices are still sent, as a numbered text instead of a WhatsApp list.
    choices: z.array(phrase).max(50).optional(),
    retryText: optionalText,
    maxRetries: z.number().int().min(0).max(10).default(2),
    texts,
    retryTexts: texts,
    // The choices as shown in each language (same order and count as `choices`; the stored value is the default choice).
    choiceTexts: z.partialRecord(z.enum(textLanguages), z.array(phrase).max(50)).optional(),
    // More words that pick a choice, by choice ("Pickup": ["levantar", "recoger"]).
    synonyms: z.record(z.string().max(100), z.array(phrase).max(50)).optional(),
    // The yes/no question before the record is written: corrections re-ask it, "no" and "cancel" store nothing.
    confirm: z.boolean().optional(),
    // A number above `max` (a business rule such as the largest party) hands off with `maxText`.
    max: z.number().int().min(1).max(1_000_000).optional(),
    maxText: optionalText,
    maxTexts: texts,
  })
  .refine((q) => q.kind !== "choice" || (q.choices?.length ?? 0) > 0, {
    message: "needs at least one choice when kind is choice",
    path: ["choices"],
  });

// A registered WhatsApp Flow sent as a form (issue 38 item 5): the skill waits for its answer and maps
// the Flow's fields into its variables (`fields`: Flow field -> variable), so one form fills several slots.
export const flowNodeData = z.object({
  flow: z.string().regex(/^flw_[A-Za-z0-9]{1,40}$/, "must be a registered WhatsApp Flow's id (flw_...)"),
  // The message the Flow's button sits under (WhatsApp: at most 1024 characters).
  text: z.string().min(1, "must not be empty").max(1024),
  texts: z.partialRecord(z.enum(textLanguages), z.string().min(1).max(1024)).optional(),
  // The button's text; default: the registered Flow's.
  cta: z.string().min(1).max(20, "must be at most 20 characters (WhatsApp's limit)").optional(),
  fields: z
    .record(z.string().regex(/^[A-Za-z_][A-Za-z0-9_]{0,63}$/, "must be a Flow field name"), variableName)
    .refine((f) => Object.keys(f).length > 0, "maps at least one of the Flow's fields to a variable"),
  // Said (with the Flow's button again) when the customer writes instead of answering the form.
  retryText: z.string().max(1024).optional(),
  retryTexts: z.partialRecord(z.enum(textLanguages), z.string().min(1).max(1024)).optional(),
  maxRetries: z.number().int().min(0).max(10).default(2),
});

export const conditionData = z
  .object({
    variable: variablePath,
    operator: z.enum(conditionOperators),
    value: z.union([z.string().max(1000), z.number()]).optional(),
  })
  .refine((c) => c.operator === "exists" || c.value !== undefined, {
    message: "is required unless the operator is exists",
    path: ["value"],
  });

export const catalogData = z.object({
  collection: collectionName,
  variable: variableName,
  text,
  // WhatsApp list messages hold at most 10 rows.
  maxOptions: z.number().int().min(1).max(10).default(5),
  texts,
  // A cart: several items with quantities, added, removed and changed in any message, kept in `variable`.
  cart: z.boolean().optional(),
  // Asked when an item was named without a quantity ({{item}} is its title).
  quantityText: optionalText,
  quantityTexts: texts,
  // A cart's delivery fee, free-delivery threshold and minimum are the business's facts
  // (/v1/business-facts), never a node's: the fee quoted is the fee charged.
});

export const availabilityData = z.object({
  variable: variableName,
  slotMinutes: z.number().int().min(5).max(1440),
  capacity: z.number().int().min(1).max(100_000),
  // Left out: the business hours (Settings > Business hours, GET /v1/business-hours), holidays
  // included, so one set of hours serves the skill and the handoffs. Given: this node's own hours,
  // where a missing weekday is closed and an unknown key (say "monday") is refused rather than read as closed.
  openingHours: z.partialRecord(z.enum(weekdays), z.array(hoursRange).max(12)).optional(),
  // The variable holding the party size: capacity then counts covers (people), not bookings.
  covers: variableName.optional(),
});

// Appointments (issue 40 item 3, docs/appointments.md): a `service` node finds the business's service the
// customer names in their words; an `appointment` node offers that service's nearest free times and books one.
const serviceId = z.string().regex(/^svc_[A-Za-z0-9]{1,40}$/, "must be a service id (svc_...)");
export const serviceNodeData = z.object({
  variable: variableName,
  // The "which service?" line above the services offered when the customer named none (or several).
  text,
  texts,
  // Only these services are offered (the business's own, checked on save); left out: every active service.
  services: z.array(serviceId).max(100).optional(),
});

export const appointmentNodeData = z.object({
  // The variable a `service` node set.
  service: variableName,
  // Where the booked appointment is kept: {{appointment.start}}, {{appointment.staff}}, {{appointment.service}}.
  variable: variableName,
  // The line above the free times offered.
  text,
  texts,
  // WhatsApp list messages hold at most 10 rows.
  maxOptions: z.number().int().min(1).max(10).default(10),
  // The times offered start on this step from local midnight.
  stepMinutes: z.number().int().min(5).max(240).default(30),
});

export const recordData = z
  .object({
    collection: collectionName,
    fields: z
      .record(variableName, z.string().max(4096))
      .refine((f) => Object.keys(f).length > 0, "needs at least one field")
      .refine((f) => Object.keys(f).length <= 100, "has more than 100 fields"),
    // Column headings for Records and its CSV export, by field key ({ party_size: "Party size" }).
    labels: z.record(variableName, fieldLabel).optional(),
  })
  .superRefine((r, ctx) => {
    for (const key of Object.keys(r.labels ?? {})) {
      if (!Object.hasOwn(r.fields, key))
        ctx.addIssue({ code: "custom", path: ["labels", key], message: `labels a field ${key} that fields does not have` });
    }
  });

export const handoffData = z.object({ text: optionalText, texts, reason: z.string().max(500).optional() });
export const aiData = z.object({ instructions: z.string().max(4096).optional() });
export const endData = z.object({ text: optionalText, texts });

/** The data schema of each node type, for checking one node at a time (the validator, the editor's forms). */
export const nodeDataSchemas = {
  trigger: triggerData,
  message: messageData,
  question: questionData,
  flow: flowNodeData,
  condition: conditionData,
  catalog: catalogData,
  availability: availabilityData,
  service: serviceNodeData,
  appointment: appointmentNodeData,
  record: recordData,
  handoff: handoffData,
  ai: aiData,
  end: endData,
} satisfies Record<NodeType, z.ZodType>;

export const positionSchema = z.object({ x: z.number(), y: z.number() });

// Loose: React Flow adds width, height, selected, measured, dragging... to nodes and edges, and the
// graph is stored exactly as the editor holds it, so those keys must survive a parse.
export const nodeShellSchema = z.looseObject({
  id: z.string().min(1, "must not be empty").max(64),
  type: z.string(),
  position: positionSchema.optional(),
  data: z.unknown(),
});

const node = <T extends NodeType, D extends z.ZodType>(type: T, data: D) => nodeShellSchema.extend({ type: z.literal(type), data });

export const skillNodeSchema = z.discriminatedUnion("type", [
  node("trigger", triggerData),
  node("message", messageData),
  node("question", questionData),
  node("flow", flowNodeData),
  node("condition", conditionData),
  node("catalog", catalogData),
  node("availability", availabilityData),
  node("service", serviceNodeData),
  node("appointment", appointmentNodeData),
  node("record", recordData),
  node("handoff", handoffData),
  node("ai", aiData),
  node("end", endData),
]);

export const skillEdgeSchema = z.looseObject({
  // Longer than node ids: React Flow names new edges after both ends and their handles.
  id: z.string().min(1, "must not be empty").max(256),
  source: z.string().min(1, "must not be empty"),
  target: z.string().min(1, "must not be empty"),
  // React Flow writes null for a node's default handle.
  sourceHandle: z
    .string()
    .min(1)
    .nullish()
    .transform((h) => h ?? "next"),
  targetHandle: z.string().nullish(),
});

export const graphLimits = { nodes: 500, edges: 1000, bytes: 256 * 1024 } as const;

// Loose too: React Flow's toObject() also carries the viewport.
export const skillGraphSchema = z.looseObject({
  nodes: z.array(skillNodeSchema).max(graphLimits.nodes),
  edges: z.array(skillEdgeSchema).max(graphLimits.edges),
});

export type SkillGraph = z.infer<typeof skillGraphSchema>;
/** A graph as written by a client, before defaults (`sourceHandle`, `maxRetries`, `maxOptions`) apply. */
export type SkillGraphInput = z.input<typeof skillGraphSchema>;
export type SkillNode = z.infer<typeof skillNodeSchema>;
export type SkillEdge = z.infer<typeof skillEdgeSchema>;
/** A node narrowed by its type, e.g. `TypedNode<"question">`; without an argument, the whole union. */
export type TypedNode<T extends NodeType = NodeType> = Extract<SkillNode, { type: T }>;
export type NodeData<T extends NodeType> = TypedNode<T>["data"];
