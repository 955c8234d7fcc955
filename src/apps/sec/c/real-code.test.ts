import { describe, expect, it } from 'vitest';
import { analyzeCFiles } from './index.js';

/** Rules reported for `body` inside `void entry(void)`, with `prelude` at file scope. */
async function rules(body: string, prelude = ''): Promise<string[]> {
  const source = `#include <stdio.h>\n#include <stdlib.h>\n#include <string.h>\n${prelude}\nvoid entry(void)\n{\n${body}\n}\n`;
  const [r] = await analyzeCFiles([{ file: 't.c', source, language: 'c' }]);
  return (r?.findings ?? []).map((f) => f.rule);
}

/** realloc frees the old block only when it succeeds; a failed realloc leaves it with the caller */
const GROW = `static char *grow(char *buf, size_t n)
{
    char *t = (char *)realloc(buf, n);
    if (t == NULL) { free(buf); return NULL; }
    return t;
}
static char *shrink(char *in, size_t n)
{
    char *re = (char *)realloc(in, n);
    return re == NULL ? in : re;
}
static char *load(size_t n)
{
    char *buf = (char *)malloc(16), *swap;
    if (buf == NULL) return NULL;
    if (n > 16 && (swap = (char *)realloc(buf, n)) == NULL) { free(buf); buf = NULL; }
    else if (n > 16) buf = swap;
    return buf;
}`;

/** [what, flawed body, fixed body, rule, prelude] */
const CASES: Array<[string, string, string, string, string]> = [
  ['realloc result tested in place',
    'char *p = (char *)malloc(10); char *q; if (!p) return; q = (char *)realloc(p, 20); if (q != NULL) { free(p); free(q); }',
    'char *p = (char *)malloc(10); char *q; if (!p) return; q = (char *)realloc(p, 20); if (q == NULL) { free(p); return; } free(q);',
    'c.memory.double-free', ''],
  ['helper that frees only when realloc fails',
    'char *p = (char *)malloc(10); char *r; if (!p) return; r = grow(p, 20); if (r == NULL) return; free(r); free(p);',
    'char *p = (char *)malloc(10); char *r; if (!p) return; r = grow(p, 20); if (r == NULL) return; free(r);',
    'c.memory.double-free', GROW],
  ['helper that returns the old block when realloc fails',
    'char *p = (char *)malloc(10); char *r; if (!p) return; r = shrink(p, 5); free(r); free(r);',
    'char *p = (char *)malloc(10); char *r; if (!p) return; r = shrink(p, 5); free(r);',
    'c.memory.double-free', GROW],
  ['loader whose callers free on each exit path',
    'char *s = load(100); if (s == NULL) return; free(s); free(s);',
    'char *s = load(100); if (s == NULL) return; if (s[0] == 0) { free(s); return; } free(s);',
    'c.memory.double-free', GROW],
  ['loader that frees and returns NULL on its error path',
    'char *s = readall(rand()); if (s == NULL) return; free(s); free(s);',
    'char *s = readall(rand()); if (s == NULL) return; free(s);',
    'c.memory.double-free', `static char *readall(int fail)
{
    char *b = (char *)malloc(16);
    if (b == NULL) return NULL;
    if (fail) { free(b); return NULL; }
    return b;
}`],
  ['struct filled field by field, then copied whole',
    'struct pt a; struct pt *h = (struct pt *)malloc(sizeof(struct pt)); if (h == NULL) return; *h = a; printf("%d", h->x); free(h);',
    'struct pt a; struct pt *h = (struct pt *)malloc(sizeof(struct pt)); if (h == NULL) return; a.x = 1; a.y = 2; *h = a; printf("%d", h->x); free(h);',
    'c.uninit.use', 'struct pt { int x; int y; };'],
  ['do-while over a string up to its terminator',
    'const char *p = "abc"; int n = 0; do { n += p[1]; } while (*p++); printf("%d", n);',
    'const char *p = "abc"; int n = 0; do { n += *p; } while (*p++); printf("%d", n);',
    'c.buffer.overread', ''],
  ['while loop stepping to the terminator',
    'const char *p = "abcdef"; int n = 0; while (*p != \'\\0\') { n += p[1] + p[2]; p++; } printf("%d", n);',
    'const char *p = "abcdef"; int n = 0; while (*p != \'\\0\') { n += *p; p++; } printf("%d", n);',
    'c.buffer.overread', ''],
];

describe('C engine on patterns of mature code: the flaw is reported, the idiom is not', () => {
  it.each(CASES)('%s', async (_what, flawed, fixed, rule, prelude) => {
    expect(await rules(flawed, prelude)).toContain(rule);
    expect(await rules(fixed, prelude)).not.toContain(rule);
  });

  it('va_list set up by va_start', async () => {
    const say = (setup: string) => `#include <stdarg.h>\nstatic void say(const char *fmt, ...)\n{\n    va_list ap;\n    ${setup}\n    vprintf(fmt, ap);\n    va_end(ap);\n}\n`;
    expect(await rules('say("%d", 1);', say(''))).toContain('c.uninit.use');
    expect(await rules('say("%d", 1);', say('va_start(ap, fmt);'))).not.toContain('c.uninit.use');
  });
});
