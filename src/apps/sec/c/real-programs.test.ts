import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { RawFinding } from '../finding.js';
import { atLeastWarning } from '../report/index.js';
import { scanPath } from '../scan.js';
import { analyzeCFiles } from './index.js';

const HEADERS = '#include <stdio.h>\n#include <stdlib.h>\n#include <string.h>\n#include <unistd.h>\n';

async function scan(source: string, file = 't.c'): Promise<RawFinding[]> {
  const [r] = await analyzeCFiles([{ file, source, language: file.endsWith('.cpp') ? 'cpp' : 'c' }]);
  return r?.findings ?? [];
}

/** `rule@line` of the findings at warning level and above */
async function warnings(source: string, file = 't.c'): Promise<string[]> {
  return (await scan(source, file)).filter(atLeastWarning).map((f) => `${f.rule}@${f.line}`);
}

/** Line (1-based) of the first line of `source` containing `marker`. */
function lineOf(source: string, marker: string): number {
  return source.split('\n').findIndex((l) => l.includes(marker)) + 1;
}

describe('the program of issue 16', () => {
  const lib = `${HEADERS}void f(const char *s) { char b[16]; strcpy(b, s); }\n`;
  const prog = [
    HEADERS,
    'int main(int argc, char **argv) {',
    '  char b[8]; gets(b);',
    '  char c[16]; strcpy(c, argv[1]); printf(c);',
    '  return system(argv[2]);',
    '}',
  ].join('\n');

  it('gives four findings at the right lines', async () => {
    const got = (await scan(prog)).map((f) => `${f.rule}@${f.line}`).sort();
    expect(got).toEqual([
      `c.buffer.stack-overflow@${lineOf(prog, 'gets(b)')}`,
      `c.buffer.stack-overflow@${lineOf(prog, 'strcpy(c')}`,
      `c.command.tainted@${lineOf(prog, 'system(')}`,
      `c.format.tainted@${lineOf(prog, 'printf(c)')}`,
    ].sort());
    // all of them at warning level: these are the plain flaws of a command-line tool
    expect((await warnings(prog)).length).toBe(4);
  });

  it('gives one for the library function, a suspect from its callers at note level', async () => {
    const got = await scan(lib);
    expect(got.map((f) => `${f.rule}@${f.line}`)).toEqual(['c.buffer.stack-overflow@5']);
    expect(got[0]).toMatchObject({ tier: 'suspect' });
    expect(got[0]?.confidence).toBeLessThan(0.5);
  });

  it('keeps the same function a low-confidence suspect when it is static and nothing calls it', async () => {
    const got = await scan(lib.replace('void f(', 'static void f('));
    expect(got.map((f) => `${f.rule}@${f.line}:${f.tier}`)).toEqual(['c.buffer.stack-overflow@5:suspect']);
    expect(got[0]?.confidence).toBeLessThan(0.4);
  });

  it('marks the unbounded copies as suspects and the format and command as proven', async () => {
    const byRule = new Map((await scan(prog)).map((f) => [`${f.rule}@${f.line}`, f.tier]));
    expect(byRule.get(`c.buffer.stack-overflow@${lineOf(prog, 'gets(b)')}`)).toBe('suspect');
    expect(byRule.get(`c.format.tainted@${lineOf(prog, 'printf(c)')}`)).toBe('proven');
    expect(byRule.get(`c.command.tainted@${lineOf(prog, 'system(')}`)).toBe('proven');
  });
});

describe('sources real programs read from', () => {
  /** [what, declarations and the read into `line`] — each then copies `line` into an 8-byte buffer */
  const READS: Array<[string, string]> = [
    ['getenv', 'char *line = getenv("NAME"); if (!line) return 1;'],
    ['fgets on a file', 'char line[256]; FILE *f = fopen("in.txt", "r"); if (!f || !fgets(line, sizeof line, f)) return 1;'],
    ['scanf %255s', 'char line[256]; if (scanf("%255s", line) != 1) return 1;'],
    ['read from stdin', 'char line[256]; ssize_t n = read(0, line, sizeof line - 1); if (n <= 0) return 1; line[n] = 0;'],
    ['recv from a socket', 'char line[256]; ssize_t n = recv(3, line, sizeof line - 1, 0); if (n <= 0) return 1; line[n] = 0;'],
    ['getline', 'char *line = NULL; size_t cap = 0; if (getline(&line, &cap, stdin) < 0) return 1;'],
    ['fread', 'char line[256]; size_t n = fread(line, 1, sizeof line - 1, stdin); line[n] = 0;'],
    ['a getchar loop', 'char line[256]; int ch, i = 0; while ((ch = getchar()) != EOF && ch != 10 && i < 255) line[i++] = (char)ch; line[i] = 0;'],
  ];

  it.each(READS)('%s reaches strcpy into a smaller buffer', async (_what, read) => {
    const src = `${HEADERS}#include <sys/socket.h>\nint main(void) {\n  char small[8];\n  ${read}\n  strcpy(small, line);\n  puts(small);\n  return 0;\n}\n`;
    expect(await warnings(src)).toContain(`c.buffer.stack-overflow@${lineOf(src, 'strcpy(small')}`);
  });

  it.each(READS)('%s: a length check before the copy clears it', async (_what, read) => {
    const src = `${HEADERS}#include <sys/socket.h>\nint main(void) {\n  char small[8];\n  ${read}\n  if (strlen(line) >= sizeof small) return 1;\n  strcpy(small, line);\n  puts(small);\n  return 0;\n}\n`;
    expect((await warnings(src)).filter((r) => r.startsWith('c.buffer'))).toEqual([]);
  });

  it('scanf("%s") into a fixed buffer is an overflow by itself', async () => {
    const src = `${HEADERS}int main(void) {\n  char name[16];\n  if (scanf("%s", name) != 1) return 1;\n  puts(name);\n  return 0;\n}\n`;
    expect(await warnings(src)).toEqual([`c.buffer.stack-overflow@${lineOf(src, 'scanf')}`]);
  });
});

describe('output lengths and sizes through parameters', () => {
  it('sprintf of an input line into a smaller buffer', async () => {
    const src = `${HEADERS}int main(void) {\n  char line[128], msg[64];\n  if (!fgets(line, sizeof line, stdin)) return 1;\n  sprintf(msg, "user=%s", line);\n  puts(msg);\n  return 0;\n}\n`;
    expect(await warnings(src)).toContain(`c.buffer.stack-overflow@${lineOf(src, 'sprintf')}`);
    expect(await warnings(src.replace('msg[64]', 'msg[140]'))).toEqual([]);
  });

  it('a buffer size passed to a helper bounds the helper\'s writes', async () => {
    const helper = 'static void fill(char *dst, size_t n) { size_t i; for (i = 0; i <= n; i++) dst[i] = 0; }';
    const src = `${HEADERS}${helper}\nint main(void) {\n  char buf[16];\n  fill(buf, sizeof buf);\n  puts(buf);\n  return 0;\n}\n`;
    expect(await warnings(src)).toContain(`c.buffer.stack-overflow@${lineOf(src, 'dst[i] = 0')}`);
    expect(await warnings(src.replace('i <= n', 'i < n'))).toEqual([]);
  });
});

describe('path-sensitive memory state', () => {
  it('free on an error path and again at the end', async () => {
    const src = `${HEADERS}int run(int fail) {\n  char *p = malloc(32);\n  if (!p) return -1;\n  if (fail) free(p);\n  puts("x");\n  free(p);\n  return 0;\n}\nint main(int argc, char **argv) { (void)argv; return run(argc > 1); }\n`;
    expect(await warnings(src)).toContain(`c.memory.double-free@${lineOf(src, 'puts("x")') + 1}`);
    const fixed = src.replace('if (fail) free(p);', 'if (fail) { free(p); return -1; }');
    expect((await warnings(fixed)).filter((r) => r.startsWith('c.memory'))).toEqual([]);
  });

  it('use through a stale alias and through a struct field', async () => {
    const alias = `${HEADERS}int main(void) {\n  char *p = malloc(16);\n  char *q = p;\n  if (!p) return 1;\n  strcpy(p, "hi");\n  free(p);\n  puts(q);\n  return 0;\n}\n`;
    expect(await warnings(alias)).toContain(`c.memory.use-after-free@${lineOf(alias, 'puts(q)')}`);
    const field = `${HEADERS}struct conn { char *buf; };\nint main(void) {\n  struct conn c;\n  c.buf = malloc(16);\n  if (!c.buf) return 1;\n  free(c.buf);\n  c.buf[0] = 'x';\n  return 0;\n}\n`;
    expect(await warnings(field)).toContain(`c.memory.use-after-free@${lineOf(field, "c.buf[0] = 'x'")}`);
    expect((await warnings(field.replace("free(c.buf);\n  c.buf[0] = 'x';", "c.buf[0] = 'x';\n  free(c.buf);"))).filter((r) => r.startsWith('c.memory'))).toEqual([]);
  });

  it('a variable assigned on one branch only, read where it was not', async () => {
    const src = `${HEADERS}int main(int argc, char **argv) {\n  int mode;\n  if (argc > 1) mode = atoi(argv[1]);\n  printf("%d\\n", mode);\n  return 0;\n}\n`;
    expect(await warnings(src)).toContain(`c.uninit.use@${lineOf(src, 'printf')}`);
    expect(await warnings(src.replace('int mode;', 'int mode = 0;'))).toEqual([]);
  });

  it('copying a never-assigned value is not its use: the copy is, unless it is overwritten first', async () => {
    // a helper that takes the caller's slot, keeps its old value in a local, and replaces it
    const good = `${HEADERS}static void pick_user(const char **slot) {\n  const char *cur = *slot;\n  cur = getenv("USER");\n  if (!cur) cur = "nobody";\n  *slot = cur;\n}\nint main(void) {\n  const char *user;\n  pick_user(&user);\n  printf("%s\\n", user);\n  return 0;\n}\n`;
    expect((await warnings(good)).filter((r) => r.startsWith('c.uninit'))).toEqual([]);
    // the same helper printing the old value: reported where the copy is read
    const bad = good.replace('  cur = getenv("USER");\n  if (!cur) cur = "nobody";\n', '  printf("was %s\\n", cur);\n');
    expect((await warnings(bad)).filter((r) => r.startsWith('c.uninit'))).toEqual([`c.uninit.use@${lineOf(bad, 'was %s')}`]);
    // a plain assignment of an unassigned local is a copy too
    const local = `${HEADERS}int main(int argc, char **argv) {\n  long limit;\n  long cur;\n  cur = limit;\n  cur = argc > 1 ? atol(argv[1]) : 10;\n  printf("%ld\\n", cur);\n  return 0;\n}\n`;
    expect((await warnings(local)).filter((r) => r.startsWith('c.uninit'))).toEqual([]);
    const localBad = local.replace('  cur = argc > 1 ? atol(argv[1]) : 10;\n', '');
    expect((await warnings(localBad)).filter((r) => r.startsWith('c.uninit'))).toEqual([`c.uninit.use@${lineOf(localBad, 'printf')}`]);
  });

  it('a test repeated on the same condition keeps the paths apart (no false alarm)', async () => {
    const src = `${HEADERS}int main(int argc, char **argv) {\n  int mode;\n  char *p = NULL;\n  if (argc > 1) { mode = 1; p = malloc(8); }\n  if (argc > 1) { printf("%d\\n", mode); free(p); }\n  return 0;\n}\n`;
    expect((await warnings(src)).filter((r) => r.startsWith('c.uninit') || r.startsWith('c.memory'))).toEqual([]);
  });

  it('what a helper called behind && or || writes holds on the paths that go on', async () => {
    const param = 'static int param(const char *qs, char *out, size_t cap) {\n  size_t n = strlen(qs);\n  if (n == 0 || n >= cap) return 0;\n  memcpy(out, qs, n + 1);\n  return 1;\n}\n';
    const get = 'static int get(const char *qs, int *out) {\n  if (!*qs) return 0;\n  *out = atoi(qs);\n  return 1;\n}\n';
    const quiet = (r: string) => r.startsWith('c.uninit') || r.startsWith('c.null');
    // in an if: the branch on the call's result
    const cond = `${HEADERS}${param}int main(void) {\n  char buf[64];\n  const char *qs = getenv("QUERY_STRING");\n  if (!qs || !param(qs, buf, sizeof buf)) return 1;\n  printf("%zu %s\\n", strlen(buf), buf);\n  return 0;\n}\n`;
    expect((await warnings(cond)).filter(quiet)).toEqual([]);
    // as a value: the right side runs where the left one let it (qs is not NULL), and its write stays
    const value = `${HEADERS}${get}int main(void) {\n  int v;\n  const char *qs = getenv("QUERY_STRING");\n  int ok = qs && get(qs, &v);\n  if (!ok) return 1;\n  printf("%d\\n", v);\n  return 0;\n}\n`;
    expect((await warnings(value)).filter(quiet)).toEqual([]);
    const bad = `${HEADERS}${param}int main(void) {\n  char buf[64];\n  const char *qs = getenv("QUERY_STRING");\n  int bad = !qs || !param(qs, buf, sizeof buf);\n  if (bad) return 1;\n  printf("%zu\\n", strlen(buf));\n  return 0;\n}\n`;
    expect((await warnings(bad)).filter(quiet)).toEqual([]);
    // a helper that writes nothing leaves the read uninitialised
    const none = value.replace('  *out = atoi(qs);\n', '');
    expect(await warnings(none)).toContain(`c.uninit.use@${lineOf(none, 'printf')}`);
  });
});

describe('shapes of correct code that are not flaws', () => {
  const CLEAN: Array<[string, string]> = [
    ['a count filled through an output parameter', `${HEADERS}static int recv_all(int *n) { *n = 4; return 0; }\nint main(void) { int n; if (recv_all(&n) != 0) return 1; printf("%d\\n", n); return 0; }\n`],
    ['strtol end pointer', `${HEADERS}int main(int argc, char **argv) { char *end; long v; if (argc < 2) return 1; v = strtol(argv[1], &end, 10); if (*end != 0) return 1; printf("%ld\\n", v); return 0; }\n`],
    ['execl with an argument list runs no shell', `${HEADERS}int main(int argc, char **argv) { if (argc < 2) return 1; execl("/bin/ls", "ls", argv[1], (char *)NULL); return 1; }\n`],
    ['an allocation returned to the caller', `${HEADERS}char *dup_name(const char *s) { char *p = malloc(strlen(s) + 1); if (!p) return NULL; strcpy(p, s); return p; }\n`],
    ['an allocation stored into a struct field', `${HEADERS}struct node { char *name; };\nint set_name(struct node *n, const char *s) { char *p = strdup(s); if (!p) return -1; n->name = p; return 0; }\n`],
    ['a read loop that stops at the buffer end', `${HEADERS}int main(void) { char buf[64]; size_t got = 0; ssize_t r; while (got < sizeof buf && (r = read(0, buf + got, sizeof buf - got)) > 0) got += (size_t)r; printf("%zu\\n", got); return 0; }\n`],
    ['vsnprintf(NULL, 0, …) asks for the length', `${HEADERS}#include <stdarg.h>\nchar *fmt(const char *f, ...) { va_list ap; int n; char *s; va_start(ap, f); n = vsnprintf(NULL, 0, f, ap); va_end(ap); if (n < 0) return NULL; s = malloc((size_t)n + 1); if (!s) return NULL; va_start(ap, f); vsnprintf(s, (size_t)n + 1, f, ap); va_end(ap); return s; }\n`],
    ['a header filled piecewise through its address by a read loop', `${HEADERS}#include <stdint.h>\nstatic int read_full(int fd, void *buf, size_t n) { size_t got = 0; while (got < n) { ssize_t r = read(fd, (char *)buf + got, n - got); if (r <= 0) return -1; got += (size_t)r; } return 0; }\nint main(void) { uint16_t len; if (read_full(0, &len, sizeof len) < 0) return 1; printf("%u\\n", (unsigned)len); return 0; }\n`],
    ['a helper duplicating the value after `=` of a line with strlen(s) + 1 bytes', `${HEADERS}static char *dupe(const char *s) { size_t n = strlen(s) + 1; char *p = malloc(n); if (p) memcpy(p, s, n); return p; }\nchar *value_of(FILE *f) { char line[256]; char *eq; if (!fgets(line, sizeof line, f)) return NULL; eq = strchr(line, '='); if (!eq) return NULL; *eq++ = '\\0'; return dupe(eq); }\n`],
    ['centring a line by (int)strlen of an argument', `${HEADERS}int main(int argc, char **argv) { const char *s = argc > 1 ? argv[1] : ""; int len = (int)strlen(s); int pad = (40 - 2 - len) / 2; if (pad < 0) pad = 0; printf("|%*s%s|\\n", pad, "", s); return 0; }\n`],
    ['snprintf(NULL, 0, …) asks for the length', `${HEADERS}int main(int argc, char **argv) { int n = snprintf(NULL, 0, "%s", argc > 1 ? argv[1] : ""); printf("%d\\n", n); return 0; }\n`],
  ];

  it.each(CLEAN)('%s', async (_what, src) => {
    expect(await warnings(src)).toEqual([]);
  });

  it('a helper copying a fixed count from the middle of a line reads past it', async () => {
    const src = `${HEADERS}static char *dupe64(const char *s) { char *p = malloc(64); if (p) memcpy(p, s, 64); return p; }\nchar *value_of(FILE *f) { char line[256]; char *eq; if (!fgets(line, sizeof line, f)) return NULL; eq = strchr(line, '='); if (!eq) return NULL; *eq++ = '\\0'; return dupe64(eq); }\n`;
    expect((await scan(src)).map((f) => f.rule)).toContain('c.buffer.overread');
  });

  it('a length read piecewise through its address still bounds nothing: the read it sizes overflows', async () => {
    const src = `${HEADERS}#include <stdint.h>\nstatic int read_full(int fd, void *buf, size_t n) { size_t got = 0; while (got < n) { ssize_t r = read(fd, (char *)buf + got, n - got); if (r <= 0) return -1; got += (size_t)r; } return 0; }\nint main(void) { uint16_t len; char msg[64]; if (read_full(0, &len, sizeof len) < 0) return 1; if (read_full(0, msg, len) < 0) return 1; return msg[0]; }\n`;
    const got = await scan(src);
    expect(got.map((f) => f.rule)).toEqual(['c.buffer.stack-overflow']);
    expect(got.some((f) => f.rule === 'c.uninit.use')).toBe(false);
    // the call that passes the length is in the trace
    expect(got[0]?.trace?.some((t) => t.line === lineOf(src, 'read_full(0, msg, len)'))).toBe(true);
  });

  it('a function declared never to return ends the path (through an attribute macro, as bzip2 does)', async () => {
    const src = `${HEADERS}#ifdef __GNUC__\n#define NORETURN __attribute__ ((noreturn))\n#else\n#define NORETURN\n#endif\nvoid fatal(const char *msg) NORETURN;\nint main(int argc, char **argv) {\n  int mode;\n  (void)argv;\n  switch (argc) { case 1: mode = 0; break; case 2: mode = 1; break; default: fatal("usage"); }\n  printf("%d\\n", mode);\n  return 0;\n}\n`;
    expect(await warnings(src)).toEqual([]);
    for (const declared of ['_Noreturn void fatal(const char *msg);', '[[noreturn]] void fatal(const char *msg);'])
      expect(await warnings(src.replace('void fatal(const char *msg) NORETURN;', declared), declared.startsWith('[[') ? 't.cpp' : 't.c')).toEqual([]);
    // the same call without the declaration may return, and then mode was never assigned
    expect(await warnings(src.replace(' NORETURN;', ';'))).toEqual([`c.uninit.use@${lineOf(src, 'printf')}`]);
  });

  it('a C++ object is initialised by its constructor', async () => {
    const src = '#include <cstdio>\nclass Counter {\n public:\n  Counter() : n_(0) {}\n  int get() const { return n_; }\n private:\n  int n_;\n};\nint main() {\n  Counter c;\n  std::printf("%d\\n", c.get());\n  return 0;\n}\n';
    expect(await warnings(src, 't.cpp')).toEqual([]);
  });
});

describe('the command line and paths', () => {
  it('system() with a command built from argv is injection; execv of a fixed program is not', async () => {
    const bad = `${HEADERS}int main(int argc, char **argv) { char cmd[256]; if (argc < 2) return 1; snprintf(cmd, sizeof cmd, "ls %s", argv[1]); return system(cmd); }\n`;
    expect(await warnings(bad)).toEqual([`c.command.tainted@${lineOf(bad, 'system')}`]);
    const good = `${HEADERS}int main(int argc, char **argv) { char *args[3]; if (argc < 2) return 1; args[0] = "ls"; args[1] = argv[1]; args[2] = NULL; execv("/bin/ls", args); return 1; }\n`;
    expect(await warnings(good)).toEqual([]);
  });

  it('a name read from a socket opened under a fixed directory is traversal unless checked', async () => {
    const bad = `${HEADERS}#include <sys/socket.h>\nint serve(int fd) {\n  char name[64], path[128];\n  ssize_t n = recv(fd, name, sizeof name - 1, 0);\n  FILE *f;\n  if (n <= 0) return -1;\n  name[n] = 0;\n  snprintf(path, sizeof path, "/srv/files/%s", name);\n  f = fopen(path, "r");\n  if (!f) return -1;\n  fclose(f);\n  return 0;\n}\n`;
    expect(await warnings(bad)).toEqual([`c.path.traversal@${lineOf(bad, 'fopen')}`]);
    const good = bad.replace('  name[n] = 0;\n', '  name[n] = 0;\n  if (strstr(name, "..") || strchr(name, \'/\')) return -1;\n');
    expect(await warnings(good)).toEqual([]);
  });

  it('names listed in a file the user gave are the user\'s own: opened as they are, no traversal', async () => {
    const src = `${HEADERS}int main(int argc, char **argv) {\n  char line[512];\n  FILE *list, *f;\n  if (argc != 2 || !(list = fopen(argv[1], "r"))) return 1;\n  while (fgets(line, sizeof line, list)) {\n    line[strcspn(line, "\\n")] = 0;\n    if ((f = fopen(line, "rb")) != NULL) fclose(f);\n  }\n  fclose(list);\n  return 0;\n}\n`;
    expect((await warnings(src)).filter((w) => w.startsWith('c.path'))).toEqual([]);
    // put under a fixed directory, the program means to keep them there
    const under = src.replace('    if ((f = fopen(line, "rb")) != NULL) fclose(f);', '    char p[600];\n    snprintf(p, sizeof p, "/srv/data/%s", line);\n    if ((f = fopen(p, "rb")) != NULL) fclose(f);');
    expect(await warnings(under)).toContain(`c.path.traversal@${lineOf(under, 'fopen(p')}`);
  });

  it('a validator that passes only letters, digits and a few harmless characters makes input safe in a command, a path and a query', async () => {
    const validator = 'static int plain(const char *s) {\n  for (; *s; s++)\n    if (!isalnum((unsigned char)*s) && *s != \'-\')\n      return 0;\n  return 1;\n}\n';
    const body = 'int main(int argc, char **argv) {\n  char cmd[128], q[128];\n  if (argc != 2 || !plain(argv[1])) return 1;\n  snprintf(cmd, sizeof cmd, "id %s", argv[1]);\n  snprintf(q, sizeof q, "DELETE FROM u WHERE name = \'%s\'", argv[1]);\n  sqlite3_exec(db, q, 0, 0, 0);\n  return system(cmd);\n}\n';
    const src = `${HEADERS}#include <ctype.h>\ntypedef struct sqlite3 sqlite3; sqlite3 *db;\n${validator}${body}`;
    expect(await warnings(src)).toEqual([]);
    // one that lets quotes and semicolons through is no validator
    const loose = src.replace("*s != '-'", "*s != '-' && *s != ';' && *s != '\\''");
    expect(await warnings(loose)).toEqual([`c.sql.tainted@${lineOf(loose, 'sqlite3_exec(db, q')}`, `c.command.tainted@${lineOf(loose, 'system(cmd)')}`]);
  });
});

describe('queries built from input', () => {
  it('a terminator written after a read bounds the string: the query fits, and the input in it is injection', async () => {
    const src = `${HEADERS}#include <sys/socket.h>\ntypedef struct MYSQL MYSQL;\nint handle(MYSQL *conn, int fd) {\n  char user[64], q[256];\n  ssize_t n = recv(fd, user, sizeof user - 1, 0);\n  if (n <= 0) return -1;\n  user[n] = '\\0';\n  sprintf(q, "SELECT balance FROM accounts WHERE owner='%s'", user);\n  return mysql_query(conn, q);\n}\n`;
    expect(await warnings(src)).toEqual([`c.sql.tainted@${lineOf(src, 'mysql_query')}`]);
  });

  it('asprintf carries the input into the string it allocates; %d of a number does not', async () => {
    const src = `${HEADERS}typedef struct sqlite3 sqlite3;\nint del(sqlite3 *db, int argc, char **argv) {\n  char *q;\n  if (argc < 2 || asprintf(&q, "DELETE FROM t WHERE name = '%s'", argv[1]) < 0) return 1;\n  sqlite3_exec(db, q, 0, 0, 0);\n  free(q);\n  if (asprintf(&q, "DELETE FROM t WHERE id = %d", atoi(argv[1])) < 0) return 1;\n  sqlite3_exec(db, q, 0, 0, 0);\n  free(q);\n  return 0;\n}\nint main(int argc, char **argv) { return del(0, argc, argv); }\n`;
    expect((await warnings(src)).filter((w) => w.startsWith('c.sql'))).toEqual([`c.sql.tainted@${lineOf(src, 'sqlite3_exec')}`]);
  });
});

describe('a ring index taken modulo its size', () => {
  const prog = (type: string) => `${HEADERS}#define SLOTS 16\nstruct ring { char lines[SLOTS][80]; ${type} head; ${type} count; };\nstatic void dump(const struct ring *r) {\n  for (${type} i = 0; i < r->count; i++)\n    puts(r->lines[(r->head + i) % SLOTS]);\n}\nint main(void) {\n  static struct ring r;\n  char buf[80];\n  while (fgets(buf, sizeof buf, stdin)) { snprintf(r.lines[(r.head + r.count) % SLOTS], 80, "%s", buf); if (r.count < SLOTS) r.count++; else r.head = (r.head + 1) % SLOTS; }\n  dump(&r);\n  return 0;\n}\n`;

  it('an unsigned sum stays non-negative after %, however it wrapped', async () => {
    expect((await scan(prog('unsigned'))).filter((f) => f.rule.startsWith('c.buffer.'))).toEqual([]);
  });

  it('a signed offset read from input can be negative: the row before the array is read', async () => {
    const src = `${HEADERS}static char ring[16][80];\nint main(void) {\n  int off;\n  if (scanf("%d", &off) != 1) return 1;\n  puts(ring[(off + 1) % 16]);\n  return 0;\n}\n`;
    expect((await scan(src)).map((f) => f.rule)).toContain('c.buffer.underread');
  });
});

describe('a mean over the items read', () => {
  const prog = (print: string) => `${HEADERS}int main(void) {\n  long sum = 0; int count = 0; char line[128];\n  while (fgets(line, sizeof line, stdin)) {\n    int v;\n    if (sscanf(line, "%d", &v) != 1) continue;\n    sum += v; count++;\n  }\n${print}\n  return 0;\n}\n`;

  it('divides by a count that is 0 when no line was accepted', async () => {
    const src = prog('  printf("mean %ld\\n", sum / count);');
    expect(await warnings(src)).toContain(`c.divide.by-zero@${lineOf(src, 'sum / count')}`);
  });

  it('not once the count is tested', async () => {
    expect(await warnings(prog('  if (count == 0) return 1;\n  printf("mean %ld\\n", sum / count);'))).toEqual([]);
    expect(await warnings(prog('  printf("mean %ld\\n", count > 0 ? sum / count : 0L);'))).toEqual([]);
  });
});

describe('a bound the loop body keeps by leaving', () => {
  // a decoder whose input index jumps (`i += 2` after a `%xx`): the output index o is not moved in
  // step with it, only the test that returns keeps o below outsz
  const decoder = (check: string) => `${HEADERS}static int decode(const char *in, char *out, size_t outsz) {\n  size_t o = 0;\n  for (size_t i = 0; in[i]; i++) {\n${check}    out[o++] = in[i] == '+' ? ' ' : in[i];\n    if (in[i] == '%' && in[i + 1] && in[i + 2]) i += 2;\n  }\n  out[o] = '\\0';\n  return (int)o;\n}\nint main(int argc, char **argv) { char buf[64]; if (argc > 1 && decode(argv[1], buf, sizeof buf) >= 0) puts(buf); return 0; }\n`;

  it('holds after the loop: the terminator written at o fits', async () => {
    expect(await warnings(decoder('    if (o + 1 >= outsz)\n      return -1;\n'))).toEqual([]);
  });

  it('without the test the writes run past the buffer', async () => {
    const src = decoder('');
    expect((await warnings(src)).some((w) => w.startsWith('c.buffer.stack-overflow@'))).toBe(true);
  });
});

describe('an environment value printed with %s', () => {
  it('reports a getenv result that may be NULL handed to %s, not one tested or defaulted', async () => {
    const bad = `${HEADERS}int main(void) { const char *u = getenv("USER"); printf("hello %s\\n", u); return 0; }\n`;
    const good = `${HEADERS}int main(void) { const char *u = getenv("USER"); printf("hello %s\\n", u ? u : "stranger"); if (u) printf("%s\\n", u); return 0; }\n`;
    expect((await scan(bad)).map((f) => `${f.rule}@${f.line}`)).toContain(`c.null.unchecked-alloc@${lineOf(bad, 'printf(')}`);
    expect((await scan(good)).filter((f) => f.rule === 'c.null.unchecked-alloc')).toEqual([]);
  });
});

describe('C++ copy assignment', () => {
  const cls = (assign: string) => [
    '#include <cstring>',
    '#include <cstddef>',
    'class Buffer {',
    'public:',
    '  explicit Buffer(std::size_t n) : size_(n), data_(new char[n]) { std::memset(data_, 0, n); }',
    '  Buffer(const Buffer &o) : size_(o.size_), data_(new char[o.size_]) { std::memcpy(data_, o.data_, size_); }',
    assign,
    '  ~Buffer() { delete[] data_; }',
    'private:',
    '  std::size_t size_;',
    '  char *data_;',
    '};',
    'int main() { Buffer b(64); Buffer c(8); c = b; return 0; }',
    '',
  ].join('\n');
  const deep = '  Buffer &operator=(const Buffer &o) { if (this != &o) { char *d = new char[o.size_]; std::memcpy(d, o.data_, o.size_); delete[] data_; data_ = d; size_ = o.size_; } return *this; }';
  const shallow = '  Buffer &operator=(const Buffer &o) { size_ = o.size_; data_ = o.data_; return *this; }';

  it('runs the class\'s own operator=: a deep copy frees nothing twice', async () => {
    expect(await scan(cls(deep), 't.cpp')).toEqual([]);
  });

  it('still reports the double free of a shallow operator= and of the member-wise copy without one', async () => {
    expect((await scan(cls(shallow), 't.cpp')).map((f) => f.rule)).toContain('c.memory.double-free');
    expect((await scan(cls(''), 't.cpp')).map((f) => f.rule)).toContain('c.memory.double-free');
  });
});

describe('C++ containers and new', () => {
  it('vector operator[] with an index read from input and no check', async () => {
    const src = '#include <iostream>\n#include <vector>\nint main() {\n  std::vector<int> v(10);\n  int i = 0;\n  std::cin >> i;\n  v[i] = 1;\n  std::cout << v[0];\n  return 0;\n}\n';
    expect(await warnings(src, 't.cpp')).toContain(`c.buffer.overflow@${lineOf(src, 'v[i] = 1')}`);
    expect(await warnings(src.replace('v[i] = 1;', 'if (i >= 0 && i < 10) v[i] = 1;'), 't.cpp')).toEqual([]);
  });

  it('new without a delete on a path', async () => {
    const src = '#include <cstdio>\nint work(int fail) {\n  int *p = new int[8];\n  p[0] = 1;\n  if (fail) return -1;\n  delete[] p;\n  return 0;\n}\nint main(int argc, char **) { return work(argc > 1); }\n';
    // judged where work() leaves by the early return that drops it, as for an entry function
    expect(await warnings(src, 't.cpp')).toContain(`c.memory.leak@${lineOf(src, 'if (fail) return -1;')}`);
    expect(await warnings(src.replace('if (fail) return -1;', 'if (fail) { delete[] p; return -1; }'), 't.cpp')).toEqual([]);
  });
});

describe('whole-program view', () => {
  it('follows a helper in another directory of the scan', async () => {
    const root = mkdtempSync(join(tmpdir(), 'jsec-wp-'));
    try {
      mkdirSync(join(root, 'src'));
      mkdirSync(join(root, 'util'));
      writeFileSync(join(root, 'util', 'strutil.h'), 'void copy_name(char *dst, const char *src);\n');
      writeFileSync(join(root, 'util', 'strutil.c'), '#include <string.h>\n#include "strutil.h"\nvoid copy_name(char *dst, const char *src) { strcpy(dst, src); }\n');
      writeFileSync(join(root, 'src', 'main.c'), '#include <stdio.h>\n#include "../util/strutil.h"\nint main(int argc, char **argv) {\n  char name[8];\n  if (argc < 2) return 1;\n  copy_name(name, argv[1]);\n  puts(name);\n  return 0;\n}\n');
      const r = await scanPath(root, { jobs: 1, writeArtifacts: false, gitignore: false });
      const hits = r.findings.filter((f) => atLeastWarning(f) && f.rule === 'c.buffer.stack-overflow');
      // reported where the caller's buffer is overrun: the call in main.c
      expect(hits.map((f) => `${f.file}:${f.line}`)).toContain('src/main.c:6');
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
