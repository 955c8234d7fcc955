import { describe, expect, it } from 'vitest';
import type { RawFinding } from '../finding.js';
import { analyzeCFiles } from './index.js';
import { C_RULES } from './rules.js';

async function findings(body: string, prelude = ''): Promise<RawFinding[]> {
  const source = `#include <stdio.h>\n#include <stdlib.h>\n#include <string.h>\n#include <limits.h>\n#include <math.h>\n${prelude}\nvoid entry(void)\n{\n${body}\n}\n`;
  const [r] = await analyzeCFiles([{ file: 't.c', source, language: 'c' }]);
  return r?.findings ?? [];
}

const rules = async (body: string, prelude = '') => (await findings(body, prelude)).map((f) => f.rule);

/** [rule, flawed body, fixed body, optional file-scope prelude, optional prelude of the fixed body when it differs] */
const CASES: Array<[string, string, string, string?, string?]> = [
  ['c.buffer.stack-overflow',
    'char buf[10]; strcpy(buf, "0123456789ABCDEF"); puts(buf);',
    'char buf[20]; strcpy(buf, "0123456789ABCDEF"); puts(buf);'],
  ['c.buffer.stack-overflow',
    'char src[100]; char dst[50]; size_t i; memset(src, \'C\', 99); src[99] = 0; for (i = 0; i < 100; i++) dst[i] = src[i]; puts(dst);',
    'char src[100]; char dst[100]; size_t i; memset(src, \'C\', 99); src[99] = 0; for (i = 0; i < 100; i++) dst[i] = src[i]; puts(dst);'],
  ['c.buffer.stack-overflow',
    'char in[32] = ""; int n = 0; int arr[10] = {0}; if (fgets(in, 32, stdin) != NULL) n = atoi(in); if (n >= 0) arr[n] = 1; printf("%d", arr[0]);',
    'char in[32] = ""; int n = 0; int arr[10] = {0}; if (fgets(in, 32, stdin) != NULL) n = atoi(in); if (n >= 0 && n < 10) arr[n] = 1; printf("%d", arr[0]);'],
  ['c.buffer.heap-overflow',
    'int src[10] = {0}; int *p = (int *)malloc(10); if (p == NULL) exit(1); memcpy(p, src, 10 * sizeof(int)); printf("%d", p[0]); free(p);',
    'int src[10] = {0}; int *p = (int *)malloc(10 * sizeof(int)); if (p == NULL) exit(1); memcpy(p, src, 10 * sizeof(int)); printf("%d", p[0]); free(p);'],
  ['c.buffer.underwrite',
    'char buf[100]; char src[100]; char *p = buf - 8; memset(src, \'C\', 99); src[99] = 0; memcpy(p, src, 100); puts(buf);',
    'char buf[100]; char src[100]; char *p = buf; memset(src, \'C\', 99); src[99] = 0; memcpy(p, src, 100); puts(buf);'],
  ['c.buffer.overread',
    'char small[50]; char dest[100]; memset(small, \'A\', 49); small[49] = 0; memset(dest, \'C\', 99); dest[99] = 0; memcpy(dest, small, strlen(dest)); puts(dest);',
    'char small[100]; char dest[100]; memset(small, \'A\', 99); small[99] = 0; memset(dest, \'C\', 99); dest[99] = 0; memcpy(dest, small, strlen(dest)); puts(dest);'],
  ['c.buffer.overread',
    'char src[150], dest[100]; int i; memset(src, \'A\', 149); src[149] = 0; for (i = 0; i < 99; i++) dest[i] = src[i]; puts(dest);',
    'char src[150], dest[100]; int i; memset(src, \'A\', 149); src[149] = 0; for (i = 0; i < 99; i++) dest[i] = src[i]; dest[99] = 0; puts(dest);'],
  ['c.buffer.stack-overflow',
    'wchar_t *data = (wchar_t *)malloc(100 * sizeof(wchar_t)); wchar_t dest[50]; if (!data) return; wmemset(data, L\'A\', 99); data[99] = 0; wcscpy(dest, data); free(data);',
    'wchar_t *data = (wchar_t *)malloc(100 * sizeof(wchar_t)); wchar_t dest[50]; if (!data) return; wmemset(data, L\'A\', 49); data[49] = 0; wcscpy(dest, data); free(data);',
    '#include <wchar.h>'],
  ['c.buffer.underread',
    'char buf[100]; char dest[200]; char *p; memset(buf, \'A\', 99); buf[99] = 0; p = buf - 8; strcpy(dest, p); puts(dest);',
    'char buf[100]; char dest[200]; char *p; memset(buf, \'A\', 99); buf[99] = 0; p = buf; strcpy(dest, p); puts(dest);'],
  ['c.buffer.field-overflow',
    'struct pair s; memcpy(s.first, "0123456789abcdef0123456789abcde", sizeof(s)); puts(s.first);',
    'struct pair s; memcpy(s.first, "0123456789abcdef0123456789abcde", sizeof(s.first)); s.first[15] = 0; puts(s.first);',
    'struct pair { char first[16]; void *second; };'],
  ['c.integer.overflow',
    'int x = 0; int y; fscanf(stdin, "%d", &x); y = x + 1; printf("%d", y);',
    'int x = 0; int y = 0; fscanf(stdin, "%d", &x); if (x < INT_MAX) y = x + 1; printf("%d", y);'],
  ['c.integer.overflow',
    'char c = CHAR_MAX; char r = c * c; printf("%d", r);',
    'char c = 2; char r = 0; if (abs((long)c) <= (long)sqrt((double)CHAR_MAX)) r = c * c; printf("%d", r);'],
  ['c.integer.underflow',
    'int x = 0; fscanf(stdin, "%d", &x); x--; printf("%d", x);',
    'int x = 0; fscanf(stdin, "%d", &x); if (x > INT_MIN) x--; printf("%d", x);'],
  ['c.divide.by-zero',
    'char in[16] = ""; int d = 0; if (fgets(in, 16, stdin)) d = atoi(in); printf("%d", 100 / d);',
    'char in[16] = ""; int d = 0; if (fgets(in, 16, stdin)) d = atoi(in); if (d != 0) printf("%d", 100 / d);'],
  ['c.divide.by-zero',
    'float f = 0.0F; printf("%f", 100.0 / f);',
    'float f = 0.0F; if (fabs(f) > 0.000001) printf("%f", 100.0 / f);'],
  ['c.memory.leak',
    'char *p = (char *)malloc(100); if (p == NULL) exit(1); strcpy(p, "hello"); puts(p);',
    'char *p = (char *)malloc(100); if (p == NULL) exit(1); strcpy(p, "hello"); puts(p); free(p);'],
  ['c.memory.double-free',
    'char *p = (char *)malloc(100); if (p == NULL) exit(1); free(p); free(p);',
    'char *p = (char *)malloc(100); if (p == NULL) exit(1); free(p); p = NULL; free(p);'],
  ['c.memory.use-after-free',
    'char *p = (char *)malloc(100); if (p == NULL) exit(1); strcpy(p, "x"); free(p); puts(p);',
    'char *p = (char *)malloc(100); if (p == NULL) exit(1); strcpy(p, "x"); puts(p); free(p);'],
  ['c.memory.free-non-heap',
    'char buf[10]; char *p = buf; strcpy(p, "abc"); puts(p); free(p);',
    'char *p = (char *)malloc(10); if (p == NULL) exit(1); strcpy(p, "abc"); puts(p); free(p);'],
  ['c.memory.realloc-overwrite',
    'char *p = (char *)malloc(10); char *q; if (!p) return; p = (char *)realloc(p, 20); free(p);',
    'char *p = (char *)malloc(10); char *q; if (!p) return; q = (char *)realloc(p, 20); if (q) p = q; free(p);'],
  ['c.uninit.use',
    'int x; printf("%d", x);',
    'int x = 0; printf("%d", x);'],
  ['c.uninit.use',
    'double d[10]; int i; for (i = 0; i < 5; i++) d[i] = i; for (i = 0; i < 10; i++) printf("%f", d[i]);',
    'double d[10]; int i; for (i = 0; i < 10; i++) d[i] = i; for (i = 0; i < 10; i++) printf("%f", d[i]);'],
  ['c.null.deref',
    'int *p = NULL; printf("%d", *p);',
    'int v = 1; int *p = NULL; p = &v; if (p != NULL) printf("%d", *p);'],
  ['c.null.unchecked-alloc',
    'char *p = (char *)malloc(10); p[0] = 0; puts(p); free(p);',
    'char *p = (char *)malloc(10); if (p == NULL) return; p[0] = 0; puts(p); free(p);'],
  ['c.format.tainted',
    'char buf[100] = ""; if (fgets(buf, 100, stdin) == NULL) return; printf(buf);',
    'char buf[100] = ""; if (fgets(buf, 100, stdin) == NULL) return; printf("%s", buf);'],
  ['c.buffer.overflow',
    'char line[64]; if (fgets(line, sizeof line, stdin) == NULL) return; strcpy(g_name, line); puts(g_name);',
    'char line[64]; if (fgets(line, sizeof line, stdin) == NULL) return; strncpy(g_name, line, sizeof g_name - 1); g_name[sizeof g_name - 1] = 0; puts(g_name);',
    'static char g_name[8];'],
  ['c.path.traversal',
    'char name[64]; char path[128]; FILE *f; if (fgets(name, sizeof name, stdin) == NULL) return; snprintf(path, sizeof path, "/srv/%s", name); f = fopen(path, "r"); if (f) fclose(f);',
    'char name[64]; char path[128]; FILE *f; if (fgets(name, sizeof name, stdin) == NULL) return; if (strstr(name, "..") || strchr(name, \'/\')) return; snprintf(path, sizeof path, "/srv/%s", name); f = fopen(path, "r"); if (f) fclose(f);'],
  ['c.integer.shift',
    'int x = 0; int y = 0; if (fscanf(stdin, "%d", &x) != 1) return; y = 1 << x; printf("%d", y);',
    'int x = 0; int y = 0; if (fscanf(stdin, "%d", &x) != 1) return; if (x >= 0 && x < 31) y = 1 << x; printf("%d", y);'],
  ['c.integer.truncation',
    'int x = 70000; short s; s = x; printf("%d", s);',
    'int x = 7000; short s; s = x; printf("%d", s);'],
  ['c.memory.return-local',
    'puts(pick(1));',
    'puts(pick(0));',
    'static char *pick(int local) { static char s[16] = "abc"; char b[16] = "abc"; if (local) return b; return s; }'],
  ['c.command.tainted',
    'char cmd[100] = "ls "; size_t n = strlen(cmd); char *env = getenv("ADD"); if (env != NULL) strncat(cmd + n, env, 100 - n - 1); system(cmd);',
    'char cmd[100] = "ls "; strcat(cmd, "*.*"); system(cmd);'],
  ['c.assert.reachable',
    'int n = 0; if (fscanf(stdin, "%d", &n) != 1) return; assert(n >= 0 && n < 16); printf("%d", n);',
    'int n = 0; if (fscanf(stdin, "%d", &n) != 1) return; if (n < 0 || n >= 16) return; assert(n >= 0 && n < 16); printf("%d", n);',
    '#include <assert.h>'],
  ['c.recursion.unbounded',
    'char line[256]; if (fgets(line, sizeof line, stdin)) printf("%d", depth_of(line));',
    'char line[256]; if (fgets(line, sizeof line, stdin)) printf("%d", depth_of(line, 0));',
    'static int depth_of(const char *s) { if (*s != \'(\') return 0; return 1 + depth_of(s + 1); }',
    'static int depth_of(const char *s, int d) { if (d > 64 || *s != \'(\') return 0; return 1 + depth_of(s + 1, d + 1); }'],
  ['c.loop.infinite',
    'char line[64]; const char *p = line; int n = 0; if (!fgets(line, sizeof line, stdin)) return; while (*p) { if (*p == \' \') p++; else if (*p >= \'0\' && *p <= \'9\') { n++; p++; } } printf("%d", n);',
    'char line[64]; const char *p = line; int n = 0; if (!fgets(line, sizeof line, stdin)) return; while (*p) { if (*p == \' \') p++; else if (*p >= \'0\' && *p <= \'9\') { n++; p++; } else p++; } printf("%d", n);'],
  ['c.loop.infinite',
    'int a = 0; int i; for (i = 0; i < 10; ) { a++; } printf("%d", a);',
    'int a = 0; int i; for (i = 0; i < 10; ) { a++; i++; } printf("%d", a);'],
  ['c.memory.unbounded-alloc',
    'unsigned n = 0; int *v; if (scanf("%u", &n) != 1) return; v = calloc(n, sizeof *v); if (v) { v[0] = 1; printf("%d", v[0]); } free(v);',
    'unsigned n = 0; int *v; if (scanf("%u", &n) != 1 || n == 0 || n > 4096) return; v = calloc(n, sizeof *v); if (v) { v[0] = 1; printf("%d", v[0]); } free(v);'],
  ['c.sql.tainted',
    'char q[200]; char *id = getenv("ID"); if (!id) return; snprintf(q, sizeof q, "DELETE FROM t WHERE id = \'%s\'", id); sqlite3_exec(db, q, 0, 0, 0);',
    'char q[200]; char *id = getenv("ID"); if (!id) return; snprintf(q, sizeof q, "DELETE FROM t WHERE id = %ld", strtol(id, 0, 10)); sqlite3_exec(db, q, 0, 0, 0);',
    'typedef struct sqlite3 sqlite3; sqlite3 *db;'],
];

describe('C data-flow rules: each flags its flawed snippet and not its fixed twin', () => {
  it.each(CASES)('%s', async (rule, flawed, fixed, prelude, fixedPrelude) => {
    expect(await rules(flawed, prelude)).toContain(rule);
    expect(await rules(fixed, fixedPrelude ?? prelude)).not.toContain(rule);
  });

  it('covers every rule in the catalogue with a case', () => {
    const tested = new Set(CASES.map((c) => c[0]));
    expect(C_RULES.map((r) => r.id).filter((id) => !tested.has(id))).toEqual([]);
  });

  it('takes an assertion as holding past it: the failing path ends there', async () => {
    const found = await rules('int a[4]; int i = 0; if (fscanf(stdin, "%d", &i) != 1) return; assert(i >= 0 && i < 4); a[i] = 1; printf("%d", a[0]);', '#include <assert.h>');
    expect(found).toContain('c.assert.reachable');
    expect(found.filter((r) => r.startsWith('c.buffer'))).toEqual([]);
  });

  it('leaves assertions on what the program maintains alone', async () => {
    expect(await rules('int i, n = 0; int *p = malloc(4); if (!p) return; for (i = 0; i < 8; i++) n++; assert(n == 8); assert(p != NULL); free(p);', '#include <assert.h>')).not.toContain('c.assert.reachable');
  });

  it('fills every field of a finding, with a trace from source to sink', async () => {
    const [f] = await findings('char buf[100] = "";\nif (fgets(buf, 100, stdin) == NULL) return;\nprintf(buf);');
    expect(f).toMatchObject({ rule: 'c.format.tainted', category: 'format_string', pattern: 'printf', cwe: [134], severity: 'high', evidence: 'printf(buf);' });
    expect(f?.confidence).toBeGreaterThan(0);
    expect(f?.confidence).toBeLessThanOrEqual(1);
    expect(f?.suggestion).toMatch(/literal format/);
    expect(f?.trace.map((s) => s.line)).toEqual([f ? f.line - 1 : 0, f?.line]);
  });
});
