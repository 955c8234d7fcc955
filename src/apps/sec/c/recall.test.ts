import { describe, expect, it } from 'vitest';
import type { RawFinding } from '../finding.js';
import { analyzeCFiles } from './index.js';

const HEADERS = '#include <stdio.h>\n#include <stdlib.h>\n#include <string.h>\n#include <stdint.h>\n#include <unistd.h>\n';

async function scan(source: string, file = 't.c'): Promise<RawFinding[]> {
  const [r] = await analyzeCFiles([{ file, source: HEADERS + source, language: file.endsWith('.cpp') ? 'cpp' : 'c' }]);
  return r?.findings ?? [];
}

/** `rule@line` (line within `source`, without the headers) */
async function found(source: string, file = 't.c'): Promise<string[]> {
  const off = HEADERS.split('\n').length - 1;
  return (await scan(source, file)).map((f) => `${f.rule}@${f.line - off}`);
}

describe('a buffer and its paired length: counts read out of the data', () => {
  const record = (check: string) => [
    'int rec_sum(const unsigned char *p, size_t n) {',
    '  size_t k, j; int s = 0;',
    '  if (n < 2) return -1;',
    '  k = p[0] | (p[1] << 8);',
    check,
    '  for (j = 0; j < k; j++) s += p[2 + j];',
    '  return s;',
    '}',
  ].join('\n');

  it('reports an index from a length field that nothing tests against the length (a library caller: 0.45)', async () => {
    const got = await scan(record(''));
    const f = got.find((x) => x.rule === 'c.buffer.overread');
    expect(f?.tier).toBe('suspect');
    expect(f?.confidence).toBeCloseTo(0.45);
  });

  it('is quiet once the field is tested against what is left of the length', async () => {
    expect(await found(record('  if (k > n - 2) return -1;'))).toEqual([]);
    expect(await found(record('  if (2 + k > n) return -1;'))).toEqual([]);
    expect(await found(record('  if (n < 2 + k) return -1;'))).toEqual([]);
  });

  it('reports a label copied out of the message when only the output room was checked', async () => {
    const src = (extra: string) => [
      'int name(const uint8_t *m, size_t mlen, char *out, size_t outsz) {',
      '  size_t pos = 0, o = 0;',
      '  while (pos < mlen) {',
      '    uint8_t lab = m[pos++];',
      '    if (lab == 0) break;',
      '    if (o + lab + 1 >= outsz) return -1;',
      extra,
      '    memcpy(out + o, m + pos, lab);',
      '    o += lab; pos += lab;',
      '  }',
      '  out[o] = 0;',
      '  return (int)o;',
      '}',
    ].join('\n');
    expect(await found(src(''))).toEqual(['c.buffer.overread@8']);
    expect(await found(src('    if (lab > mlen - pos) return -1;'))).toEqual([]);
  });

  it('follows pointer walks: a test against the end pointer or the room left (end - p) bounds the count', async () => {
    const walk = (check: string) => [
      'int walk(const uint8_t *buf, size_t len, uint8_t *out, size_t outsz) {',
      '  const uint8_t *p = buf, *end = buf + len; size_t o = 0;',
      '  while (p < end) {',
      '    uint8_t n = *p++;',
      check,
      '    if (o + n > outsz) return -1;',
      '    memcpy(out + o, p, n);',
      '    o += n; p += n;',
      '  }',
      '  return (int)o;',
      '}',
    ].join('\n');
    expect(await found(walk(''))).toEqual(['c.buffer.overread@7']);
    expect(await found(walk('    if (p + n > end) return -1;'))).toEqual([]);
    expect(await found(walk('    if (n > (size_t)(end - p)) return -1;'))).toEqual([]);
  });

  it('reports at 0.75 when the buffer was filled from a file, not for a block sized by the count itself', async () => {
    const prog = [
      'static void show(const unsigned char *b, size_t n) {',
      '  size_t pos = 0;',
      '  while (pos + 2 <= n) {',
      '    unsigned len = b[pos + 1], i;',
      '    for (i = 0; i < len; i++) printf("%02x", b[pos + 2 + i]);',
      '    pos += 2 + len;',
      '  }',
      '}',
      'int main(int argc, char **argv) {',
      '  FILE *f = fopen(argv[1], "rb"); long sz; unsigned char *b; size_t n;',
      '  if (!f || argc < 2) return 1;',
      '  fseek(f, 0, SEEK_END); sz = ftell(f); fseek(f, 0, SEEK_SET);',
      '  if (sz <= 0 || sz > 4096) return 1;',
      '  b = malloc((size_t)sz); if (!b) return 1;',
      '  n = fread(b, 1, (size_t)sz, f); fclose(f);',
      '  show(b, n); free(b); return 0;',
      '}',
    ].join('\n');
    const got = await scan(prog);
    const f = got.find((x) => x.rule === 'c.buffer.overread');
    expect(f?.confidence).toBeCloseTo(0.75);
    const fixed = prog.replace('unsigned len = b[pos + 1], i;', 'unsigned len = b[pos + 1], i; if (len > n - pos - 2) break;');
    expect((await scan(fixed)).filter((x) => x.rule === 'c.buffer.overread')).toEqual([]);
    const framed = [
      'static int readn(int fd, void *buf, size_t n) { unsigned char *p = buf; while (n > 0) { ssize_t r = read(fd, p, n); if (r <= 0) return -1; p += r; n -= (size_t)r; } return 0; }',
      'int main(void) {',
      '  unsigned char h[2];',
      '  while (readn(0, h, 2) == 0) {',
      '    size_t len = h[0] | (h[1] << 8); char *m = malloc(len + 1);',
      '    if (!m || readn(0, m, len) != 0) return 1;',
      '    m[len] = 0; puts(m); free(m);',
      '  }',
      '  return 0;',
      '}',
    ].join('\n');
    expect((await found(framed)).filter((x) => x.startsWith('c.buffer'))).toEqual([]);
  });
});

describe('memory freed in one pass of a loop and used in the next', () => {
  const shell = (logout: string) => [
    'struct sess { char *user; unsigned posts; };',
    'static void end(struct sess *s) { if (s->user != NULL) free(s->user);' + logout + ' s->posts = 0; }',
    'static void cmd(struct sess *s, char *line) {',
    '  if (strncmp(line, "login ", 6) == 0) { char *c = strdup(line + 6); if (!c) return; if (s->user) end(s); s->user = c; }',
    '  else if (strcmp(line, "logout") == 0) end(s);',
    '  else if (strcmp(line, "whoami") == 0) puts(s->user != NULL ? s->user : "nobody");',
    '}',
    'int main(void) {',
    '  struct sess s = { NULL, 0 }; char line[128];',
    '  while (fgets(line, sizeof line, stdin)) cmd(&s, line);',
    '  if (s.user) free(s.user);',
    '  return 0;',
    '}',
  ].join('\n');

  it('reports the second free and the use after a command that freed without clearing', async () => {
    const got = await found(shell(''));
    expect(got).toContain('c.memory.double-free@2');
    expect(got).toContain('c.memory.use-after-free@6');
  });

  it('is quiet when the pointer is cleared after the free', async () => {
    expect((await found(shell(' s->user = NULL;'))).filter((f) => f.startsWith('c.memory'))).toEqual([]);
  });

  it('reports a pointer kept to a block a counted loop freed on an earlier pass', async () => {
    const src = (fix: string) => [
      'void run(int n) {',
      '  char *p = malloc(8), *last = NULL; int i;',
      '  if (!p) return;',
      '  for (i = 0; i < n; i++) {',
      '    if (last) putchar(last[0]);',
      `    if (i == 2) { last = p; free(p); p = NULL;${fix} }`,
      '  }',
      '  free(p);',
      '}',
    ].join('\n');
    expect(await found(src(''))).toContain('c.memory.use-after-free@5');
    expect((await found(src(' last = NULL;'))).filter((f) => f.startsWith('c.memory'))).toEqual([]);
  });

  it('does not run a second pass a loop bound of one rules out', async () => {
    const src = ['void once(void) {', '  char *p = malloc(8); int i;', '  for (i = 0; i < 1; i++) free(p);', '}'].join('\n');
    expect((await found(src)).filter((f) => f.startsWith('c.memory'))).toEqual([]);
  });

  it('reports a block a rejected item leaves behind when the next pass overwrites its pointer', async () => {
    const src = (fix: string) => [
      'struct q { char *items[16]; int n; };',
      'static int push(struct q *q, char *s) { if (q->n >= 16 || s[0] == 0) return -1; q->items[q->n++] = s; return 0; }',
      'int main(void) {',
      '  struct q q = { { NULL }, 0 }; char buf[64]; char *j;',
      '  while (scanf("%63s", buf) == 1) {',
      '    j = strdup(buf);',
      '    if (!j) break;',
      `    if (push(&q, j) < 0) {${fix} continue; }`,
      '  }',
      '  while (q.n > 0) free(q.items[--q.n]);',
      '  return 0;',
      '}',
    ].join('\n');
    expect(await found(src(''))).toContain('c.memory.leak@6');
    expect((await found(src(' free(j);'))).filter((f) => f.startsWith('c.memory'))).toEqual([]);
  });
});

describe('unsigned wrap of a C library length', () => {
  it('reports strlen(s) - 1 on a line that may be empty, not after a test that it is not', async () => {
    const src = (test: string) => [
      'static size_t last(const char *s) {',
      `  ${test}`,
      '  size_t i = strlen(s) - 1;',
      '  return i;',
      '}',
      'int main(void) {',
      '  char line[64];',
      '  while (fgets(line, sizeof line, stdin)) {',
      '    size_t n = strlen(line);',
      '    if (n && line[n - 1] == 10) line[n - 1] = 0;',
      '    printf("%zu", last(line));',
      '  }',
      '  return 0;',
      '}',
    ].join('\n');
    expect(await found(src(''))).toContain('c.integer.underflow@3');
    expect((await found(src('if (s[0] == 0) return 0;'))).filter((f) => f.startsWith('c.integer'))).toEqual([]);
  });
});

describe('a struct header read whole from a file', () => {
  const prog = (check: string) => `
struct save_header { uint32_t magic; uint16_t name_len; uint16_t count; };
int main(int argc, char **argv) {
  struct save_header h;
  uint16_t items[32];
  FILE *f;
  if (argc != 2 || (f = fopen(argv[1], "rb")) == NULL) return 2;
  if (fread(&h, sizeof h, 1, f) != 1 || h.magic != 0x53415645u) return 1;
  ${check}
  if (fread(items, sizeof items[0], h.count, f) != h.count) return 1;
  printf("%u\\n", items[0]);
  fclose(f);
  return 0;
}`;
  it('takes every member as input (fread(&h, sizeof h, 1, f))', async () => {
    expect(await found(prog(''))).toContain('c.buffer.stack-overflow@10');
  });
  it('and a test of the member bounds it', async () => {
    expect((await found(prog('if (h.count > 32) return 1;'))).filter((f) => f.startsWith('c.buffer'))).toEqual([]);
  });
});

describe('arrays sized by PATH_MAX', () => {
  const prog = (copy: string) => `
#include <limits.h>
int main(void) {
  char dir[PATH_MAX];
  const char *base = getenv("XDG_CACHE_HOME");
  if (base == NULL) return 1;
  ${copy}
  puts(dir);
  return 0;
}`;
  it('knows the size (4096 on Linux), so a copy bounded by the source overflows it', async () => {
    expect(await found(prog('strncpy(dir, base, strlen(base)); dir[strlen(base)] = 0;'))).toContain('c.buffer.stack-overflow@7');
  });
  it('and a copy bounded by the destination does not', async () => {
    expect((await found(prog('strncpy(dir, base, sizeof dir - 1); dir[sizeof dir - 1] = 0;'))).filter((f) => f.startsWith('c.buffer'))).toEqual([]);
  });
});

describe('a count raised in a loop bounded by an input count', () => {
  const prog = (guard: string) => `
struct summary { long total; int count; };
static void read_samples(struct summary *s) {
  int n;
  s->total = 0;
  s->count = 0;
  if (scanf("%d", &n) != 1 || n < 0) return;
  for (int i = 0; i < n; i++) {
    long v;
    if (scanf("%ld", &v) != 1) break;
    if (v < 0 || v > 1000000) continue;
    s->total += v;
    s->count++;
  }
}
int main(void) {
  struct summary s;
  read_samples(&s);
  ${guard}
  printf("%ld\\n", s.total / s.count);
  return 0;
}`;
  it('stays 0 when no item was taken (the one pass stands for every iteration)', async () => {
    expect(await found(prog(''))).toContain('c.divide.by-zero@20');
  });
  it('and a test against zero clears it', async () => {
    expect((await found(prog('if (s.count == 0) return 1;'))).filter((f) => f.startsWith('c.divide'))).toEqual([]);
  });
});
