// Browser-safe: the words of a conversation search as the server splits them (letters and digits of
// any script, at most 8), and the accent- and case-free form both sides compare.

export function searchWords(q: string): string[] {
  return (q.normalize("NFC").match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, 8);
}

/** "Amanhã" -> "amanha": what the index's convo_unaccent and lower-casing do, for highlighting. */
export function foldAccents(s: string): string {
  return s
    .normalize("NFD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase();
}
