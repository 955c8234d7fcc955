/**
 * Memory: what a save, a retrieve and the first-turn tags prompt cost as the store grows, since
 * every retrieve reads the scope's files afresh (no index to go stale between processes). The
 * same-run comparison is reading the files alone (`list`), so the ranking's share shows.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { memoryTagsPrompt } from '../src/agent/memory/prompts.js';
import { MemoryStore } from '../src/tools/memory/index.js';

const WORDS = ['build', 'cmake', 'test', 'ctest', 'flags', 'release', 'debug', 'style', 'lint', 'ci', 'docker', 'rust', 'cargo', 'asan', 'valgrind', 'perf'];

function median(fn: () => unknown, n: number): number {
  const t: number[] = [];
  for (let i = 0; i < n; i++) {
    const s = performance.now();
    fn();
    t.push(performance.now() - s);
  }
  return t.sort((a, b) => a - b)[Math.floor(n / 2)] as number;
}

export default async function bench(): Promise<void> {
  for (const size of [100, 1000, 5000]) {
    const base = mkdtempSync(join(tmpdir(), 'jarvis-mem-bench-'));
    try {
      const store = new MemoryStore({ root: join(base, 'p'), dataDir: join(base, 'h') });
      const t0 = performance.now();
      for (let i = 0; i < size; i++) {
        const tags = [WORDS[i % WORDS.length] as string, WORDS[(i * 7) % WORDS.length] as string];
        store.save({ type: i % 4 === 0 ? 'global_long_term' : 'project_long_term', tags, content: `Note ${i}: ${tags.join(' and ')} matter for step ${i % 13}.` });
      }
      const savePer = (performance.now() - t0) / size;
      const list = median(() => store.list(), 5);
      const retrieve = median(() => store.retrieve({ tags: ['cmake', 'asan'], query: 'release flags for step 7', limit: 10 }), 5);
      const tags = median(() => memoryTagsPrompt(store, { canSave: true, canRetrieve: true }), 5);
      console.log(
        `${String(size).padStart(5)} entries: save ${savePer.toFixed(2)} ms/entry; list (read all) ${list.toFixed(1)} ms; retrieve ${retrieve.toFixed(1)} ms; tags prompt ${tags.toFixed(1)} ms`,
      );
    } finally {
      rmSync(base, { recursive: true, force: true });
    }
  }
}
