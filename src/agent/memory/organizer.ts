import { parse as parseYaml } from 'yaml';
import type { Platform } from '../../llm/index.js';
import { normaliseTags, renderMemory, type MemoryEntry, type MemoryStore, type MemoryType } from '../../tools/index.js';
import { describeError } from '../../util/index.js';

/**
 * Memory organizer (docs/memory.md, `jarvis memory organize`): entries of one scope that
 * share at least `minOverlap` tags are merged by the cheap model into one entry, the groups
 * with the largest shared tag set first. The merged entry is written before its sources are
 * deleted, so a crash in between leaves a duplicate, never a loss.
 */

export interface MergeGroup {
  type: MemoryType;
  sharedTags: string[];
  entries: MemoryEntry[];
}

/** A merge prompt holds at most this many entries; a larger group is merged in chunks. */
export const MAX_GROUP = 10;

/** Groups of entries sharing ≥ minOverlap tags; each entry is in at most one group. */
export function findMergeGroups(entries: readonly MemoryEntry[], minOverlap: number): MergeGroup[] {
  const groups: MergeGroup[] = [];
  const byType = new Map<MemoryType, MemoryEntry[]>();
  for (const e of entries) byType.set(e.type, [...(byType.get(e.type) ?? []), e]);
  for (const [type, list] of byType) {
    const keys = new Map<string, string[]>();
    for (let i = 0; i < list.length; i++) {
      for (let j = i + 1; j < list.length; j++) {
        const b = (list[j] as MemoryEntry).tags;
        const shared = (list[i] as MemoryEntry).tags.filter((t) => b.includes(t)).sort();
        if (shared.length >= minOverlap) keys.set(shared.join('\u0000'), shared);
      }
    }
    const holders = (tags: string[]) => list.filter((e) => tags.every((t) => e.tags.includes(t)));
    const ordered = [...keys.values()]
      .map((tags) => ({ tags, n: holders(tags).length }))
      .sort((a, b) => b.tags.length - a.tags.length || b.n - a.n || a.tags.join(',').localeCompare(b.tags.join(',')));
    const used = new Set<string>();
    for (const { tags } of ordered) {
      const members = holders(tags).filter((e) => !used.has(e.id));
      for (let k = 0; members.length - k >= 2; k += MAX_GROUP) {
        const chunk = members.slice(k, k + MAX_GROUP);
        if (chunk.length < 2) break;
        for (const e of chunk) used.add(e.id);
        groups.push({ type, sharedTags: tags, entries: chunk });
      }
    }
  }
  return groups;
}

export function mergePrompt(group: MergeGroup): string {
  return [
    `These ${group.entries.length} memory entries share the tags ${group.sharedTags.join(', ')}:`,
    '',
    ...group.entries.map(renderMemory),
    '',
    'Merge them into one entry: keep every distinct fact, drop repetition, resolve contradictions in favour of the newer entry (later "created").',
    'Reply with only this block, the content as a YAML block scalar:',
    '<merged_memory>',
    'content: |',
    '  the merged knowledge',
    'tags: [tag1, tag2]',
    '</merged_memory>',
  ].join('\n');
}

/** The merged entry from a reply, or why there is none. */
export function parseMerged(reply: string): { content: string; tags: string[] } | string {
  const m = /<merged_memory>([\s\S]*?)<\/merged_memory>/.exec(reply);
  if (!m) return 'the reply has no <merged_memory> block';
  let doc: unknown;
  try {
    doc = parseYaml(m[1] as string);
  } catch (e) {
    return `the <merged_memory> block is not YAML: ${describeError(e).split('\n')[0]}`;
  }
  if (doc === null || typeof doc !== 'object') return 'the <merged_memory> block is not a mapping';
  const { content, tags } = doc as { content?: unknown; tags?: unknown };
  if (typeof content !== 'string' || content.trim() === '') return 'the merged entry has no content';
  const tagList = Array.isArray(tags) ? tags.filter((t): t is string => typeof t === 'string') : [];
  return { content: content.trim(), tags: tagList };
}

export interface OrganizeOptions {
  store: MemoryStore;
  types: readonly MemoryType[];
  minOverlap: number;
  /** list the groups, call nothing, change nothing */
  dryRun: boolean;
  /** the cheap model; required unless dryRun */
  platform?: Platform;
  signal?: AbortSignal;
  /** told about each group as it is done */
  onGroup?: (group: MergeGroup, outcome: { into?: string; error?: string }) => void;
}

export interface OrganizeResult {
  groups: MergeGroup[];
  merged: { from: string[]; into: string }[];
  failed: { ids: string[]; reason: string }[];
}

export async function organizeMemories(o: OrganizeOptions): Promise<OrganizeResult> {
  const groups = findMergeGroups(o.store.list(o.types), o.minOverlap);
  const result: OrganizeResult = { groups, merged: [], failed: [] };
  if (o.dryRun) return result;
  if (!o.platform) throw new Error('organizeMemories needs a platform unless dryRun');
  for (const g of groups) {
    const ids = g.entries.map((e) => e.id);
    let reply: string;
    try {
      const r = await o.platform.chat({
        messages: [
          { role: 'system', content: 'You merge related notes of a software agent into one, losing no fact.' },
          { role: 'user', content: mergePrompt(g) },
        ],
        ...(o.signal ? { signal: o.signal } : {}),
      });
      reply = r.text ?? '';
    } catch (e) {
      if (o.signal?.aborted) throw e;
      result.failed.push({ ids, reason: describeError(e) });
      o.onGroup?.(g, { error: describeError(e) });
      continue;
    }
    const merged = parseMerged(reply);
    if (typeof merged === 'string') {
      result.failed.push({ ids, reason: merged });
      o.onGroup?.(g, { error: merged });
      continue;
    }
    // the shared tags are what grouped them: keep them even if the model dropped some
    const tags = normaliseTags([...g.sharedTags, ...(merged.tags.length > 0 ? merged.tags : g.entries.flatMap((e) => e.tags))]);
    const entry = o.store.save({ type: g.type, tags, content: merged.content, mergedFrom: ids });
    o.store.delete(ids, [g.type]);
    result.merged.push({ from: ids, into: entry.id });
    o.onGroup?.(g, { into: entry.id });
  }
  return result;
}
