import { describe, expect, it } from 'vitest';
import { parseSource, type LanguageId } from '../../../lang/tree-sitter.js';
import { HYGIENE_NODE_TYPES } from '../hygiene/index.js';
import { convertTree } from './ast.js';

const C_SOURCE = `#if 0
void off(void) { gets(b); }
#elif 1
int g[4];
#endif
int f(int n) {
  char a[n];
  if (n) { puts(a); strcpy(a, "x"); }
  for (int i = 0; i < n; i++) g[i % 4] = rand();
  return (int)strlen(a) + ;
}
`;
const CPP_SOURCE = `struct S { int *p; S() : p(new int[4]) {} ~S() { delete[] p; } };
int main() { S s; auto *q = new S(); std::string t = std::to_string(1); printf("%s", t.c_str()); delete q; }
`;

describe('convertTree', () => {
  it.each([
    ['c', C_SOURCE],
    ['cpp', CPP_SOURCE],
  ])('picks the same %s nodes, in the same order, as descendantsOfType', async (lang, source) => {
    const tree = await parseSource(source, lang as LanguageId);
    try {
      const { picked, root, errors } = convertTree(tree, source, HYGIENE_NODE_TYPES);
      const expected = tree.rootNode.descendantsOfType([...HYGIENE_NODE_TYPES]);
      expect(expected.length).toBeGreaterThan(4);
      expect(picked?.map((n) => `${n.type}@${n.startIndex}-${n.endIndex}:${n.parent?.type}`)).toEqual(expected.map((n) => `${n.type}@${n.startIndex}-${n.endIndex}:${n.parent?.type}`));
      expect(root.c.length).toBeGreaterThan(1);
      expect(errors).toBe(lang === 'c' ? 1 : 0);
    } finally {
      tree.delete();
    }
  });

  it('copies a tree the same with or without picking', async () => {
    const tree = await parseSource(C_SOURCE, 'c');
    try {
      const plain = convertTree(tree, C_SOURCE);
      const picking = convertTree(tree, C_SOURCE, HYGIENE_NODE_TYPES);
      expect(plain.picked).toBeUndefined();
      expect(JSON.stringify(picking.root)).toBe(JSON.stringify(plain.root));
    } finally {
      tree.delete();
    }
  });
});
