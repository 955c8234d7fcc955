import { describe, expect, it } from 'vitest';
import { callGraph, dominatedBy, immediateDominators, prunedFunctions } from '../../src/apps/c2rust/lib-replace/index.js';

// main(1) -> parse(2), emit(3); parse -> lex(4), util(5); emit -> util(5), fmt(6); lex -> lex (recursive)
const g = callGraph(
  new Map([
    [1, [2, 3]],
    [2, [4, 5]],
    [3, [5, 6]],
    [4, [4]],
    [5, []],
    [6, []],
  ]),
);

describe('lib-replace call graph', () => {
  it('computes immediate dominators from the entries', () => {
    const idom = immediateDominators(g, [1]);
    expect(Object.fromEntries(idom)).toEqual({ 1: -1, 2: 1, 3: 1, 4: 2, 5: 1, 6: 3 });
    expect(dominatedBy(idom, 2)).toEqual([4]);
    expect(dominatedBy(idom, 1)).toEqual([2, 3, 4, 5, 6]);
  });

  it('prunes only the callees a replaced function dominates: a helper a kept function calls stays', () => {
    expect([...prunedFunctions(g, [1], new Set([2]))].sort()).toEqual([4]);
    // util (5) is reached only through parse and emit: replacing both takes it too
    expect([...prunedFunctions(g, [1], new Set([2, 3]))].sort()).toEqual([4, 5, 6]);
  });

  it('treats every entry as a way in: a second root keeps what it calls', () => {
    const two = callGraph(new Map([[1, [3]], [2, [3]], [3, [4]], [4, []]]));
    expect(Object.fromEntries(immediateDominators(two, [1, 2]))).toEqual({ 1: -1, 2: -1, 3: -1, 4: 3 });
    expect([...prunedFunctions(two, [1, 2], new Set([1]))]).toEqual([]);
    expect([...prunedFunctions(two, [1, 2], new Set([3]))]).toEqual([4]);
  });

  it('handles cycles: a cycle entered only through the replaced function goes with it', () => {
    const cyc = callGraph(new Map([[1, [2]], [2, [3]], [3, [2, 4]], [4, []]]));
    const idom = immediateDominators(cyc, [1]);
    expect(Object.fromEntries(idom)).toEqual({ 1: -1, 2: 1, 3: 2, 4: 3 });
    expect([...prunedFunctions(cyc, [1], new Set([2]))].sort()).toEqual([3, 4]);
  });
});
