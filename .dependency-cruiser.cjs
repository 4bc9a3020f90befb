// Which lib/ folder may import which: `npm run check:deps` (part of `npm test`) fails on an import
// that breaks one of these rules. docs/architecture-rules.md says the same in prose.
//
// lib/ stands on floors. A folder imports from its own floor and the floors below it, never from one
// above; two folders never import each other (on any floor); inside lib/runtime the rooms have
// floors of their own. An exception names one file and the one file it may reach upward, with why.

// The floors of lib/, from the ground up. A name is a folder (lib/db/) or a file (lib/errors.ts).
const floors = [
  {
    name: "ground",
    comment:
      "What every other folder stands on and that knows no business rule: the database and its schema, errors, ids, time, languages, validation, pagination, the request body reader, logging and metrics, secrets, the job queue and the event outbox, browser-safe shared code.",
    folders: [
      "db",
      "errors",
      "ids",
      "time",
      "language",
      "validation",
      "pagination",
      "request-body",
      "log-redaction",
      "process-alive",
      "security-headers",
      "observability",
      "crypto",
      "shared",
      "jobs",
      "events",
    ],
  },
  {
    name: "domains",
    comment:
      "One folder per thing the product keeps: conversations, messages, contacts, records, the catalog, skills, businesses, users and their keys, media, webhooks... A domain may use another domain (never both ways).",
    folders: [
      "analytics",
      "appointments",
      "assistants",
      "audit",
      "auth",
      "businesses",
      "catalog",
      "contacts",
      "conversations",
      "dashboard",
      "flows",
      "keys",
      "media",
      "messages",
      "payments",
      "privacy",
      "records",
      "saved-replies",
      "skills",
      "starter-kits",
      "team",
      "templates",
      "users",
      "wallet",
      "webhooks",
    ],
  },
  {
    name: "channels, runtime, campaigns",
    comment:
      "What talks to customers: the channel adapters (WhatsApp), the assistant's runtime, campaigns. They use the domains; no domain knows them.",
    folders: ["channels", "runtime", "campaigns"],
  },
  {
    name: "entry",
    comment: "The ways in: the HTTP operations (api), the processes (server: boot, worker, health and metrics), the admin CLI, the demo seed.",
    folders: ["api", "server", "admin", "demo"],
  },
];

// lib/runtime's rooms, from the ground up (lib/runtime/README.md says what lives on each).
const runtimeFloors = [["understanding", "messages"], ["base"], ["retrieval"], ["llm"], ["engine"], ["dialogue"], ["turn"]];

// Imports that run up a floor today, each allowed for one file towards one file, with why:
// { from: "lib/x/a.ts", to: "lib/y/b.ts", comment }. None today.
const exceptions = [];

// Folder circles known today, each with why. Until a circle is gone, its folders are left out of the
// folder-circle check (the floor rules still hold for them); every other folder is checked.
const knownCircles = [];

const exactly = (file) => `^${file.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`;
const oneOf = (names) => `(${names.join("|")})`;
const libFolder = (names) => `^lib/${oneOf(names)}(/|\\.[cm]?[jt]sx?$)`;
const runtimeRoom = (names) => `^lib/runtime/${oneOf(names)}/`;

function floorRules(prefix, levels, pathOf) {
  return levels.flatMap((level, i) => {
    const above = levels.slice(i + 1).flatMap((l) => l.folders);
    if (!above.length) return [];
    const mine = exceptions.filter((e) => new RegExp(pathOf(level.folders)).test(e.from));
    const rule = {
      name: `${prefix}-${level.name.replace(/[^a-z]+/g, "-")}-imports-up`,
      comment: `${level.name} (${level.folders.join(", ")}) imports only from its own floor or below. ${level.comment ?? ""}`.trim(),
      severity: "error",
      from: { path: pathOf(level.folders), ...(mine.length ? { pathNot: mine.map((e) => exactly(e.from)) } : {}) },
      to: { path: pathOf(above) },
    };
    // The file of an exception keeps the rule for everything but the one file it names.
    const allowed = mine.map((e) => ({
      name: `${prefix}-exception-${e.from
        .replace(/^lib\//, "")
        .replace(/\.[a-z]+$/, "")
        .replace(/[^a-z0-9]+/g, "-")}`,
      comment: e.comment,
      severity: "error",
      from: { path: exactly(e.from) },
      to: { path: pathOf(above), pathNot: exactly(e.to) },
    }));
    return [rule, ...allowed];
  });
}

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    ...floorRules("lib", floors, libFolder),
    ...floorRules(
      "runtime",
      runtimeFloors.map((rooms) => ({ name: rooms.join("-"), folders: rooms })),
      runtimeRoom,
    ),
    {
      name: "lib-no-folder-circle",
      comment: [
        "Two folders of lib/ never import each other, directly or through others: one of them is the lower, and what both need belongs there (or in a folder below both).",
        ...knownCircles.map((c) => `Known circle, its folders not checked yet: ${c.folders.join(" <-> ")}. ${c.comment}`),
      ].join(" "),
      severity: "error",
      scope: "folder",
      from: { path: "^lib/", pathNot: `^${oneOf([...new Set(knownCircles.flatMap((c) => c.folders))])}$` },
      to: { circular: true },
    },
    {
      name: "lib-folder-on-a-floor",
      comment: "Every folder and file of lib/ stands on one of the floors above: a new one is added to a floor (and to docs/architecture-rules.md).",
      severity: "error",
      from: { path: "^lib/", pathNot: libFolder(floors.flatMap((f) => f.folders)) },
      to: {},
    },
    {
      name: "lib-no-file-circle",
      comment: "No file of lib/ reaches itself through its imports (check:circles checks the same across app/ and components/ too).",
      severity: "error",
      from: { path: "^lib/" },
      to: { circular: true },
    },
  ],
  options: {
    includeOnly: "^lib/",
    doNotFollow: { path: "node_modules" },
    exclude: { path: "\\.d\\.mts$" },
    // Type-only imports count: a folder that names another's type depends on it all the same.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default"],
      extensions: [".ts", ".tsx", ".mjs", ".js"],
    },
  },
};
