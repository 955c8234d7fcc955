import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { writeFileAtomicSync } from '../../../util/index.js';
import { c2rustDir } from '../artifacts.js';
import type { Verdict } from './verdict.js';

/**
 * lib-replace's checkpoint: every verdict the model gave, by function id, under a key made of
 * everything the prompts were built from. A run killed at any point resumes from it without
 * asking again; a key that no longer matches (a rescan, other disabled libraries, another
 * model group) starts afresh. It stays after the stage finishes, so running the stage again
 * on the same inputs costs no model call.
 */

export const CHECKPOINT_FILE = 'lib_replace_checkpoint.json';

export type StoredVerdict = { name: string; verdict: Verdict } | { name: string; invalid: string };

interface CheckpointFile {
  key: string;
  verdicts: Record<string, StoredVerdict>;
}

export class Checkpoint {
  private readonly path: string;
  private data: CheckpointFile;

  constructor(root: string, key: string) {
    this.path = join(c2rustDir(root), CHECKPOINT_FILE);
    this.data = { key, verdicts: {} };
    if (!existsSync(this.path)) return;
    try {
      const raw = JSON.parse(readFileSync(this.path, 'utf8')) as Partial<CheckpointFile>;
      if (raw.key === key && raw.verdicts && typeof raw.verdicts === 'object') this.data = { key, verdicts: raw.verdicts };
    } catch {
      // written atomically: only a hand edit breaks it, and then the model is asked again
    }
  }

  get size(): number {
    return Object.keys(this.data.verdicts).length;
  }

  get(id: number): StoredVerdict | undefined {
    return this.data.verdicts[String(id)];
  }

  /** Saved at once: a kill right after an answer loses nothing. */
  put(id: number, v: StoredVerdict): void {
    this.data.verdicts[String(id)] = v;
    writeFileAtomicSync(this.path, `${JSON.stringify(this.data)}\n`);
  }
}
