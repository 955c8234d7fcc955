import { describe, expect, it } from 'vitest';
import { withRoot } from '../../../../test/support/sec-parse.js';
import { HYGIENE_RULE_LIST, analyzeHygiene } from './index.js';

const rulesIn = (src: string, lang: 'c' | 'cpp' = 'c') => withRoot(src, lang, (root) => analyzeHygiene(root, 'x.c'));

/** Each case: a rule, a flawed snippet it must flag, and the fixed twin it must not. */
const CASES: Array<{ rule: string; flawed: string; fixed: string }> = [
  {
    rule: 'c.hygiene.unchecked-io',
    flawed: 'void f(int fd, char *b) { read(fd, b, 16); use(b); }',
    fixed: 'int f(int fd, char *b) { if (read(fd, b, 16) != 16) return -1; use(b); return 0; }',
  },
  {
    rule: 'c.hygiene.unchecked-io',
    flawed: 'void save(int fd, const char *m) { write(fd, m, strlen(m)); }',
    fixed: 'void die(const char *m) { write(STDERR_FILENO, m, strlen(m)); fwrite(m, 1, strlen(m), stderr); _exit(1); }',
  },
  {
    rule: 'c.hygiene.unchecked-io',
    flawed: 'void drop(void) { setuid(getuid()); run(); }',
    fixed: 'void drop(void) { if (setuid(getuid()) != 0) abort(); run(); }',
  },
  {
    rule: 'c.hygiene.unchecked-io',
    flawed: 'void f(FILE *fp, char *b) { fread(b, 1, 10, fp); }',
    fixed: 'int f(FILE *fp, char *b) { fread(b, 1, 10, fp); return ferror(fp) ? -1 : 0; }',
  },
  {
    rule: 'c.hygiene.unchecked-pthread',
    flawed: 'void f(pthread_mutex_t *m) { pthread_mutex_trylock(m); work(); }',
    fixed: 'void f(pthread_mutex_t *m) { if (pthread_mutex_trylock(m) == 0) { work(); pthread_mutex_unlock(m); } }',
  },
  {
    rule: 'c.hygiene.cond-wait-no-loop',
    flawed: 'void f(void) { pthread_mutex_lock(&m); if (!ready) (void)pthread_cond_wait(&c, &m); (void)pthread_mutex_unlock(&m); }',
    fixed: 'void f(void) { pthread_mutex_lock(&m); while (!ready) (void)pthread_cond_wait(&c, &m); (void)pthread_mutex_unlock(&m); }',
  },
  {
    rule: 'c.hygiene.double-lock',
    flawed: 'void f(void) { pthread_mutex_lock(&m); a(); pthread_mutex_lock(&m); b(); pthread_mutex_unlock(&m); }',
    fixed: 'void f(void) { pthread_mutex_lock(&m); a(); pthread_mutex_unlock(&m); pthread_mutex_lock(&m); b(); pthread_mutex_unlock(&m); }',
  },
  {
    rule: 'c.hygiene.missing-unlock',
    flawed: 'int f(int x) { pthread_mutex_lock(&m); if (x < 0) return -1; g(x); pthread_mutex_unlock(&m); return 0; }',
    fixed: 'int f(int x) { pthread_mutex_lock(&m); if (x < 0) { pthread_mutex_unlock(&m); return -1; } g(x); pthread_mutex_unlock(&m); return 0; }',
  },
  {
    rule: 'c.hygiene.thread-leak',
    flawed: 'void *run(void *a); void start(void) { pthread_t t; if (pthread_create(&t, NULL, run, NULL) != 0) abort(); }',
    fixed: 'void *run(void *a); void start(void) { pthread_t t; if (pthread_create(&t, NULL, run, NULL) != 0) abort(); if (pthread_join(t, NULL) != 0) abort(); }',
  },
  {
    rule: 'c.hygiene.unbounded-spawn',
    flawed: 'void *serve(void *); void run(int s) { for (;;) { pthread_t t; int fd = accept(s, 0, 0); if (fd < 0) continue; if (pthread_create(&t, 0, serve, (void *)(long)fd) == 0) pthread_detach(t); } }',
    fixed: 'void *serve(void *); void run(int s) { for (;;) { pthread_t t; int fd = accept(s, 0, 0); if (fd < 0) continue; if (active >= MAX_CLIENTS) { close(fd); continue; } active++; if (pthread_create(&t, 0, serve, (void *)(long)fd) == 0) pthread_detach(t); } }',
  },
  {
    rule: 'c.hygiene.unbounded-spawn',
    flawed: 'void serve(int); void run(int s) { while (1) { int fd = accept(s, 0, 0); if (fd < 0) continue; if (fork() == 0) { serve(fd); _exit(0); } close(fd); } }',
    fixed: 'void serve(int); void run(int s) { int n = 0; while (1) { int fd = accept(s, 0, 0); if (fd < 0) continue; while (n >= 32 && waitpid(-1, 0, 0) > 0) n--; if (fork() == 0) { serve(fd); _exit(0); } n++; close(fd); } }',
  },
  {
    rule: 'c.hygiene.getenv',
    flawed: 'void f(void) { char *home = getenv("HOME"); char path[64]; strcpy(path, home); }',
    fixed: 'void f(void) { const char *lang = getenv("LANG"); if (lang == NULL || strlen(lang) > 16) return; set_locale_name(lang); }',
  },
  {
    rule: 'c.hygiene.insecure-rand',
    flawed: 'unsigned make_session_token(void) { unsigned token = rand(); return token; }',
    fixed: 'unsigned make_session_token(void) { unsigned token; if (getrandom(&token, sizeof token, 0) != sizeof token) abort(); return token; }',
  },
  {
    rule: 'c.hygiene.strtok',
    flawed: 'void f(char *s) { char *t = strtok(s, ","); use(t); }',
    fixed: 'void f(char *s) { char *save; char *t = strtok_r(s, ",", &save); use(t); }',
  },
  {
    rule: 'c.hygiene.permissive-permissions',
    flawed: 'int f(const char *p) { return chmod(p, 0777); }',
    fixed: 'int f(const char *p) { return chmod(p, 0700); }',
  },
  {
    rule: 'c.hygiene.permissive-permissions',
    flawed: 'int f(const char *p) { return chmod(p, S_IRWXU | S_IRWXG | S_IRWXO); }',
    fixed: 'int f(const char *p) { return chmod(p, S_IRUSR | S_IWUSR); }',
  },
  {
    rule: 'c.hygiene.permissive-permissions',
    flawed: 'void f(void) { umask(0); }',
    fixed: 'void f(void) { umask(077); }',
  },
  {
    rule: 'c.hygiene.insecure-temp-file',
    flawed: 'FILE *f(void) { char name[L_tmpnam]; tmpnam(name); return fopen(name, "w"); }',
    // mkstemp's template must end in six X characters
    fixed: `FILE *f(void) { char name[] = "/tmp/app${'X'.repeat(6)}"; int fd = mkstemp(name); return fd < 0 ? NULL : fdopen(fd, "w"); }`,
  },
  {
    rule: 'c.hygiene.legacy-inet',
    flawed: 'in_addr_t f(const char *s) { return inet_addr(s); }',
    fixed: 'int f(const char *s, struct in_addr *a) { return inet_pton(AF_INET, s, a); }',
  },
  {
    rule: 'c.hygiene.legacy-time',
    flawed: 'void f(time_t t) { struct tm *tm = localtime(&t); show(tm); }',
    fixed: 'void f(time_t t) { struct tm tm; if (localtime_r(&t, &tm)) show(&tm); }',
  },
  {
    rule: 'c.hygiene.alloca',
    flawed: 'void f(size_t n) { char *p = alloca(n); fill(p, n); }',
    fixed: 'void f(void) { char *p = alloca(64); fill(p, 64); }',
  },
  {
    rule: 'c.hygiene.alloca',
    flawed: 'void f(const struct m *h) { if (h->len == 0) return; for (unsigned i = 0; i < h->len; i++) g(i); char *p = alloca(h->len + 1); fill(p, h->len); }',
    fixed: 'void f(const struct m *h) { if (h->len == 0 || h->len > LEN_MAX) return; char *p = alloca(h->len + 1); fill(p, h->len); }',
  },
  {
    rule: 'c.hygiene.alloc-size-overflow',
    flawed: 'int *f(FILE *fp) { unsigned n, w; if (fread(&n, sizeof n, 1, fp) != 1) return 0; w = n; return malloc(w * elem_size); }',
    fixed: 'int *f(FILE *fp) { unsigned n, w; if (fread(&n, sizeof n, 1, fp) != 1 || n > 4096) return 0; w = n; return malloc(w * elem_size); }',
  },
  {
    rule: 'c.hygiene.sizeof-pointer',
    flawed: 'void f(unsigned char *key, const unsigned char *src) { memcpy(key, src, sizeof(key)); }',
    fixed: 'void f(unsigned char key[16], const unsigned char *src, const unsigned char **out) { unsigned char k[16]; memcpy(k, src, sizeof k); memcpy(out, &src, sizeof src); }',
  },
  {
    rule: 'c.hygiene.vla',
    flawed: 'void f(int n) { char buf[n]; fill(buf, n); }',
    fixed: 'void f(int n) { char buf[BUF_MAX]; if (n > BUF_MAX) return; fill(buf, n); }',
  },
  {
    rule: 'c.hygiene.vla',
    flawed: 'void f(const char *s) { char copy[strlen(s) + 1]; strcpy(copy, s); }',
    fixed: 'void f(const char *s) { char name[L_tmpnam]; const int n = 8; char tag[n * 2]; use(name, tag, s); }',
  },
];

describe('hygiene rules', () => {
  it.each(CASES)('$rule flags the flawed snippet and not its fix', async ({ rule, flawed, fixed }) => {
    const bad = await rulesIn(flawed);
    expect(bad.map((f) => f.rule)).toContain(rule);
    const good = await rulesIn(fixed);
    expect(good.map((f) => f.rule)).not.toContain(rule);
  });

  it('shows strtok by default only where its hidden state can be disturbed: threads or a nested tokenisation', async () => {
    const conf = async (src: string) => (await rulesIn(src)).filter((f) => f.rule === 'c.hygiene.strtok').map((f) => f.confidence);
    const alone = 'int count(char *line) { int n = 0; for (char *t = strtok(line, ","); t; t = strtok(NULL, ",")) n++; return n; }';
    expect(Math.max(...(await conf(alone)))).toBeLessThan(0.4);
    const nested = [
      'void parse(char *hdr) {',
      '  char *pair = strtok(hdr, ";");',
      '  while (pair) { char *k = strtok(pair, "="); use(k); pair = strtok(NULL, ";"); }',
      '}',
    ].join('\n');
    expect(Math.min(...(await conf(nested)))).toBeGreaterThanOrEqual(0.4);
    const viaHelper = [
      'static void field(char *kv) { char *k = strtok(kv, "="); use(k); }',
      'void parse(char *hdr) { for (char *p = strtok(hdr, ";"); p; p = strtok(NULL, ";")) field(p); }',
    ].join('\n');
    expect(Math.min(...(await conf(viaHelper)))).toBeGreaterThanOrEqual(0.4);
    const threaded = `${alone}\nvoid start(pthread_t *t, void *(*w)(void *)) { pthread_create(t, NULL, w, NULL); }`;
    expect(Math.min(...(await conf(threaded)))).toBeGreaterThanOrEqual(0.4);
  });

  it('names only hygiene rules (every rule has its file pair in test/fixtures/jsec/rules)', () => {
    const ids = HYGIENE_RULE_LIST.map((r) => r.id);
    for (const c of CASES) expect(ids).toContain(c.rule);
  });

  it('reports line, evidence, CWE and a calibrated confidence', async () => {
    const [f] = await rulesIn('void f(void) {\n  char n[20];\n  tmpnam(n);\n}\n');
    expect(f).toMatchObject({ rule: 'c.hygiene.insecure-temp-file', line: 3, evidence: 'tmpnam(n);', cwe: [377], pattern: 'tmpnam' });
    expect(f?.confidence).toBeGreaterThan(0.5);
    expect(f?.confidence).toBeLessThanOrEqual(1);
  });

  it('ignores calls in comments, strings and #if 0 regions', async () => {
    const src = [
      '/* tmpnam(buf); strtok(s, ","); */',
      '// mktemp(p);',
      'const char *msg = "call tmpnam(x) here";',
      '#if 0',
      'void old(void) { char b[9]; tmpnam(b); }',
      '#else',
      'void cur(char *s) { char *save; strtok_r(s, ",", &save); }',
      '#endif',
    ].join('\n');
    expect(await rulesIn(src)).toEqual([]);
  });

  it('still checks the #else branch of #if 0', async () => {
    const src = '#if 0\nvoid a(void) {}\n#else\nvoid b(char *s) { strtok(s, ","); }\n#endif\n';
    expect((await rulesIn(src)).map((f) => f.rule)).toEqual(['c.hygiene.strtok']);
  });

  it('works on C++ with std:: calls, and reports rand() only where the value must be secret', async () => {
    const found = await rulesIn('#include <cstdlib>\nint pick() { return std::rand() % 6; }\nunsigned salt() { return std::rand(); }\n', 'cpp');
    expect(found.map((f) => `${f.rule}:${f.line}`)).toEqual(['c.hygiene.insecure-rand:3']);
  });

  it('does not treat a lock taken on two branches as a double lock', async () => {
    const src = 'void f(int a) { if (a) { pthread_mutex_lock(&m); x(); } else { pthread_mutex_lock(&m); y(); } pthread_mutex_unlock(&m); }';
    expect((await rulesIn(src)).map((f) => f.rule)).not.toContain('c.hygiene.double-lock');
  });

  it('shows atoi by default only where its unchecked result goes into the caller\'s settings', async () => {
    const conf = async (src: string) => (await rulesIn(src)).filter((f) => f.rule === 'c.hygiene.atoi').map((f) => f.confidence);
    // a parameter's member, and a returned local's
    expect(await conf('void set(struct opts *o, const char *v) { o->limit = atoi(v); }')).toEqual([0.45]);
    expect(await conf('struct opts load(const char *v) { struct opts c; c.limit = atoi(v); return c; }')).toEqual([0.45]);
    // range-checked after the store, a local, or a member of the function's own scratch record
    expect(await conf('int set(struct opts *o, const char *v) { o->limit = atoi(v); if (o->limit < 1 || o->limit > 64) return -1; return 0; }')).toEqual([0.35]);
    expect(await conf('int f(const char *v) { int n = atoi(v); return n * 2; }')).toEqual([0.35]);
    expect(await conf('void f(struct item *items, int k, const char *v) { struct item *m = &items[k]; m->num = atof(v); }')).toEqual([0.35]);
  });
});
