import { describe, expect, it } from 'vitest';
import type { CType } from './ctype.js';
import { parseCType, type TypeLookup } from './type-parse.js';

const rec = (name: string): CType => ({ k: 'record', key: `k:${name}`, tag: 'struct', name });
const lookup: TypeLookup = {
  typedef: (n) => (n === 'size_t' ? { k: 'typedef', key: 'td:size_t', name: 'size_t', target: { k: 'int', kind: 'ulong' } } : undefined),
  tag: (_t, n) => rec(n),
  anonymous: (_t, loc) => (loc === 'a.c:3:9' ? rec('') : undefined),
};

/** A compact rendering for assertions. */
function show(t: CType): string {
  switch (t.k) {
    case 'int':
    case 'float':
      return t.kind;
    case 'void':
      return 'void';
    case 'ptr':
      return `${t.constTo ? 'const ' : ''}*${show(t.to)}`;
    case 'array':
      return `[${show(t.of)}; ${t.vla ?? t.size ?? '?'}]`;
    case 'fn':
      return `fn(${[...t.params.map(show), ...(t.variadic ? ['...'] : [])].join(', ')}) -> ${show(t.ret)}`;
    case 'record':
      return `struct ${t.name || '<anon>'}`;
    case 'typedef':
      return t.name;
    case 'vector':
      return `vector(${show(t.of)}, ${t.bytes})`;
    default:
      return t.k;
  }
}

describe('parseCType', () => {
  it.each([
    ['unsigned long long', 'ullong'],
    ['const char *', 'const *char'],
    ['char *const *', '**char'],
    ['int (*)(const void *, const void *)', '*fn(const *void, const *void) -> int'],
    ['int (*)[4]', '*[int; 4]'],
    ['char *(*)[3]', '*[*char; 3]'],
    ['void (*(*)(int))(void)', '*fn(int) -> *fn() -> void'],
    ['int (const char *, ...)', 'fn(const *char, ...) -> int'],
    ['int [2][3]', '[[int; 3]; 2]'],
    ['int[n + 1]', '[int; n + 1]'],
    ['size_t *', '*size_t'],
    ['struct (unnamed struct at a.c:3:9) *', '*struct <anon>'],
    ['struct node *', '*struct node'],
    ['_Bool', 'bool'],
    ['long double', 'ldouble'],
    ['void (int) __attribute__((noreturn))', 'fn(int) -> void'],
    ['__attribute__((__vector_size__(2 * sizeof(long long)))) long long', 'vector(llong, 16)'],
  ])('reads `%s`', (text, want) => {
    expect(show(parseCType(text, lookup))).toBe(want);
  });
});
