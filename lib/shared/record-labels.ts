// Column headings for a collection's records: what the skills that write it call each field. A record
// node's `labels` name its fields; a field that is exactly `{{variable}}` takes the label of the
// question that asked for that variable; anything else is the key made readable ("party_size" and
// "PARTY_SIZE" read "Party size"). Browser-safe (pure), so the CSV export and the table agree.

type LooseNode = { type?: unknown; data?: unknown };
type LooseGraph = { nodes?: unknown };

/** "party_size", "PARTY_SIZE", "partySize" -> "Party size"; "itemId" -> "Item id". */
export function humanizeKey(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/[_\-.]+/g, " ")
    .trim()
    .toLowerCase();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : key;
}

const asRecord = (v: unknown): Record<string, unknown> | null =>
  v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : null;

/**
 * Labels by field key from skill graphs, for one collection. Enabled skills should come first: the
 * first label found for a key wins.
 */
export function labelsFromGraphs(graphs: LooseGraph[], collection: string): Record<string, string> {
  const fromRecord: Record<string, string> = {};
  const fromQuestion: Record<string, string> = {};
  for (const graph of graphs) {
    const nodes = Array.isArray(graph?.nodes) ? (graph.nodes as LooseNode[]) : [];
    const questionLabels = new Map<string, string>();
    for (const node of nodes) {
      const data = asRecord(node?.data);
      if (node?.type === "question" && data && typeof data.variable === "string" && typeof data.label === "string" && data.label.trim()) {
        questionLabels.set(data.variable, data.label.trim());
      }
    }
    for (const node of nodes) {
      const data = asRecord(node?.data);
      if (node?.type !== "record" || !data || data.collection !== collection) continue;
      const labels = asRecord(data.labels) ?? {};
      const fields = asRecord(data.fields) ?? {};
      for (const [key, label] of Object.entries(labels)) {
        if (typeof label === "string" && label.trim() && !(key in fromRecord)) fromRecord[key] = label.trim();
      }
      for (const [key, template] of Object.entries(fields)) {
        const only = typeof template === "string" ? /^\s*\{\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}\}\s*$/.exec(template) : null;
        const label = only ? questionLabels.get(only[1]) : undefined;
        if (label && !(key in fromQuestion)) fromQuestion[key] = label;
      }
    }
  }
  return { ...fromQuestion, ...fromRecord };
}

/** The heading of one field: the skill's label, or the key made readable. */
export function fieldLabelOf(labels: Record<string, string>, key: string): string {
  return labels[key] ?? humanizeKey(key);
}
