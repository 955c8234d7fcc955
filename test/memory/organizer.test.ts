import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findMergeGroups, organizeMemories } from '../../src/agent/memory/organizer.js';
import { createScriptedPlatformFromReplies } from '../../src/llm/index.js';
import { MemoryStore } from '../../src/tools/memory/index.js';
import { tempTree } from '../support/temp-tree.js';

function store() {
  const base = tempTree({});
  return new MemoryStore({ root: join(base, 'p'), dataDir: join(base, 'h') });
}

describe('memory organizer', () => {
  it('groups entries by shared tags, largest overlap first, each entry once, never across scopes', () => {
    const s = store();
    const a = s.save({ type: 'project_long_term', tags: ['a', 'b', 'c'], content: '1' });
    const b = s.save({ type: 'project_long_term', tags: ['a', 'b', 'c', 'd'], content: '2' });
    const c = s.save({ type: 'project_long_term', tags: ['a', 'b'], content: '3' });
    const d = s.save({ type: 'project_long_term', tags: ['a', 'b', 'x'], content: '4' });
    s.save({ type: 'project_long_term', tags: ['a', 'z'], content: '5' });
    s.save({ type: 'global_long_term', tags: ['a', 'b'], content: '6' });
    const groups = findMergeGroups(s.list(), 2);
    expect(groups.map((g) => [g.type, g.sharedTags, g.entries.map((e) => e.id).sort()])).toEqual([
      ['project_long_term', ['a', 'b', 'c'], [a.id, b.id].sort()],
      ['project_long_term', ['a', 'b'], [c.id, d.id].sort()],
    ]);
    expect(findMergeGroups(s.list(), 4)).toEqual([]);
  });

  it('keeps the sources when the model reply has no merged entry, and merges the rest', async () => {
    const s = store();
    s.save({ type: 'project_long_term', tags: ['x', 'y'], content: 'one' });
    s.save({ type: 'project_long_term', tags: ['x', 'y'], content: 'two' });
    s.save({ type: 'global_long_term', tags: ['p', 'q'], content: 'three' });
    s.save({ type: 'global_long_term', tags: ['p', 'q'], content: 'four' });
    const platform = createScriptedPlatformFromReplies({
      // newest scope first: the global entries were saved last
      replies: [
        { expect: 'four', reply: '<merged_memory>\ncontent: three and four\ntags: [p]\n</merged_memory>' },
        { expect: 'two', reply: 'I would rather not.' },
      ],
    });
    const r = await organizeMemories({ store: s, types: ['project_long_term', 'global_long_term'], minOverlap: 2, dryRun: false, platform });
    expect(r.failed).toEqual([expect.objectContaining({ reason: 'the reply has no <merged_memory> block' })]);
    expect(r.merged).toHaveLength(1);
    expect(s.list(['project_long_term']).map((e) => e.content).sort()).toEqual(['one', 'two']);
    // the shared tags stay even though the model dropped one
    expect(s.list(['global_long_term']).map((e) => [e.content, e.tags])).toEqual([['three and four', ['p', 'q']]]);
  });
});
