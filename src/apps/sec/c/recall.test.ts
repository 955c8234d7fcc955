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

describe('a format the program does not spell out, into a fixed buffer', () => {
  const logger = (storage: string, call: string) => [
    '#include <stdarg.h>',
    `${storage}void log_line(const char *fmt, ...) {`,
    '  char line[128];',
    '  va_list ap;',
    '  va_start(ap, fmt);',
    `  ${call}`,
    '  va_end(ap);',
    '  fputs(line, stderr);',
    '}',
  ];

  it('reports vsprintf in an exported logging wrapper: its callers decide the length (suspect, 0.45)', async () => {
    const f = (await scan(logger('', 'vsprintf(line, fmt, ap);').join('\n'))).find((x) => x.rule === 'c.buffer.stack-overflow');
    expect(f?.tier).toBe('suspect');
    expect(f?.confidence).toBeCloseTo(0.45);
  });

  it('is quiet with vsnprintf, and when every caller in the file passes a short literal', async () => {
    expect(await found(logger('', 'vsnprintf(line, sizeof line, fmt, ap);').join('\n'))).toEqual([]);
    const callers = [...logger('static ', 'vsprintf(line, fmt, ap);'), 'int main(void) {', '  log_line("started %d", 3);', '  log_line("%s", "done");', '  return 0;', '}'];
    expect(await found(callers.join('\n'))).toEqual([]);
  });
});

describe('strtok and strchr on text cut from a caller\'s block', () => {
  const prog = (check: string) => `
int parse(char *block, const char **names) {
  char *save = NULL;
  int n = 0;
  for (char *line = strtok_r(block, "\\n", &save); line != NULL; line = strtok_r(NULL, "\\n", &save)) {
    char *colon = strchr(line, ':');
    ${check}
    *colon = '\\0';
    names[n++] = colon + 1;
  }
  return n;
}`;
  it('reports the unchecked strchr result once (later uses of it are the same fault)', async () => {
    expect((await found(prog(''))).filter((f) => f.startsWith('c.null'))).toEqual(['c.null.unchecked-alloc@8']);
  });
  it('is quiet once it is tested', async () => {
    expect((await found(prog('if (colon == NULL) return -1;'))).filter((f) => f.startsWith('c.null'))).toEqual([]);
  });
});

describe('a getline buffer cut with strtok is still the function\'s to free', () => {
  const prog = (ret: string) => `
int count(const char *path) {
  FILE *fp = fopen(path, "r");
  char *line = NULL;
  size_t cap = 0;
  int n = 0;
  if (fp == NULL) return -1;
  while (getline(&line, &cap, fp) != -1) {
    char *tok = strtok(line, ",");
    if (tok == NULL) { fclose(fp); ${ret} }
    n += atoi(tok);
  }
  free(line);
  fclose(fp);
  return n;
}`;
  it('reports the early return that drops it', async () => {
    expect((await found(prog('return -1;'))).filter((f) => f.startsWith('c.memory.leak'))).toEqual(['c.memory.leak@10']);
  });
  it('is quiet when that path frees it', async () => {
    expect((await found(prog('free(line); return -1;'))).filter((f) => f.startsWith('c.memory.leak'))).toEqual([]);
  });
  it('reports it as well when a strchr search of the line finds nothing (a search allocates nothing that could have failed)', async () => {
    const search = prog('return -1;').replace('strtok(line, ",")', "strchr(line, ',')");
    expect((await found(search)).filter((f) => f.startsWith('c.memory.leak'))).toEqual(['c.memory.leak@10']);
  });
  it('reports an unchecked token', async () => {
    expect((await found(prog('return -1;').replace('if (tok == NULL) { fclose(fp); return -1; }', ''))).filter((f) => f.startsWith('c.null'))).toEqual(['c.null.unchecked-alloc@11']);
  });
});

describe('an out-parameter a call fills only on success, its status thrown away', () => {
  const prog = (call: string) => `
static int env_long(const char *name, long *out) {
  const char *s = getenv(name);
  if (s == NULL) return -1;
  *out = strtol(s, NULL, 10);
  return 0;
}
int main(void) {
  long base;
  ${call}
  for (int i = 0; i < 3; i++) printf("%ld\\n", base);
  return 0;
}`;
  it('reports the read in a loop after the paths were joined', async () => {
    expect((await found(prog('env_long("BASE", &base);'))).filter((f) => f.startsWith('c.uninit'))).toEqual(['c.uninit.use@11']);
  });
  it('is quiet when the failure is handled', async () => {
    expect((await found(prog('if (env_long("BASE", &base) != 0) base = 100;'))).filter((f) => f.startsWith('c.uninit'))).toEqual([]);
  });
  it('is quiet when a flag the program kept guards the read (paths joined only for the status it tested)', async () => {
    expect((await found(prog('int ok = env_long("BASE", &base) == 0; if (!ok) return 1;'))).filter((f) => f.startsWith('c.uninit'))).toEqual([]);
  });
});

describe('a node reached through a bucket at an index known only as a range', () => {
  const prog = (freeVal: string) => `
struct node { struct node *next; char *key; char *val; };
struct table { struct node *b[64]; };
char *take(struct table *t, const char *key) {
  struct node **pp = &t->b[strlen(key) % 64];
  while (*pp) {
    struct node *n = *pp;
    if (strcmp(n->key, key) == 0) {
      char *val = n->val;
      *pp = n->next;
      free(n->key);
      ${freeVal}
      free(n);
      return val;
    }
    pp = &n->next;
  }
  return NULL;
}
void drop(struct table *t, const char *key) {
  char *v = take(t, key);
  free(v);
}`;
  it('is memory of its own: a value freed there and handed back is freed again by the caller', async () => {
    expect((await found(prog('free(n->val);'))).filter((f) => f.startsWith('c.memory'))).toEqual(['c.memory.double-free@22']);
  });
  it('is quiet when the value is handed back to the caller to free', async () => {
    expect((await found(prog(''))).filter((f) => f.startsWith('c.memory'))).toEqual([]);
  });
});

describe('a block a called helper drops on its early return', () => {
  const prog = (reject: string) => `
struct handler { struct handler *next; char *name; };
static struct handler *registry;
static int reg(const char *name) {
  struct handler *h = calloc(1, sizeof *h);
  if (h == NULL) return -1;
  h->name = strdup(name);
  if (h->name == NULL) { free(h); return -1; }
  if (h->name[0] != '/') { ${reject} }
  h->next = registry;
  registry = h;
  return 0;
}
int main(void) {
  char line[64];
  int ok = 0;
  while (fgets(line, sizeof line, stdin))
    if (reg(line) == 0) ok++;
  printf("%d\\n", ok);
  return 0;
}`;
  it("is reported at that return, though the caller's paths later join it with the one that stored it", async () => {
    expect((await found(prog('return -1;'))).filter((f) => f.startsWith('c.memory.leak'))).toEqual(['c.memory.leak@9']);
  });
  it("is quiet when that return frees it, or hands it to a caller's list", async () => {
    expect((await found(prog('free(h->name); free(h); return -1;'))).filter((f) => f.startsWith('c.memory.leak'))).toEqual([]);
    expect((await found(prog('h->next = registry; registry = h; return -1;'))).filter((f) => f.startsWith('c.memory.leak'))).toEqual([]);
  });
});

describe('a format wrapper called by an exported function with its caller text', () => {
  const prog = (call: string) => `
#include <stdarg.h>
static FILE *log_fp;
static void log_v(const char *fmt, va_list ap) { vfprintf(log_fp, fmt, ap); }
static void log_f(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  log_v(fmt, ap);
  va_end(ap);
}
void log_event(const char *what) {
  ${call}
}
void log_api(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  log_v(fmt, ap);
  va_end(ap);
}`;
  it('reports the call that hands the text on as the format, where it is', async () => {
    expect(await found(prog('log_f(what);'))).toEqual(['c.format.tainted@12']);
  });
  it('is quiet when the text is formatted with "%s", and for an exported wrapper forwarding its own format', async () => {
    expect(await found(prog('log_f("event %s", what);'))).toEqual([]);
  });
});

describe('strtok: a token is a piece of the text it splits', () => {
  const prog = (first: string) => `
static int notify(const char *addr) {
  char cmd[256];
  FILE *p;
  if (snprintf(cmd, sizeof cmd, "mail -s report %s", addr) >= (int)sizeof cmd) return -1;
  p = popen(cmd, "w");
  return p ? pclose(p) : -1;
}
int main(void) {
  char line[200];
  while (fgets(line, sizeof line, stdin) != NULL) {
    char *first = strtok(line, " \\t\\n");
    char *second = strtok(NULL, "\\n");
    if (first == NULL || second == NULL) continue;
    notify(${first});
  }
  return 0;
}`;
  it('keeps the input taint of the first token and of a later one (strtok(NULL, ...))', async () => {
    expect(await found(prog('first'))).toContain('c.command.tainted@6');
    expect(await found(prog('second'))).toContain('c.command.tainted@6');
  });
  it('a constant in its place is no injection', async () => {
    expect(await found(prog('"ops@example.org"'))).not.toContain('c.command.tainted@6');
  });
});

describe('C++: text from input kept in a container, and quoted with literals on both sides', () => {
  const prog = (put: string, use: string) => `
#include <iostream>
#include <string>
#include <vector>
struct Job { std::string name; int tries; };
int main() {
  std::vector<Job> jobs;
  std::string line;
  while (std::getline(std::cin, line)) {
    Job j;
    j.name = ${put};
    j.tries = 0;
    jobs.push_back(j);
  }
  for (const Job &j : jobs) {
    std::string cmd = "run-job \\"" + ${use} + "\\" --now";
    std::system(cmd.c_str());
  }
  return 0;
}`;
  it('an element taken out by a range-for holds the input it was put in with', async () => {
    expect(await found(prog('line', 'j.name'), 't.cpp')).toContain('c.command.tainted@17');
  });
  it('an element holding a constant name is no injection', async () => {
    const shown = (await scan(prog('"nightly"', 'j.name'), 't.cpp')).filter((f) => f.rule === 'c.command.tainted' && f.confidence >= 0.4);
    expect(shown).toEqual([]);
  });
});

describe('a library function its own code calls too is still an entry point', () => {
  const lib = (extra: string) => `
int probe_host(const char *host) {
  char cmd[256];
  if (host == NULL) return -1;
  snprintf(cmd, sizeof cmd, "ping -c 1 %s", host);
  return system(cmd);
}
void probe_all(const char *const *hosts, int n) {
  for (int i = 0; i < n; i++) probe_host(hosts[i]);
}
${extra}`;
  it('reports what the users of the library may hand to probe_host', async () => {
    expect(await found(lib(''))).toContain('c.command.tainted@6');
  });
  it('in a program (with main) a function main calls is judged by what main passes', async () => {
    expect(await found(lib('int main(void) { return probe_host("localhost"); }'))).not.toContain('c.command.tainted@6');
  });
});

describe('C++ file streams open the path they are given', () => {
  const prog = (check: string) => `
#include <fstream>
#include <sys/socket.h>
static bool flat_name(const std::string &name) {
  return !name.empty() && name.find('/') == std::string::npos && name.find("..") == std::string::npos;
}
int serve(int fd, std::string &out) {
  char buf[256];
  ssize_t n = recv(fd, buf, sizeof buf - 1, 0);
  if (n <= 0) return -1;
  buf[n] = '\\0';
  std::string name(buf);
  ${check}
  std::ifstream in("/srv/reports/" + name);
  std::ofstream log;
  log.open("/srv/log/" + name);
  return in ? 0 : -1;
}`;
  it('a name from the network in the constructor or in open() is path traversal', async () => {
    const r = await found(prog(''), 't.cpp');
    expect(r).toContain('c.path.traversal@14');
    expect(r).toContain('c.path.traversal@16');
  });
  it('not once a predicate of the program (or the code itself) rejected "/" and ".."', async () => {
    expect((await found(prog('if (!flat_name(name)) return -1;'), 't.cpp')).filter((f) => f.startsWith('c.path'))).toEqual([]);
    expect((await found(prog('if (name.find("..") != std::string::npos || name.find(\'/\') != std::string::npos) return -1;'), 't.cpp')).filter((f) => f.startsWith('c.path'))).toEqual([]);
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

describe('C++: a header struct read whole from a stream', () => {
  const prog = (read: string, guard: string) => `
#include <fstream>
#include <array>
constexpr std::size_t kSlots = 8;
struct Hdr { std::uint16_t slot; std::uint16_t pad; std::uint32_t count; };
class Table {
public:
  int at(std::size_t i) const { return v_[i]; }
private:
  std::array<int, kSlots> v_{};
};
int main(int argc, char **argv) {
  if (argc < 2) return 2;
  std::ifstream in(argv[1], std::ios::binary);
  Hdr h{};
  if (!in.read(${read}, sizeof h)) return 1;
  ${guard}
  Table t;
  return t.at(h.slot);
}`;
  it('marks every member as read from the file (istream::read like fread), and a namespace constant sizes std::array', async () => {
    expect(await found(prog('reinterpret_cast<char *>(&h)', ''), 't.cpp')).toContain('c.buffer.overread@8');
    expect(await found(prog('(char *)&h', ''), 't.cpp')).toContain('c.buffer.overread@8');
  });
  it('is quiet when the member is checked against the table size', async () => {
    expect(await found(prog('(char *)&h', 'if (h.slot >= kSlots) return 1;'), 't.cpp')).toEqual([]);
  });
});

describe('a buffer and its paired length: a byte read at or past the length', () => {
  const walk = (check: string) => `
int opts(const uint8_t *buf, size_t len) {
  size_t off = 0; int s = 0;
  while (off < len) {
    if (buf[off] == 0) { off++; continue; }
    ${check}
    s += buf[off + 1];
    off += 2u + buf[off + 1];
  }
  return s;
}`;
  it('reports buf[off + 1] where only off < len was tested (0.45, suspect)', async () => {
    const f = (await scan(walk(''))).find((x) => x.rule === 'c.buffer.overread');
    expect(f?.line).toBe(HEADERS.split('\n').length - 1 + 7);
    expect(f?.confidence).toBeCloseTo(0.45);
    expect(f?.tier).toBe('suspect');
  });
  it('is quiet once the room left is tested (len - off < 2) or off + 1 < len', async () => {
    expect(await found(walk('if (len - off < 2) return -1;'))).toEqual([]);
    expect(await found(walk('if (off + 1 >= len) return -1;'))).toEqual([]);
  });
  const sum = (test: string) => `
uint32_t sum16(const uint8_t *buf, size_t len) {
  uint32_t s = 0;
  for (size_t i = 0; ${test}; i += 2) s += (uint32_t)(buf[i] << 8 | buf[i + 1]);
  return s;
}`;
  it('reports a word loop that tests i < len and reads buf[i + 1], not one that tests i + 1 < len', async () => {
    expect(await found(sum('i < len'))).toContain('c.buffer.overread@4');
    expect(await found(sum('i + 1 < len'))).toEqual([]);
  });
  const hdr = (min: number) => `
int body_len(const unsigned char *d, int n) {
  if (n < ${min}) return -1;
  return (d[2] << 8) | d[3];
}`;
  it('reports a constant index past what a test of the length against a constant made sure of', async () => {
    expect(await found(hdr(2))).toContain('c.buffer.overread@4');
    expect(await found(hdr(4))).toEqual([]);
  });
  it('leaves the first bytes alone when nothing tested the length (the caller\'s contract)', async () => {
    expect(await found('int first(const uint8_t *b, size_t n) { return b[0] + b[1]; }')).toEqual([]);
  });
});
