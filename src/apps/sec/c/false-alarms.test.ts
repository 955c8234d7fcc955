/**
 * False alarms on correct, ordinary C: each clean snippet must stay clean at the default threshold
 * (0.4), and its flawed twin must still be reported.
 */
import { describe, expect, it } from 'vitest';
import { analyzeCFiles } from './index.js';
import { withRoot } from '../../../../test/support/sec-parse.js';
import { analyzeHygiene } from '../hygiene/index.js';

const HEADERS = '#include <stdio.h>\n#include <stdlib.h>\n#include <string.h>\n#include <unistd.h>\n';

/** `rule@line` of the findings the scan shows by default (confidence 0.4 and above) */
async function shown(source: string, file = 't.c'): Promise<string[]> {
  const [r] = await analyzeCFiles([{ file, source: HEADERS + source, language: file.endsWith('.cpp') ? 'cpp' : 'c' }]);
  return (r?.findings ?? []).filter((f) => f.confidence >= 0.4).map((f) => `${f.rule}@${f.line - 4}`);
}

describe('scanf into a struct member', () => {
  const prog = (check: string) => `
struct volume { char name[64]; unsigned long long used; unsigned long long total; };
int main(void) {
  struct volume v; char line[256];
  while (fgets(line, sizeof line, stdin)) {
    if (sscanf(line, "%63s %llu %llu", v.name, &v.used, &v.total) != 3) continue;
    ${check}
    printf("%llu\\n", v.used * 100 + v.total / 2);
  }
  return 0;
}`;
  it('gets the member type range (unsigned: never below 0) and keeps order facts between members', async () => {
    expect(await shown(prog('if (v.used > v.total || v.total > (1ULL << 50)) continue;'))).toEqual([]);
  });
  it('still reports the arithmetic when nothing bounds the members', async () => {
    expect(await shown(prog('if (v.total == 0) continue;'))).toEqual(['c.integer.overflow@8']);
  });
});

describe('memset of a whole struct', () => {
  const prog = (init: string) => `
struct stats { unsigned long by_len[21]; unsigned long words; };
static void record(struct stats *st, size_t len) {
  if (len > 20) len = 20;
  st->by_len[len]++;
  st->words++;
}
int main(int argc, char **argv) {
  struct stats st;
  ${init}
  if (argc > 1) record(&st, strlen(argv[1]));
  printf("%lu\\n", st.words);
  return 0;
}`;
  it('initialises its array members', async () => {
    expect(await shown(prog('memset(&st, 0, sizeof st);'))).toEqual([]);
  });
  it('leaves them uninitialised without it', async () => {
    expect((await shown(prog('st.words = 0;'))).filter((f) => f.startsWith('c.uninit.use'))).toEqual(['c.uninit.use@5']);
  });
});

describe('a call on the right of || whose result is tested', () => {
  const prog = (copy: string) => `
static const char *param(const char *qs, char *buf) {
  const char *p = strchr(qs, '=');
  if (p == NULL) return NULL;
  ${copy}
  return buf;
}
int main(void) {
  const char *qs = getenv("QUERY_STRING");
  char c[64], q[512];
  if (!qs || !param(qs, c)) return 0;
  strcpy(q, "SELECT ");
  strcat(q, c);
  puts(q);
  return 0;
}`;
  it('splits on its outcomes: the failing one (buffer untouched) returns', async () => {
    expect(await shown(prog('strncpy(buf, p, 63); buf[63] = 0;'))).toEqual([]);
  });
  it('still reports an unbounded copy', async () => {
    expect(await shown(prog('strcpy(buf, p);'))).toContain('c.buffer.stack-overflow@13');
  });
});

describe('two calls in one test, each with a failing outcome', () => {
  const prog = (copy: string) => `
static const char *param(const char *qs, int c, char *buf) {
  const char *p = strchr(qs, c);
  if (p == NULL) return NULL;
  ${copy}
  return buf;
}
int main(void) {
  const char *qs = getenv("QUERY_STRING");
  char a[64], b[64], q[512];
  if (!qs || !param(qs, '=', a) || !param(qs, ':', b)) return 0;
  strcpy(q, "SELECT ");
  strcat(q, a);
  strcat(q, b);
  puts(q);
  return 0;
}`;
  it('splits on every combination of their outcomes', async () => {
    expect(await shown(prog('strncpy(buf, p, 63); buf[63] = 0;'))).toEqual([]);
  });
  it('still reports an unbounded copy', async () => {
    expect(await shown(prog('strcpy(buf, p);'))).toContain('c.buffer.stack-overflow@13');
  });
});

describe('a read loop filling a member buffer of a struct variable', () => {
  const prog = (loop: string) => `
#include <fcntl.h>
#define MAX 8192
typedef struct { char path[256]; char data[MAX + 1]; size_t len; } theme_t;
static int load(theme_t *t) {
  int fd = open(t->path, O_RDONLY);
  ssize_t n;
  if (fd < 0) return -1;
  t->len = 0;
  ${loop}
    t->len += (size_t)n;
  close(fd);
  t->data[t->len] = '\0';
  return 0;
}
int main(void) {
  theme_t th;
  snprintf(th.path, sizeof th.path, "/etc/theme");
  if (load(&th) == 0) puts(th.data);
  return 0;
}`;
  it('keeps the member below the test of the loop and the room the read was given', async () => {
    expect(await shown(prog('while (t->len < MAX && (n = read(fd, t->data + t->len, MAX - t->len)) > 0)'))).toEqual([]);
  });
  it('still reports reads that ignore the room left', async () => {
    expect((await shown(prog('while ((n = read(fd, t->data + t->len, MAX)) > 0)'))).some((f) => f.startsWith('c.buffer.'))).toBe(true);
  });
});

describe('order facts between members end when a member is assigned', () => {
  const prog = (reset: string) => `
struct range { int lo; int hi; };
static int width(struct range *r) { ${reset} return r->hi - r->lo; }
int main(void) {
  struct range r; int a[64];
  if (scanf("%d %d", &r.lo, &r.hi) != 2) return 1;
  if (r.lo < 0 || r.lo > r.hi || r.hi > 63) return 1;
  a[width(&r)] = 1;
  printf("%d\n", a[0]);
  return 0;
}`;
  it('a difference of ordered members is not negative', async () => {
    expect(await shown(prog(''))).toEqual([]);
  });
  it('but is once one of them was changed', async () => {
    expect(await shown(prog('r->lo = 100;'))).toContain('c.buffer.underwrite@8');
  });
});

describe('a constant table with a sentinel', () => {
  const prog = (table: string) => `
static const long BOUNDS[8] = { ${table} };
int main(void) {
  for (int i = 0; i < 8; i++) {
    if (BOUNDS[i] < 0)
      printf("  > %4ld ms\n", BOUNDS[i - 1]);
    else
      printf(" <= %4ld ms\n", BOUNDS[i]);
  }
  return 0;
}`;
  it('narrows the index to where the test of its element holds', async () => {
    expect(await shown(prog('5, 10, 25, 50, 100, 250, 1000, -1'))).toEqual([]);
  });
  it('still reports the step before the start when the sentinel is first', async () => {
    expect(await shown(prog('-1, 5, 10, 25, 50, 100, 250, 1000'))).toContain('c.buffer.underread@7');
  });
});

describe('after gets has been reported', () => {
  const prog = (read: string) => `
static void trim(char *s) {
  size_t n = strlen(s);
  while (n > 0 && (s[n - 1] == ' ' || s[n - 1] == '\t'))
    s[--n] = '\0';
}
int main(void) {
  char name[32];
  ${read}
  trim(name);
  printf("Hello, %s\n", name);
  return 0;
}`;
  it('the string is taken to fit its buffer: no second finding for reading it', async () => {
    expect(await shown(prog('if (gets(name) == NULL) return 1;'))).toEqual(['c.buffer.stack-overflow@9']);
  });
  it('the same read with a bound is clean', async () => {
    expect(await shown(prog('if (fgets(name, sizeof name, stdin) == NULL) return 1;'))).toEqual([]);
  });
});

describe('an in-place decoder: the write cursor trails the read cursor', () => {
  const prog = (sig: string, call: string, decl: string) => `
#include <ctype.h>
static void url_decode(${sig}) {
  ${sig.includes('out') ? '' : 'char *out = s;'}
  while (*s) {
    if (*s == '%' && isxdigit((unsigned char)s[1]) && isxdigit((unsigned char)s[2])) {
      char hex[3] = { s[1], s[2], '\0' };
      *out++ = (char)strtol(hex, NULL, 16);
      s += 3;
    } else if (*s == '+') {
      *out++ = ' ';
      s++;
    } else {
      *out++ = *s++;
    }
  }
  *out = '\0';
}
int main(void) {
  char name[256]${decl};
  const char *q = getenv("QUERY_STRING");
  if (!q || strlen(q) >= sizeof name) return 1;
  strcpy(name, q);
  ${call}
  puts(name);
  return 0;
}`;
  it('stays within the string it decodes', async () => {
    expect(await shown(prog('char *s', 'url_decode(name);', ''))).toEqual([]);
  });
  it('still overflows a smaller separate output as far as the input goes', async () => {
    const got = await shown(prog('const char *s, char *out', 'url_decode(name, dec);', ', dec[16]'));
    expect(got).toContain('c.buffer.stack-overflow@8');
  });
});

describe('unsigned subtraction guarded by an earlier comparison with an offset', () => {
  const prog = (test: string) => `
#include <stdint.h>
static void parse(const uint8_t *buf, size_t len) {
  size_t off = 0;
  while (${test}) {
    uint8_t type = buf[off];
    off += 2;
    size_t room = len - off;
    printf("%u %zu\n", type, room);
    if (buf[off - 1] > room) return;
    off += buf[off - 1];
  }
}
int main(void) {
  uint8_t buf[4096];
  size_t n = fread(buf, 1, sizeof buf, stdin);
  parse(buf, n);
  return 0;
}`;
  it('`off + 2 <= len` then `off += 2` leaves len - off >= 0', async () => {
    expect((await shown(prog('off + 2 <= len'))).filter((f) => f.startsWith('c.integer'))).toEqual([]);
  });
  it('`off < len` does not', async () => {
    expect((await shown(prog('off < len'))).filter((f) => f.startsWith('c.integer'))).toContain('c.integer.underflow@8');
  });
});

describe('a loop whose test calls a reader with several outcomes', () => {
  const prog = (check: string) => `
#include <stdint.h>
struct pkt { uint16_t type; uint16_t len; uint8_t body[256]; };
static int read_pkt(FILE *f, struct pkt *p) {
  uint8_t h[4];
  if (fread(h, 1, 4, f) != 4) return -1;
  p->type = (uint16_t)(h[0] << 8 | h[1]);
  p->len = (uint16_t)(h[2] << 8 | h[3]);
  ${check}
  if (fread(p->body, 1, p->len < sizeof p->body ? p->len : sizeof p->body, f) == 0) return -1;
  return 0;
}
int main(void) {
  struct pkt p;
  while (read_pkt(stdin, &p) == 0) {
    uint32_t sum = 0;
    for (uint16_t i = 0; i < p.len; i++) sum += p.body[i];
    printf("type %u len %u sum %u\n", p.type, p.len, sum);
  }
  return 0;
}`;
  it('runs the body with the outcome that passed the test (the length was checked there)', async () => {
    expect(await shown(prog('if (p->len > sizeof p->body) return -1;'))).toEqual([]);
  });
  it('still reports the read past the member when nothing checked the length', async () => {
    expect((await shown(prog(''))).some((f) => f.startsWith('c.buffer.overread@17'))).toBe(true);
  });
});

describe('a member tested for NULL', () => {
  const prog = (check: string) => `
struct dn { char *path; struct dn *next; };
int main(int argc, char **argv) {
  struct dn *head = NULL, **tail = &head;
  for (int i = 1; i < argc; i++) {
    struct dn *n = malloc(sizeof *n);
    if (!n) break;
    n->path = strdup(argv[i]);
    ${check}
    n->next = NULL;
    *tail = n;
    tail = &n->next;
  }
  for (struct dn *n = head; n; n = n->next) puts(n->path);
  return 0;
}`;
  it('is no longer an unchecked allocation where the paths join again', async () => {
    expect((await shown(prog('if (!n->path) { free(n); break; }'))).filter((f) => f.startsWith('c.null'))).toEqual([]);
  });
  it('still is when nothing tested it', async () => {
    expect(await shown(prog(''))).toContain('c.null.unchecked-alloc@14');
  });
});

describe('a read helper filling a variable through a byte pointer', () => {
  const prog = (first: string) => `
#include <stdint.h>
#include <arpa/inet.h>
static int read_full(int fd, void *buf, size_t n) {
  size_t got = 0;
  while (got < n) {
    ssize_t r = read(fd, (char *)buf + got, n - got);
    if (r <= 0) return -1;
    got += (size_t)r;
  }
  return 0;
}
int main(void) {
  uint32_t len_be;
  char msg[1024];
  while (read_full(0, ${first}, 4) == 0) {
    uint32_t len = ntohl(len_be);
    if (len >= sizeof msg) return 1;
    if (read_full(0, msg, len) != 0) return 1;
    msg[len] = '\0';
    printf("msg: %s\n", msg);
  }
  return 0;
}`;
  it('assigns the variable ((char *)buf + got with buf = &len_be)', async () => {
    expect(await shown(prog('&len_be'))).toEqual([]);
  });
  it('leaves it unassigned when the helper reads elsewhere', async () => {
    expect(await shown(prog('msg'))).toContain('c.uninit.use@17');
  });
});

describe('a C++ object copied or returned by value', () => {
  const cls = (copy: string) => `
#include <cstring>
class Buf {
public:
  explicit Buf(size_t n) : size_(n), data_(new short[n]) {}
  ${copy}
  ~Buf() { delete[] data_; }
  size_t size() const { return size_; }
  short *data() { return data_; }
private:
  size_t size_;
  short *data_;
};`;
  const deep = 'Buf(const Buf &o) : size_(o.size_), data_(new short[o.size_]) { memcpy(data_, o.data_, o.size_ * sizeof(short)); }';
  const sum = (v: string) => `
  long s = 0;
  for (size_t i = 0; i < ${v}.size(); i++) s += ${v}.data()[i];
  printf("%ld\\n", s);
  return 0;
}`;
  it('runs the copy constructor for `T b(a)`, not another one-argument constructor', async () => {
    const prog = `${cls(deep)}
int main(int argc, char **argv) {
  size_t n = strlen(argv[0]);
  Buf a(n);
  memset(a.data(), 0, n * sizeof(short));
  Buf b(a);${sum('b')}`;
    expect(await shown(prog, 't.cpp')).toEqual([]);
  });
  it('takes over the object a function returned (`T x = make();`)', async () => {
    const prog = `${cls(deep)}
static Buf make(size_t n) { Buf out(n); memset(out.data(), 0, n * sizeof(short)); return out; }
int main(int argc, char **argv) {
  Buf b = make(strlen(argv[0]));${sum('b')}`;
    expect(await shown(prog, 't.cpp')).toEqual([]);
  });
  it('still reports an object built by its size constructor and read unwritten', async () => {
    const prog = `${cls(deep)}
int main(int argc, char **argv) {
  Buf b(strlen(argv[0]));${sum('b')}`;
    expect(await shown(prog, 't.cpp')).toContain('c.uninit.use@17');
  });
});

describe('a copy into a struct member array leaves the members before it alone', () => {
  const prog = (order: string) => `
struct blob { unsigned refs; size_t len; unsigned char data[]; };
static void blob_unref(struct blob *b) { if (b && --b->refs == 0) free(b); }
static struct blob *blob_new(const void *src, size_t len) {
  struct blob *b = malloc(sizeof *b + len);
  if (!b) return NULL;
  b->refs = 2;
  b->len = len;
  memcpy(b->data, src, len);
  return b;
}
int main(void) {
  unsigned char chunk[64];
  ssize_t got = read(0, chunk, sizeof chunk);
  if (got <= 0) return 1;
  struct blob *b = blob_new(chunk, (size_t)got);
  if (!b) return 1;
  ${order}
  return 0;
}`;
  it('keeps a reference count set before the copy (two references: the first release does not free)', async () => {
    expect(await shown(prog('blob_unref(b); printf("%zu\\n", b->len); blob_unref(b);'))).toEqual([]);
  });
  it('still reports a use after the last release', async () => {
    expect(await shown(prog('blob_unref(b); blob_unref(b); printf("%zu\\n", b->len);'))).toContain('c.memory.use-after-free@18');
  });
});

describe('a buffer a loop grows with realloc, handed with its count to a cleanup helper', () => {
  const prog = (grow: string) => `
static void free_all(char **w, size_t n) { while (n > 0) free(w[--n]); free(w); }
int main(void) {
  char **words = NULL, buf[128];
  size_t n = 0, cap = 0;
  while (scanf("%127s", buf) == 1) {
    char *copy;
    if (n == cap) {
      ${grow}
    }
    copy = strdup(buf);
    if (copy == NULL) { free_all(words, n); return 1; }
    words[n++] = copy;
  }
  free_all(words, n);
  return 0;
}`;
  it('does not read the helper\'s index as input-driven (the count and the size grow together)', async () => {
    expect(await shown(prog('size_t nc = cap ? cap * 2 : 8; char **bigger = realloc(words, nc * sizeof *bigger); if (!bigger) { free_all(words, n); return 1; } words = bigger; cap = nc;'))).toEqual([]);
  });
  it('still reports the unchecked realloc', async () => {
    expect(await shown(prog('cap = cap ? cap * 2 : 8; words = realloc(words, cap * sizeof *words);'))).toContain('c.null.unchecked-alloc@13');
  });
});

describe('the blocks an array of pointers holds, freed in a loop', () => {
  const prog = (loop: string) => `
int main(void) {
  char *line[4] = { NULL };
  line[1] = strdup("a");
  line[2] = strdup("b");
  ${loop}
  return 0;
}`;
  it('are not leaked when a loop frees every element', async () => {
    expect(await shown(prog('for (unsigned i = 0; i < 4; i++) free(line[i]);'))).toEqual([]);
  });
  it('are not leaked when the loop also clears each element (`free(a[i]); a[i] = NULL;`), then refilled and freed again', async () => {
    expect(await shown(prog('for (unsigned i = 0; i < 4; i++) { free(line[i]); line[i] = NULL; } line[0] = strdup("c"); for (unsigned i = 0; i < 4; i++) { free(line[i]); line[i] = NULL; }'))).toEqual([]);
  });
  it('still leak the element the loop does not reach', async () => {
    expect(await shown(prog('for (unsigned i = 0; i < 2; i++) free(line[i]);'))).toEqual(['c.memory.leak@5']);
  });
});

describe('a read of MIN(left, capacity) bytes taken off what is left', () => {
  const prog = (want: string) => `
static int copy_bytes(FILE *in, FILE *out, unsigned long size) {
  char buf[4096];
  while (size > 0) {
    size_t want = ${want};
    size_t got = fread(buf, 1, want, in);
    if (got == 0 || fwrite(buf, 1, got, out) != got) return -1;
    size -= got;
  }
  return 0;
}
int main(void) {
  unsigned long n;
  if (scanf("%lu", &n) != 1) return 1;
  return copy_bytes(stdin, stdout, n);
}`;
  it('knows got <= want <= size (the conditional picks the smaller one)', async () => {
    expect(await shown(prog('size < sizeof buf ? (size_t)size : sizeof buf'))).toEqual([]);
  });
  it('still reports the subtraction when the count ignores what is left', async () => {
    expect(await shown(prog('sizeof buf'))).toContain('c.integer.underflow@8');
  });
});

describe('a path under a directory the user named, with a checked file name', () => {
  const prog = (check: string) => `
static int extract(const char *outdir, const char *name) {
  char path[512];
  FILE *out;
  ${check}
  if (snprintf(path, sizeof path, "%s/%s", outdir, name) >= (int)sizeof path) return -1;
  out = fopen(path, "wb");
  if (out == NULL) return -1;
  return fclose(out);
}
int main(int argc, char **argv) {
  char name[201];
  FILE *in;
  if (argc != 3 || (in = fopen(argv[1], "r")) == NULL) return 2;
  while (fscanf(in, "%200s", name) == 1)
    if (extract(argv[2], name) != 0) break;
  fclose(in);
  return 0;
}`;
  it('the directory from the command line in front is no escape once the name was checked', async () => {
    expect(await shown(prog('if (name[0] == \'/\' || strstr(name, "..") != NULL) return -1;'))).toEqual([]);
  });
  it('still reports the unchecked name from the file', async () => {
    expect(await shown(prog(''))).toEqual(['c.path.traversal@7']);
  });
});

describe('a validator written with character ranges', () => {
  const prog = (extra: string) => `
static int name_ok(const char *name) {
  size_t i, n = strlen(name);
  if (n == 0 || n >= 32) return 0;
  for (i = 0; i < n; i++) {
    char c = name[i];
    if (!((c >= 'a' && c <= 'z') || ('A' <= c && c <= 'Z') || (c >= '0' && c <= '9') || c == '-'${extra}))
      return 0;
  }
  return 1;
}
int main(void) {
  char path[512];
  FILE *fp;
  const char *want = getenv("THEME");
  if (want == NULL || !name_ok(want)) return 1;
  snprintf(path, sizeof path, "/usr/share/app/themes/%s.theme", want);
  fp = fopen(path, "r");
  if (fp == NULL) return 1;
  fclose(fp);
  return 0;
}`;
  it('a-z, A-Z, 0-9 and a dash are no path characters', async () => {
    expect(await shown(prog(''))).toEqual([]);
  });
  it('a range taking in the slash is no validation', async () => {
    expect(await shown(prog(" || (c >= ',' && c <= '/')"))).toEqual(['c.path.traversal@18']);
  });
});

describe('a one-shot reply sent just before the connection is closed', () => {
  const hygiene = async (src: string) => (await withRoot(src, 'c', (root) => analyzeHygiene(root, 'x.c'))).filter((f) => f.confidence >= 0.4).map((f) => f.rule);
  const serve = (after: string) => `
static void serve(int client, const char *sid) {
  char reply[64];
  int n = snprintf(reply, sizeof reply, "SID %s\\r\\n", sid);
  if (n > 0 && (size_t)n < sizeof reply)
    send(client, reply, (size_t)n, 0);
  ${after}
}`;
  it('ignoring send() loses nothing the program could still act on', async () => {
    expect(await hygiene(serve(''))).toEqual([]);
    expect(await hygiene(serve('close(client);'))).toEqual([]);
  });
  it('still reports a send whose failure the code goes on past, or in a loop', async () => {
    expect(await hygiene(serve('log_sent(client);'))).toEqual(['c.hygiene.unchecked-io']);
    expect(await hygiene('void stream(int c, char **parts, int k) { for (int i = 0; i < k; i++) send(c, parts[i], strlen(parts[i]), 0); }')).toEqual(['c.hygiene.unchecked-io']);
  });
});

describe('a validator taking the further allowed characters as an argument', () => {
  const prog = (extra: string) => `
#include <ctype.h>
static int shell_safe(const char *s, const char *extra) {
  for (; *s != '\\0'; s++)
    if (!isalnum((unsigned char)*s) && strchr(extra, *s) == NULL)
      return 0;
  return 1;
}
int main(void) {
  char line[128], cmd[256];
  FILE *p;
  if (fgets(line, sizeof line, stdin) == NULL) return 1;
  line[strcspn(line, "\\n")] = '\\0';
  if (!shell_safe(line, "${extra}")) return 1;
  snprintf(cmd, sizeof cmd, "mail -s report %s", line);
  p = popen(cmd, "w");
  return p ? pclose(p) : 1;
}`;
  it('letters, digits and "@._-+" hold no shell syntax', async () => {
    expect(await shown(prog('@._-+'))).toEqual([]);
  });
  it('letting through ";" or "$" is no validation', async () => {
    expect(await shown(prog('@.;$'))).toEqual(['c.command.tainted@16']);
  });
});

describe('hygiene: secrets by what the code around them says', () => {
  const hygiene = async (src: string) => (await withRoot(src, 'c', (root) => analyzeHygiene(root, 'x.c'))).filter((f) => f.confidence >= 0.4).map((f) => `${f.rule}@${f.line}`);
  const otp = (use: string) => `static unsigned long new_code(void) { return (unsigned long)rand() % 1000000UL; }
int main(void) {
  unsigned long code = new_code();
  ${use}
  return 0;
}`;
  it('a rand() value returned by a helper and shown as a login code is a secret', async () => {
    expect(await hygiene(otp('printf("your login code is %06lu\\\\n", code);'))).toEqual(['c.hygiene.insecure-rand@1']);
  });
  it('the same helper feeding a dice roll is not', async () => {
    expect(await hygiene(otp('printf("you rolled %lu\\\\n", code % 6 + 1);'))).toEqual([]);
  });
  const conn = (pw: string) => `struct vdb;
struct vdb *vdb_connect(const char *host, const char *user, const char *password);
int main(void) { return vdb_connect("db01", "export", ${pw}) != 0; }`;
  it('a literal for a parameter the prototype names password is a hard-coded credential', async () => {
    expect(await hygiene(conn('"Exp0rt#Orders2024"'))).toEqual(['c.hygiene.hardcoded-credential@3']);
  });
  it('a password from the environment is not', async () => {
    expect(await hygiene(conn('getenv("DB_PASSWORD")'))).toEqual([]);
  });
});

describe('hygiene: a licence key in one case compared with what the user typed', () => {
  const hygiene = async (src: string) => (await withRoot(src, 'cpp', (root) => analyzeHygiene(root, 'x.cpp'))).filter((f) => f.confidence >= 0.4).map((f) => `${f.rule}@${f.line}`);
  const gate = (lit: string) => `#include <string>
bool unlock(const std::string &key) {
  return key == "${lit}";
}`;
  it('letters and digits that keep switching are key material', async () => {
    expect(await hygiene(gate('X7Q299LKZZ31PLM0'))).toEqual(['c.hygiene.hardcoded-credential@3']);
  });
  it('an algorithm or mode name is not', async () => {
    expect(await hygiene(gate('SHA256WITHRSA'))).toEqual([]);
    expect(await hygiene(gate('AES256GCM'))).toEqual([]);
  });
});

describe('bytes from getrandom() hex-encoded with sprintf', () => {
  const prog = (count: string) => `
#include <sys/random.h>
static int token_hex(char *out, size_t outlen) {
  unsigned char raw[16];
  size_t i;
  if (outlen < sizeof raw * 2 + 1) return -1;
  if (getrandom(raw, ${count}, 0) < 0) return -1;
  for (i = 0; i < sizeof raw; i++) sprintf(out + 2 * i, "%02x", raw[i]);
  return 0;
}
int main(void) {
  char tok[33];
  if (token_hex(tok, sizeof tok) != 0) return 1;
  puts(tok);
  return 0;
}`;
  it('each byte is two hex digits: 32 characters and the terminator fit in 33', async () => {
    expect(await shown(prog('sizeof raw'))).toEqual([]);
  });
  it('still reports asking getrandom for more bytes than the buffer has', async () => {
    expect(await shown(prog('64'))).toEqual(['c.buffer.stack-overflow@7']);
  });
});

describe('sizeof a #define of a string literal', () => {
  const prog = (divisor: string) => `
#define ALPHABET "abcdefghijklmnopqrstuvwxyz0123456789"
int main(void) {
  unsigned char raw[16];
  char out[17];
  int i;
  if (read(0, raw, sizeof raw) != (ssize_t)sizeof raw) return 1;
  for (i = 0; i < 16; i++) out[i] = ALPHABET[raw[i] % ${divisor}];
  out[16] = '\\0';
  puts(out);
  return 0;
}`;
  it('is the literal with its terminator: raw[i] % (sizeof ALPHABET - 1) stays inside', async () => {
    expect(await shown(prog('(sizeof ALPHABET - 1)'))).toEqual([]);
  });
  it('still reports a divisor past the literal', async () => {
    expect(await shown(prog('(sizeof ALPHABET + 4)'))).toEqual(['c.buffer.overread@8']);
  });
});

describe('the mirror index of a reversal', () => {
  const prog = (cap: string) => `
static void reverse_into(char *out, const char *in, size_t n) {
  for (size_t i = 0; i < n; i++)
    out[i] = in[n - 1 - i];
}
int main(void) {
  char *line = NULL; size_t cap = 0; ssize_t len; char out[64];
  while ((len = getline(&line, &cap, stdin)) != -1) {
    size_t n = (size_t)len;
    if (n > ${cap}) n = ${cap};
    reverse_into(out, line, n);
    out[n] = '\\0';
    puts(out);
  }
  free(line);
  return 0;
}`;
  it('keeps n - 1 - i inside the buffer and n - 1 from wrapping while i < n', async () => {
    expect(await shown(prog('sizeof out - 1'))).toEqual([]);
  });
  it('still reports the terminator one past the end when n may reach the size', async () => {
    expect(await shown(prog('sizeof out'))).toEqual(['c.buffer.stack-overflow@12']);
  });
});

describe('a difference clamped by a conditional', () => {
  const prog = (cap: string) => `
static void dump(size_t len) {
  char line[17];
  for (size_t off = 0; off < len; off += 16) {
    size_t chunk = len - off < ${cap} ? len - off : 16;
    memcpy(line, buf + off, chunk);
    line[chunk] = '\\0';
    puts(line);
  }
}
int main(void) {
  unsigned char data[4096];
  size_t n = fread(data, 1, sizeof data, stdin);
  dump(n);
  return 0;
}`;
  it('keeps len - off below the constant the test compared it with', async () => {
    expect(await shown(prog('16'))).toEqual([]);
  });
  it('still reports the copy when the test lets a larger difference through', async () => {
    expect(await shown(prog('64'))).toContain('c.buffer.stack-overflow@6');
  });
});

describe('a status variable returned after goto cleanup', () => {
  const prog = (use: string) => `
struct img { unsigned w; unsigned char *px; };
static int load(const char *path, struct img *im) {
  unsigned hdr[2];
  int rc = -1;
  FILE *f = fopen(path, "rb");
  if (f == NULL) return -1;
  if (fread(hdr, sizeof hdr, 1, f) != 1 || hdr[0] == 0 || hdr[0] > 4096 || hdr[1] > 4096) goto cleanup;
  im->px = malloc((size_t)hdr[0] * hdr[1]);
  if (im->px == NULL) goto cleanup;
  im->w = hdr[0];
  for (unsigned r = 0; r < hdr[1]; r++) {
    if (fread(im->px + (size_t)r * hdr[0], 1, hdr[0], f) != hdr[0]) {
      free(im->px);
      im->px = NULL;
      goto cleanup;
    }
  }
  rc = 0;
cleanup:
  fclose(f);
  return rc;
}
int main(int argc, char **argv) {
  struct img im;
  if (argc < 2) return 2;
  if (load(argv[1], &im) != 0) return 1;
  printf("%u %u\\n", im.w, im.px[0]);
  ${use}
  return 0;
}`;
  it('keeps the paths apart by the status, so the caller sees the block only where load succeeded', async () => {
    expect(await shown(prog('free(im.px);'))).toEqual([]);
  });
  it('still reports the block the caller never frees', async () => {
    expect(await shown(prog(''))).toEqual(['c.memory.leak@9']);
  });
});

describe('the overflow guard MAX / c / h before a product', () => {
  const prog = (guard: string) => `
#include <stdint.h>
struct dims { uint32_t w, h; };
int main(int argc, char **argv) {
  struct dims dim;
  FILE *f;
  if (argc != 2 || (f = fopen(argv[1], "rb")) == NULL) return 2;
  if (fread(&dim, sizeof dim, 1, f) != 1 || dim.w == 0 || dim.h == 0) return 1;
  if (${guard}) return 1;
  size_t bytes = (size_t)dim.w * dim.h * 3;
  printf("%zu\\n", bytes);
  return 0;
}`;
  it('counts every divisor as checked where the guard fails', async () => {
    expect(await shown(prog('dim.w > SIZE_MAX / 3 / dim.h'))).toEqual([]);
  });
  it('still reports the product when the guard checks one factor against a constant only', async () => {
    expect(await shown(prog('dim.w > SIZE_MAX / 3'))).toContain('c.integer.overflow@10');
  });
});

describe('the guard d != 0 && a > MAX / d', () => {
  const prog = (guard: string) => `
#include <stdint.h>
int main(int argc, char **argv) {
  if (argc != 3) return 2;
  size_t count = strtoul(argv[1], NULL, 10);
  size_t unit = strlen(argv[2]) + strlen(argv[1]);
  if (${guard}) return 1;
  char *line = malloc(count * unit + 1);
  if (line == NULL) return 1;
  line[0] = 0;
  puts(line);
  free(line);
  return 0;
}`;
  it('covers the product on the path where d is 0 too', async () => {
    expect(await shown(prog('unit != 0 && count > (SIZE_MAX - 1) / unit'))).toEqual([]);
  });
  it('still reports the product without the quotient guard', async () => {
    expect(await shown(prog('unit == 0'))).toContain('c.integer.overflow@8');
  });
});

describe('ignored output to a connection', () => {
  const hygiene = async (src: string) => (await withRoot(src, 'c', (root) => analyzeHygiene(root, 'x.c'))).filter((f) => f.confidence >= 0.4).map((f) => `${f.rule}@${f.line}`);
  const prog = (open: string) => `
static void reply(int c, const char *m) { write(c, m, strlen(m)); }
static void handle(int c) { reply(c, "hello\\n"); }
int main(int s) {
  int c;
  while ((c = ${open}) >= 0) { handle(c); close(c); }
  return 0;
}`;
  it('a write to an accepted socket (through two helpers) loses only the reply: a note', async () => {
    expect(await hygiene(prog('accept(s, NULL, NULL)'))).toEqual([]);
    expect(await hygiene('static void copy(FILE *out, FILE *in) { char b[64]; size_t n; while ((n = fread(b, 1, sizeof b, in)) > 0) fwrite(b, 1, n, out); }\nint main(void) { FILE *p = popen("mail x", "w"); if (!p) return 1; copy(p, stdin); return pclose(p) ? 1 : 0; }')).toEqual([]);
  });
  it('still reports the same write to a file, where the data is the point', async () => {
    expect(await hygiene(prog('open("log", O_WRONLY)'))).toEqual(['c.hygiene.unchecked-io@2']);
  });
});

describe('a buffer flushed when the next piece would not fit', () => {
  const prog = (fits: string) => `
class Out {
public:
  void append(const char *p, size_t n) {
    if (${fits})
      flush();
    if (n > sizeof buf_) { fwrite(p, 1, n, stdout); return; }
    memcpy(buf_ + used_, p, n);
    used_ += n;
  }
  void flush() { fwrite(buf_, 1, used_, stdout); used_ = 0; }
private:
  char buf_[256];
  size_t used_ = 0;
};
int main() { Out o; char line[512]; while (fgets(line, sizeof line, stdin)) o.append(line, strlen(line)); o.flush(); return 0; }`;
  it('keeps used + n <= size on the path that did not flush (the flushed path has used = 0)', async () => {
    expect(await shown(prog('used_ + n > sizeof buf_'), 't.cpp')).toEqual([]);
  });
  it('still reports a fit test off by one', async () => {
    expect(await shown(prog('used_ + n > sizeof buf_ + 1'), 't.cpp')).toEqual(['c.buffer.stack-overflow@8']);
  });
});

describe('trimming a string from its end with s[--len]', () => {
  const prog = (test: string) => `
#include <ctype.h>
static char *trim(char *s) {
  size_t n;
  while (isspace((unsigned char)*s))
    s++;
  n = strlen(s);
  while (${test})
    s[--n] = '\\0';
  return s;
}
int main(void) {
  char line[256];
  while (fgets(line, sizeof line, stdin) != NULL) {
    char *eq = strchr(line, '=');
    if (eq == NULL) continue;
    *eq = '\\0';
    printf("%s %s\\n", trim(line), trim(eq + 1));
  }
  return 0;
}`;
  it('writes a character of whichever string s points to (len = strlen(s), len > 0 before)', async () => {
    expect(await shown(prog("n > 0 && isspace((unsigned char)s[n - 1])"))).toEqual([]);
  });
  it('still reports the trim that can step before the string', async () => {
    expect(await shown(prog("isspace((unsigned char)s[n - 1])"))).toEqual(['c.buffer.underread@8']);
  });
});
