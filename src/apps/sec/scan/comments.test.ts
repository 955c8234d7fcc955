import { describe, expect, it } from 'vitest';
import { unterminatedComment } from './comments.js';

describe('unterminatedComment', () => {
  it.each([
    ['int a; /* closed */ int b;', 'c', undefined],
    ['int a;\n  /* open\nint b;', 'c', { line: 2, column: 3 }],
    ['const char *s = "/* not a comment";\nint b;', 'c', undefined],
    ["char c = '\"'; /* x", 'c', { line: 1, column: 15 }],
    ['// /* in a line comment\nint a;', 'c', undefined],
    ['/* outer /* inner */ still open', 'rust', { line: 1, column: 1 }],
    ['/* outer /* inner */ closed */ fn f() {}', 'rust', undefined],
    ['/* a /* b */', 'c', undefined],
  ] as const)('%j (%s)', (src, lang, want) => {
    expect(unterminatedComment(src, lang)).toEqual(want);
  });
});
