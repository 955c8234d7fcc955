import { describe, expect, it } from 'vitest';
import type { BasicBlock } from './cfg.js';
import { structure } from './structure.js';

const c = (code: string) => ({ code, prec: 40 });

describe('structure', () => {
  it('turns a diamond into if/else without labels', () => {
    const blocks: BasicBlock[] = [
      { id: 0, stmts: ['a();'], term: { k: 'if', cond: c('x < 1'), then: 1, else: 2 } },
      { id: 1, stmts: ['b();'], term: { k: 'goto', to: 3 } },
      { id: 2, stmts: ['c();'], term: { k: 'goto', to: 3 } },
      { id: 3, stmts: ['d();'], term: { k: 'return', code: 'return;' } },
    ];
    const out = structure(blocks, 0).lines.join('\n');
    expect(out).toBe(['a();', 'if x < 1 {', 'b();', '} else {', 'c();', '}', 'd();', 'return;'].join('\n'));
  });

  it('makes a loop entered at two points single-entry through a dispatch variable', () => {
    // 0 → 1 or 2; 1 → 2; 2 → 1 or 3: the cycle {1, 2} has two entries (irreducible).
    const blocks: BasicBlock[] = [
      { id: 0, stmts: [], term: { k: 'if', cond: c('p'), then: 1, else: 2 } },
      { id: 1, stmts: ['one();'], term: { k: 'goto', to: 2 } },
      { id: 2, stmts: ['two();'], term: { k: 'if', cond: c('q'), then: 1, else: 3 } },
      { id: 3, stmts: [], term: { k: 'return', code: 'return;' } },
    ];
    const r = structure(blocks, 0);
    const out = r.lines.join('\n');
    expect(r.usesDispatch).toBe(true);
    expect(out).toMatch(/match current_block \{/);
    expect(out.match(/one\(\);/g)).toHaveLength(1);
    expect(out.match(/two\(\);/g)).toHaveLength(1);
  });

  it('flattens a large state machine into a dispatch loop instead of nesting hundreds of blocks', () => {
    const blocks: BasicBlock[] = [];
    const n = 400;
    for (let i = 0; i < n; i++) blocks.push({ id: i, stmts: [`s${i}();`], term: i + 1 < n ? { k: 'if', cond: c(`c${i}`), then: i + 1, else: Math.min(n - 1, i + 2) } : { k: 'return', code: 'return;' } });
    const r = structure(blocks, 0);
    const out = r.lines.join('\n');
    expect(r.usesDispatch).toBe(true);
    expect(out).toMatch(/^current_block = 0;\nloop \{\nmatch current_block \{/);
    for (let i = 0; i < n; i++) expect(out.match(new RegExp(`\\bs${i}\\(\\);`, 'g'))).toHaveLength(1);
    expect(out).not.toMatch(/'bb\d+: \{/);
  });
});
