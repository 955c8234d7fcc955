import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { JarvisError, describeError, writeFileAtomicSync } from '../../util/index.js';
import { rankMemories } from './rank.js';

/**
 * Memory in three scopes (docs/memory.md): `short_term` lives in this process only,
 * `project_long_term` in `<root>/.jarvis/memory/`, `global_long_term` in
 * `<dataDir>/memory/global_long_term/`. A persistent entry is one JSON file named by its id,
 * written atomically, so two agents saving at once never corrupt each other's entries.
 */

export const MEMORY_TYPES = ['short_term', 'project_long_term', 'global_long_term'] as const;
export type MemoryType = (typeof MEMORY_TYPES)[number];
export const LONG_TERM_TYPES: readonly MemoryType[] = ['project_long_term', 'global_long_term'];

export interface MemoryEntry {
  /** a timestamp, `YYYYMMDD_HHMMSS_microseconds`, unique within its scope */
  id: string;
  type: MemoryType;
  tags: string[];
  content: string;
  created_at: string;
  updated_at?: string;
  /** ids of the entries an organize run merged into this one */
  merged_from?: string[];
}

/** What a file or an import must look like; unknown fields are dropped. */
export const memoryEntrySchema = z.object({
  id: z.string().regex(/^[\w-]+$/, 'an id is letters, digits, _ and -'),
  type: z.enum(MEMORY_TYPES),
  tags: z.array(z.string()),
  content: z.string(),
  created_at: z.string(),
  updated_at: z.string().optional(),
  merged_from: z.array(z.string()).optional(),
});

export interface MemoryStoreOptions {
  /** project root: `.jarvis/memory/` lives here */
  root: string;
  /** user data directory (`JARVIS_DATA_DIR` or `~/.jarvis`) */
  dataDir: string;
  /** a file that cannot be read is skipped and reported here; default: silently */
  warn?: (message: string) => void;
}

export interface RetrieveQuery {
  /** default: all three */
  types?: readonly MemoryType[];
  /** entries carrying at least one of these tags; none given: every entry */
  tags?: readonly string[];
  /** free text that ranks the entries (words found in tags and content) */
  query?: string;
  /** default 10 */
  limit?: number;
}

export const DEFAULT_RETRIEVE_LIMIT = 10;

/** Tags compare case-insensitively: stored trimmed, lower-case, without duplicates. */
export function normaliseTags(tags: readonly string[]): string[] {
  return [...new Set(tags.map((t) => t.trim().toLowerCase()).filter((t) => t !== ''))];
}

const ID_FORMAT = /^[\w-]+$/;

export class MemoryStore {
  readonly root: string;
  readonly dataDir: string;
  private readonly shortTerm = new Map<string, MemoryEntry>();
  private readonly warn: (message: string) => void;
  private lastStamp = '';
  private seq = 0;

  constructor(o: MemoryStoreOptions) {
    this.root = o.root;
    this.dataDir = o.dataDir;
    this.warn = o.warn ?? (() => undefined);
  }

  /** The directory of a persistent scope; undefined for `short_term`. */
  dirOf(type: MemoryType): string | undefined {
    if (type === 'project_long_term') return join(this.root, '.jarvis', 'memory');
    if (type === 'global_long_term') return join(this.dataDir, 'memory', 'global_long_term');
    return undefined;
  }

  /** Saves a new entry and returns it. */
  save(o: { type: MemoryType; tags: readonly string[]; content: string; mergedFrom?: readonly string[] }): MemoryEntry {
    const content = o.content.trim();
    if (content === '') throw new JarvisError('usage', 'a memory needs content');
    const entry: MemoryEntry = {
      id: this.newId(o.type),
      type: o.type,
      tags: normaliseTags(o.tags),
      content,
      created_at: new Date().toISOString(),
      ...(o.mergedFrom && o.mergedFrom.length > 0 ? { merged_from: [...o.mergedFrom] } : {}),
    };
    this.write(entry);
    return entry;
  }

  /** Stores an entry as given (import). An existing id is kept unless `overwrite`. */
  put(entry: MemoryEntry, o: { overwrite: boolean }): 'written' | 'exists' {
    if (!ID_FORMAT.test(entry.id)) throw new JarvisError('usage', `memory id "${entry.id}" is not letters, digits, _ and -`);
    if (!o.overwrite && this.get(entry.id, [entry.type])) return 'exists';
    this.write({ ...entry, tags: normaliseTags(entry.tags), ...(o.overwrite ? { updated_at: new Date().toISOString() } : {}) });
    return 'written';
  }

  /** Every entry of these types, newest first. */
  list(types: readonly MemoryType[] = MEMORY_TYPES): MemoryEntry[] {
    const out: MemoryEntry[] = [];
    for (const type of types) {
      if (type === 'short_term') {
        out.push(...this.shortTerm.values());
        continue;
      }
      const dir = this.dirOf(type) as string;
      let names: string[];
      try {
        names = readdirSync(dir).filter((n) => n.endsWith('.json'));
      } catch {
        continue;
      }
      for (const n of names) {
        const e = this.readFile(join(dir, n), type);
        if (e) out.push(e);
      }
    }
    return out.sort((a, b) => (a.created_at === b.created_at ? b.id.localeCompare(a.id) : b.created_at.localeCompare(a.created_at)));
  }

  get(id: string, types: readonly MemoryType[] = MEMORY_TYPES): MemoryEntry | undefined {
    if (!ID_FORMAT.test(id)) return undefined;
    for (const type of types) {
      if (type === 'short_term') {
        const e = this.shortTerm.get(id);
        if (e) return e;
        continue;
      }
      const file = join(this.dirOf(type) as string, `${id}.json`);
      if (existsSync(file)) {
        const e = this.readFile(file, type);
        if (e) return e;
      }
    }
    return undefined;
  }

  /** Deletes entries by id in these types; returns the ids actually deleted. */
  delete(ids: readonly string[], types: readonly MemoryType[] = MEMORY_TYPES): string[] {
    const gone: string[] = [];
    for (const id of ids) {
      if (!ID_FORMAT.test(id)) continue;
      for (const type of types) {
        if (type === 'short_term') {
          if (this.shortTerm.delete(id)) gone.push(id);
          continue;
        }
        const file = join(this.dirOf(type) as string, `${id}.json`);
        if (existsSync(file)) {
          rmSync(file, { force: true });
          gone.push(id);
        }
      }
    }
    return gone;
  }

  /** Entries matching the query, most relevant first (rank.ts). */
  retrieve(q: RetrieveQuery = {}): MemoryEntry[] {
    const limit = q.limit ?? DEFAULT_RETRIEVE_LIMIT;
    return rankMemories(this.list(q.types ?? MEMORY_TYPES), { tags: normaliseTags(q.tags ?? []), query: q.query ?? '' }).slice(0, limit);
  }

  /** How many entries carry each tag, per type. */
  tagCounts(types: readonly MemoryType[] = MEMORY_TYPES): Map<MemoryType, Map<string, number>> {
    const out = new Map<MemoryType, Map<string, number>>();
    for (const e of this.list(types)) {
      const m = out.get(e.type) ?? new Map<string, number>();
      for (const t of e.tags) m.set(t, (m.get(t) ?? 0) + 1);
      out.set(e.type, m);
    }
    return out;
  }

  private write(entry: MemoryEntry): void {
    if (entry.type === 'short_term') {
      this.shortTerm.set(entry.id, entry);
      return;
    }
    writeFileAtomicSync(join(this.dirOf(entry.type) as string, `${entry.id}.json`), `${JSON.stringify(entry, null, 2)}\n`);
  }

  private readFile(file: string, type: MemoryType): MemoryEntry | undefined {
    try {
      const parsed = memoryEntrySchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
      if (!parsed.success) {
        this.warn(`memory file ${file} is skipped: ${parsed.error.issues[0]?.message ?? 'not a memory entry'}`);
        return undefined;
      }
      // the directory decides the scope: a file copied by hand into another scope belongs there
      return { ...parsed.data, type };
    } catch (e) {
      this.warn(`memory file ${file} is skipped: ${describeError(e)}`);
      return undefined;
    }
  }

  /** `YYYYMMDD_HHMMSS_ffffff` (UTC); the last digits count up when two saves share a millisecond. */
  private newId(type: MemoryType): string {
    for (;;) {
      const d = new Date();
      const p = (n: number, w = 2) => String(n).padStart(w, '0');
      const stamp = `${d.getUTCFullYear()}${p(d.getUTCMonth() + 1)}${p(d.getUTCDate())}_${p(d.getUTCHours())}${p(d.getUTCMinutes())}${p(d.getUTCSeconds())}_${p(d.getUTCMilliseconds(), 3)}`;
      this.seq = stamp === this.lastStamp ? this.seq + 1 : 0;
      this.lastStamp = stamp;
      const id = `${stamp}${p(this.seq % 1000, 3)}`;
      // another process may have saved in the same microsecond slot
      if (!this.get(id, [type])) return id;
    }
  }
}
