import type { MemoryEntry } from './store.js';

/**
 * Relevance without embeddings: a requested tag an entry carries counts most, a query word
 * among its tags next, a query word in its content least (capped, so one long entry that
 * repeats a word cannot drown the rest). Ties go to the newer entry. With tags given, an entry
 * carrying none of them is left out; the query only orders.
 */

const TAG_HIT = 10;
const QUERY_IN_TAG = 4;
const QUERY_IN_CONTENT = 1;
const CONTENT_HITS_CAP = 3;

export function queryWords(query: string): string[] {
  return [...new Set(query.toLowerCase().split(/[^\p{L}\p{N}_]+/u).filter((w) => w.length >= 2))];
}

export function relevance(entry: MemoryEntry, tags: readonly string[], words: readonly string[]): number {
  let score = 0;
  for (const t of tags) if (entry.tags.includes(t)) score += TAG_HIT;
  const content = entry.content.toLowerCase();
  for (const w of words) {
    if (entry.tags.some((t) => t.includes(w))) score += QUERY_IN_TAG;
    let hits = 0;
    for (let i = content.indexOf(w); i !== -1 && hits < CONTENT_HITS_CAP; i = content.indexOf(w, i + w.length)) hits++;
    score += hits * QUERY_IN_CONTENT;
  }
  return score;
}

/** `entries` must come newest first (MemoryStore.list); the sort is stable, so ties stay that way. */
export function rankMemories(entries: readonly MemoryEntry[], q: { tags: readonly string[]; query: string }): MemoryEntry[] {
  const words = queryWords(q.query);
  const scored = entries
    .filter((e) => q.tags.length === 0 || q.tags.some((t) => e.tags.includes(t)))
    .map((e) => ({ e, s: relevance(e, q.tags, words) }));
  return scored.sort((a, b) => b.s - a.s).map((x) => x.e);
}
