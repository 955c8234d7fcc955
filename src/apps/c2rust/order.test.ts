import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { countCycles, findRoots, stronglyConnected, translationOrder } from './order.js';
import type { SymbolRecord } from './symbols.js';

function fn(id: number, callees: number[]): SymbolRecord {
  return {
    id,
    category: 'function',
    name: `f${id}`,
    qualified_name: `f${id}`,
    file: 'a.c',
    start_line: id,
    end_line: id,
    signature: `void f${id}(void)`,
    return_type: 'void',
    params: [],
    ref: callees.map((c) => `f${c}`),
    ref_ids: callees,
    language: 'c',
    defined: true,
  };
}

const graphOf = (edges: Record<number, number[]>) => Object.entries(edges).map(([id, to]) => fn(Number(id), to));

describe('translation order', () => {
  it('puts callees before callers along a chain', () => {
    const order = translationOrder(graphOf({ 1: [2], 2: [3], 3: [] }));
    expect(order.map((s) => s.ids)).toEqual([[3], [2], [1]]);
    expect(order.map((s) => s.step)).toEqual([1, 2, 3]);
    expect(order[0]?.items[0]?.name).toBe('f3');
  });

  it('gives mutually recursive functions one shared step, after what they call', () => {
    // main → a ↔ b → leaf
    const order = translationOrder(graphOf({ 1: [2], 2: [3], 3: [2, 4], 4: [] }));
    expect(order.map((s) => s.ids)).toEqual([[4], [2, 3], [1]]);
    expect(countCycles(graphOf({ 1: [2], 2: [3], 3: [2, 4], 4: [] }))).toBe(1);
  });

  it('counts a self-recursive function as a cycle but keeps it in a step of its own', () => {
    const symbols = graphOf({ 1: [1, 2], 2: [] });
    expect(translationOrder(symbols).map((s) => s.ids)).toEqual([[2], [1]]);
    expect(countCycles(symbols)).toBe(1);
  });

  it('ignores references to types and to ids that are not defined functions', () => {
    const symbols = [fn(1, [2, 99]), fn(2, [])];
    expect(translationOrder(symbols).map((s) => s.ids)).toEqual([[2], [1]]);
  });

  it('respects every edge outside a cycle and puts each cycle in one step (random graphs)', () => {
    const graphArb = fc.integer({ min: 1, max: 25 }).chain((n) =>
      fc.array(fc.tuple(fc.integer({ min: 1, max: n }), fc.integer({ min: 1, max: n })), { maxLength: n * 3 }).map((edges) => ({ n, edges })),
    );
    fc.assert(
      fc.property(graphArb, ({ n, edges }) => {
        const adj: Record<number, number[]> = {};
        for (let i = 1; i <= n; i++) adj[i] = [];
        for (const [a, b] of edges) if (!adj[a]?.includes(b)) adj[a]?.push(b);
        const order = translationOrder(graphOf(adj));
        const stepOf = new Map<number, number>();
        for (const s of order) for (const id of s.ids) stepOf.set(id, s.step);
        expect(stepOf.size).toBe(n);
        // Reachability decides whether two nodes share a cycle.
        const reach = (from: number, to: number) => {
          const seen = new Set([from]);
          const todo = [from];
          while (todo.length) {
            for (const x of adj[todo.pop() as number] ?? []) {
              if (!seen.has(x)) {
                seen.add(x);
                todo.push(x);
              }
            }
          }
          return seen.has(to);
        };
        for (const [a, b] of edges) {
          if (a === b) continue;
          const sameCycle = reach(b, a);
          if (sameCycle) expect(stepOf.get(a)).toBe(stepOf.get(b));
          else expect(stepOf.get(b) as number).toBeLessThan(stepOf.get(a) as number);
        }
      }),
      { numRuns: 200 },
    );
  });

  it('handles a call chain deeper than the JS stack would allow recursively', () => {
    const n = 20000;
    const symbols = Array.from({ length: n }, (_, i) => fn(i + 1, i + 1 < n ? [i + 2] : []));
    const comps = stronglyConnected(new Map(symbols.map((s) => [s.id, s.ref_ids])));
    expect(comps.length).toBe(n);
    expect(comps[0]).toEqual([n]);
  });
});

describe('roots', () => {
  it('are the functions nobody calls, main among them', () => {
    expect(findRoots(graphOf({ 1: [2], 2: [], 3: [2] }))).toEqual([1, 3]);
  });

  it('include one member of a cycle that nothing outside calls', () => {
    expect(findRoots(graphOf({ 1: [2], 2: [1], 3: [] }))).toEqual([1, 3]);
  });
});
