import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createMemoryTools, MemoryStore, type MemoryEntry } from '../../src/tools/memory/index.js';
import { ToolRegistry } from '../../src/tools/registry.js';
import type { ToolContext } from '../../src/tools/tool.js';
import { tempTree } from '../support/temp-tree.js';

function stores() {
  const base = tempTree({});
  const root = join(base, 'project');
  const dataDir = join(base, 'home', '.jarvis');
  const open = () => new MemoryStore({ root, dataDir });
  return { root, dataDir, open };
}

function ctx(root: string): ToolContext {
  return { root, runDir: join(root, '.jarvis', 'runs', 'x'), interactive: false, env: {} };
}

describe('MemoryStore', () => {
  it('keeps project and global memories across store instances, short-term ones only in the process', () => {
    const { root, dataDir, open } = stores();
    const first = open();
    const p = first.save({ type: 'project_long_term', tags: ['Build', ' build ', 'make'], content: 'Build with `make -j4`.' });
    const g = first.save({ type: 'global_long_term', tags: ['style'], content: 'The user wants British spelling.' });
    first.save({ type: 'short_term', tags: ['scratch'], content: 'looked at main.c' });

    expect(p.id).toMatch(/^\d{8}_\d{6}_\d{6}$/);
    expect(p.tags).toEqual(['build', 'make']);
    expect(readdirSync(join(root, '.jarvis', 'memory'))).toEqual([`${p.id}.json`]);
    expect(readdirSync(join(dataDir, 'memory', 'global_long_term'))).toEqual([`${g.id}.json`]);

    const second = open();
    expect(second.list().map((e) => e.content).sort()).toEqual(['Build with `make -j4`.', 'The user wants British spelling.']);
    expect(second.list(['short_term'])).toEqual([]);
    expect(first.list(['short_term'])).toHaveLength(1);
  });

  it('gives distinct ids to many saves in the same millisecond', () => {
    const { open } = stores();
    const s = open();
    const ids = Array.from({ length: 50 }, (_, i) => s.save({ type: 'project_long_term', tags: ['t'], content: `n${i}` }).id);
    expect(new Set(ids).size).toBe(50);
    expect(s.list(['project_long_term'])).toHaveLength(50);
  });

  it('filters by tags and ranks by the query, newest first on ties', () => {
    const { open } = stores();
    const s = open();
    const old = s.save({ type: 'project_long_term', tags: ['build'], content: 'cmake needs -DFOO=1' });
    const newer = s.save({ type: 'project_long_term', tags: ['build'], content: 'the tests run with ctest' });
    s.save({ type: 'project_long_term', tags: ['style'], content: 'tabs, not spaces' });
    const byTag = s.retrieve({ tags: ['BUILD'] });
    expect(byTag.map((e) => e.id)).toEqual([newer.id, old.id]);
    expect(s.retrieve({ tags: ['build'], query: 'how to configure cmake' }).map((e) => e.id)).toEqual([old.id, newer.id]);
    expect(s.retrieve({ query: 'tabs' })[0]?.content).toBe('tabs, not spaces');
    expect(s.retrieve({ limit: 1 })).toHaveLength(1);
    expect(s.retrieve({ types: ['global_long_term'] })).toEqual([]);
  });

  it('skips a corrupt file with a warning and never resolves an id outside its directory', () => {
    const { root, dataDir } = stores();
    const warnings: string[] = [];
    const s = new MemoryStore({ root, dataDir, warn: (m) => warnings.push(m) });
    const ok = s.save({ type: 'project_long_term', tags: ['a'], content: 'kept' });
    writeFileSync(join(root, '.jarvis', 'memory', 'broken.json'), '{ not json');
    expect(s.list().map((e) => e.id)).toEqual([ok.id]);
    expect(warnings.join('\n')).toContain('broken.json');
    expect(s.get('../memory/broken')).toBeUndefined();
    expect(s.delete(['../../x'])).toEqual([]);
  });
});

describe('memory tools', () => {
  it('save, retrieve and clear through the registry as the model would call them', async () => {
    const { root, open } = stores();
    const reg = new ToolRegistry(createMemoryTools(open()));
    const saved = await reg.invoke(
      'save_memory',
      {
        memories: [
          { memory_type: 'project_long_term', tags: ['build', 'cmake'], content: 'Configure with cmake -B build.' },
          { memory_type: 'global_long_term', tags: ['prefs'], content: 'Answer in short sentences.' },
        ],
      },
      ctx(root),
    );
    expect(saved.error).toBeUndefined();
    expect(saved.forModel).toContain('Saved 2 memories');

    const later = new ToolRegistry(createMemoryTools(open()));
    const found = await later.invoke('retrieve_memory', { tags: ['cmake'] }, ctx(root));
    expect(found.forModel).toContain('Configure with cmake -B build.');
    expect(found.forModel).not.toContain('short sentences');

    const none = await later.invoke('retrieve_memory', { tags: ['nope'] }, ctx(root));
    expect(none.forModel).toContain('No memories match');
    expect(none.forModel).toContain('cmake');

    const refused = await later.invoke('clear_memory', { memory_types: ['project_long_term'] }, ctx(root));
    expect(refused.error?.code).toBe('invalid_arguments');
    expect(open().list()).toHaveLength(2);

    const cleared = await later.invoke('clear_memory', { tags: ['build', 'cmake'] }, ctx(root));
    expect(cleared.forModel).toContain('Deleted 1 memory');
    expect(open().list().map((e: MemoryEntry) => e.type)).toEqual(['global_long_term']);

    const byId = (saved.data?.ids as string[])[1] as string;
    const gone = await later.invoke('clear_memory', { ids: [byId, 'missing_1'] }, ctx(root));
    expect(gone.forModel).toContain('Not found: missing_1');
    expect(open().list()).toEqual([]);
  });

  it('rejects a memory without tags or with an unknown type, naming the field', async () => {
    const { root, open } = stores();
    const reg = new ToolRegistry(createMemoryTools(open()));
    const r = await reg.invoke('save_memory', { memories: [{ memory_type: 'forever', tags: [], content: 'x' }] }, ctx(root));
    expect(r.error?.code).toBe('invalid_arguments');
    expect(r.forModel).toContain('memories.0.memory_type');
    expect(existsSync(join(root, '.jarvis', 'memory'))).toBe(false);
  });
});
