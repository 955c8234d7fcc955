import { describe, expect, it } from 'vitest';
import { fastCursor, fastCursorIsDirect, parseSource, type Tree } from './tree-sitter.js';

const SOURCE = `#include <stdio.h>
#define N 4
/* comment */
static int f(int *p, int n) {
  for (int i = 0; i < n; i++) p[i] = i * 2;
  return p[0] ? printf("%d\\n", p[0]) : 0;
}
int main(void) { int a[N]; return f(a, N) + ; }
`;

/** type id, start and end of every node, depth first, with web-tree-sitter's own cursor */
function slowWalk(tree: Tree): string[] {
  const out: string[] = [];
  const c = tree.walk();
  for (;;) {
    out.push(`${c.nodeTypeId}:${c.startIndex}-${c.endIndex}`);
    if (c.gotoFirstChild()) continue;
    while (!c.gotoNextSibling()) if (!c.gotoParent()) return (c.delete(), out);
  }
}

describe('fastCursor', () => {
  it('visits the nodes TreeCursor visits, with the same types and offsets (errors included)', async () => {
    const tree = await parseSource(SOURCE, 'c');
    try {
      const out: string[] = [];
      const c = fastCursor(tree);
      for (;;) {
        out.push(`${c.typeId()}:${c.startIndex()}-${c.endIndex()}`);
        if (c.gotoFirstChild()) continue;
        let more = true;
        while (more && !c.gotoNextSibling()) more = c.gotoParent();
        if (!more) break;
      }
      c.delete();
      // this version of web-tree-sitter exposes its cursor functions (else the fallback ran)
      expect(fastCursorIsDirect()).toBe(true);
      expect(tree.rootNode.hasError).toBe(true);
      expect(out).toEqual(slowWalk(tree));
      expect(out.length).toBeGreaterThan(80);
    } finally {
      tree.delete();
    }
  });

  it('hands out wasm nodes mid-walk and goes on from where it was', async () => {
    const tree = await parseSource(SOURCE, 'c');
    try {
      const calls: string[] = [];
      const after: number[] = [];
      const c = fastCursor(tree);
      const callId = tree.language.idForNodeType('call_expression', true);
      for (;;) {
        if (c.typeId() === callId) {
          const node = c.currentNode();
          calls.push(`${node.text}@${node.startPosition.row + 1}:${node.parent?.type}`);
          after.push(c.startIndex());
        }
        if (c.gotoFirstChild()) continue;
        let more = true;
        while (more && !c.gotoNextSibling()) more = c.gotoParent();
        if (!more) break;
      }
      c.delete();
      // the tree is still usable afterwards
      const expected = tree.rootNode.descendantsOfType('call_expression');
      expect(calls).toEqual(expected.map((n) => `${n.text}@${n.startPosition.row + 1}:${n.parent?.type}`));
      expect(calls[0]).toBe('printf("%d\\n", p[0])@6:conditional_expression');
      expect(calls.length).toBe(2);
      expect(after).toEqual(expected.map((n) => n.startIndex));
    } finally {
      tree.delete();
    }
  });

  it('frees its state when deleted after a walk that stopped half way (no double free, trees still parse)', async () => {
    for (let i = 0; i < 200; i++) {
      const tree = await parseSource(SOURCE.repeat(3), 'c');
      const c = fastCursor(tree);
      for (let k = 0; k < i % 40 && (c.gotoFirstChild() || c.gotoNextSibling()); k++);
      c.delete();
      tree.delete();
    }
    const tree = await parseSource(SOURCE, 'c');
    expect(tree.rootNode.namedChildren.length).toBeGreaterThan(3);
    tree.delete();
  });
});
