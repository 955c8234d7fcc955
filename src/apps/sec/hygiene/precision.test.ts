/**
 * What the syntactic rules must leave alone: each case is code a mature project writes on
 * purpose, with the rule that a careless pattern match would raise on it.
 */
import { describe, expect, it } from 'vitest';
import { withRoot } from '../../../../test/support/sec-parse.js';
import { analyzeHygiene } from './index.js';

const rulesIn = (src: string, lang: 'c' | 'cpp' = 'c', file = 'src/x.c') => withRoot(src, lang, (root) => analyzeHygiene(root, file).map((f) => `${f.rule}:${f.line}`));

describe('syntactic rules stay quiet on correct code', () => {
  it.each([
    ['a prompt, an environment variable name and an empty default', 'c.hygiene.hardcoded-credential',
      'const char *PASSWORD_ENV = "DB_PASSWORD"; const char *password = ""; void f(void) { printf("Password: "); use(PASSWORD_ENV, password); const char *p = getenv(PASSWORD_ENV); }'],
    ['a key file path and a password length', 'c.hygiene.hardcoded-credential',
      'const char *key_file = "/etc/app/server.key"; int password_len = 12; void f(void) { load(key_file, password_len); }'],
    ['a lexer comparing tokens', 'c.hygiene.hardcoded-credential',
      'int kw(const char *token) { return strcmp(token, "while") == 0; }'],
    ['a header filled at run time, placeholders in help text, a file magic compared', 'c.hygiene.hardcoded-credential',
      'void f(int fd, const char *t, const unsigned char *h) { dprintf(fd, "Authorization: Bearer %s\\r\\n", t); puts("usage: curl -H \'Authorization: Bearer YOUR_API_TOKEN\' https://user:<password>@host/"); if (memcmp(h, "\\x7f\\x45\\x4c\\x46", 4) == 0) puts("elf"); }'],
    ['a secret name defined but never used', 'c.hygiene.hardcoded-credential',
      'static const char *api_key = "AKIA0000EXAMPLE";'],
    ['stat() then mkdir() (fails if it exists) and open with O_EXCL', 'c.hygiene.toctou',
      'int f(const char *d, const char *p) { struct stat st; if (stat(d, &st) != 0) mkdir(d, 0700); if (lstat(p, &st) == 0) return -1; return open(p, O_WRONLY | O_CREAT | O_EXCL, 0600); }'],
    ['lstat, open, then fstat and compare the inode', 'c.hygiene.toctou',
      'int f(const char *p) { struct stat a, b; if (lstat(p, &a)) return -1; int fd = open(p, O_RDONLY | O_NOFOLLOW); if (fd < 0 || fstat(fd, &b) || a.st_ino != b.st_ino) return -1; return fd; }'],
    ['widths, %*s and %ms in scanf', 'c.hygiene.scanf-no-width',
      'void f(FILE *in) { char a[8]; char *m; int n; fscanf(in, "%7s %*s %ms %d %5[^,]", a, &m, &n, a); }'],
    ['rand() for dice and jitter, written to the console', 'c.hygiene.insecure-rand',
      'int roll(void) { int r = rand() % 6 + 1; char b[8]; int n = snprintf(b, sizeof b, "%d", r); write(1, b, n); return r; }'],
    ['strncpy of a short literal into a larger buffer', 'c.hygiene.strncpy-unterminated',
      'void f(void) { char mode[16]; strncpy(mode, "rw", sizeof mode); use(mode); }'],
    ['strncpy terminated right after', 'c.hygiene.strncpy-unterminated',
      'void f(const char *s) { char b[16]; strncpy(b, s, sizeof(b)); b[sizeof(b) - 1] = 0; use(b); }'],
    ['a product checked against SIZE_MAX, and one with sizeof', 'c.hygiene.alloc-size-overflow',
      'void *f(size_t n, size_t m) { if (m && n > SIZE_MAX / m) return 0; return malloc(n * m); } void *g(size_t n) { return malloc(n * sizeof(int)); }'],
    ['the same two mutexes always in one order', 'c.hygiene.lock-order',
      'void a(void) { pthread_mutex_lock(&x); pthread_mutex_lock(&y); pthread_mutex_unlock(&y); pthread_mutex_unlock(&x); } void b(void) { pthread_mutex_lock(&x); pthread_mutex_lock(&y); pthread_mutex_unlock(&y); pthread_mutex_unlock(&x); }'],
  ])('%s', async (_what, rule, src) => {
    expect((await rulesIn(src)).filter((r) => r.startsWith(`${rule}:`))).toEqual([]);
  });

  it('does not report secrets in test code', async () => {
    const src = 'int main(void) { return login("admin", "s3cr3t-pw") && strcmp(password, "hunter22") == 0; }';
    expect(await rulesIn(src, 'c', 'tests/login_test.c')).toEqual([]);
    expect(await rulesIn(src, 'c', 'src/login.c')).toContain('c.hygiene.hardcoded-credential:1');
  });

  it.each([
    ['moved in one branch, used in the other', 'void f(std::string s, bool a) { if (a) { keep(std::move(s)); } else { use(s); } }'],
    ['moved on a path that returns', 'int f(std::string s, bool a) { if (a) { keep(std::move(s)); return 1; } use(s); return 0; }'],
    ['assigned again after the move', 'void f(std::string s) { keep(std::move(s)); s = "fresh"; use(s); }'],
    ['cleared after the move', 'void f(std::vector<int> v) { keep(std::move(v)); v.clear(); v.push_back(1); }'],
    ['a member moved (another member function may refill it)', 'void C::f() { keep(std::move(buf_)); use(buf_); }'],
    ['moved in two branches of one #if', 'void f(M m) {\n#if A\n  t = new X(std::move(m));\n#else\n  t = new Y(std::move(m));\n#endif\n}'],
    ['a move the author marked NOLINT for clang-tidy', 'void f(M m) {\n  call(std::move(m));  // NOLINT\n  call(m);\n}'],
  ])('use-after-move: %s', async (_what, src) => {
    expect((await rulesIn(src, 'cpp', 'x.cpp')).filter((r) => r.startsWith('c.hygiene.use-after-move'))).toEqual([]);
  });

  it('takes (size_t)w * h of two 32-bit values as a product that cannot wrap, not one of 64-bit values or without the cast', async () => {
    const src = (type: string, product: string) =>
      `struct image { ${type} width; ${type} height; unsigned char *px; };\nvoid *gray(const struct image *img) {\n  return malloc(${product});\n}\nvoid *rows(${type} w, ${type} h) { return malloc(${product.replace(/img->width/g, 'w').replace(/img->height/g, 'h')}); }`;
    const alloc = async (type: string, product: string) => (await rulesIn(src(type, product))).filter((r) => r.startsWith('c.hygiene.alloc-size-overflow'));
    expect(await alloc('uint32_t', '(size_t)img->width * img->height')).toEqual([]);
    expect(await alloc('uint64_t', '(size_t)img->width * img->height')).toEqual(['c.hygiene.alloc-size-overflow:3', 'c.hygiene.alloc-size-overflow:5']);
    expect(await alloc('uint32_t', 'img->width * img->height')).toEqual(['c.hygiene.alloc-size-overflow:3', 'c.hygiene.alloc-size-overflow:5']);
  });

  it('tells a later variable of the same name (a range-for, another block) from the one moved', async () => {
    const src = (later: string) => [
      'int f(int argc) {',
      '  std::vector<std::unique_ptr<S>> all;',
      '  for (int i = 1; i < argc; i++) {',
      '    auto s = make(i);',
      '    if (s) all.push_back(std::move(s));',
      `    ${later}`,
      '  }',
      '  int t = 0;',
      '  for (const auto &s : all) t += s->v;',
      '  { auto s = make(0); t += s->v; }',
      '  return t;',
      '}',
    ].join('\n');
    const moves = async (later: string) => (await rulesIn(src(later), 'cpp', 'x.cpp')).filter((r) => r.startsWith('c.hygiene.use-after-move'));
    expect(await moves('')).toEqual([]);
    expect(await moves('if (s) log(s->v);')).toEqual(['c.hygiene.use-after-move:6']);
  });

  it.each([
    ['c_str() passed straight to a call', 'void f(int n) { puts(std::to_string(n).c_str()); }'],
    ['c_str() of a named string', 'const char *f(const std::string &s) { const char *p = s.c_str(); return p; }'],
    ['c_str() copied into a std::string', 'void f(int n) { std::string s = std::to_string(n).c_str(); use(s); }'],
  ])('dangling-c-str: %s', async (_what, src) => {
    expect((await rulesIn(src, 'cpp', 'x.cpp')).filter((r) => r.startsWith('c.hygiene.dangling-c-str'))).toEqual([]);
  });

  it.each([
    ['placement new', 'void f(void *buf) { T *t = new (buf) T[4]; t->~T(); }'],
    ['a name allocated two ways', 'void f(bool a) { char *p; if (a) p = new char[4]; else p = new char; delete p; }'],
    ['unique_ptr<T[]> holding new[]', 'void f(int n) { std::unique_ptr<int[]> p(new int[n]); }'],
  ])('new-delete-mismatch: %s', async (_what, src) => {
    expect((await rulesIn(src, 'cpp', 'x.cpp')).filter((r) => r.startsWith('c.hygiene.new-delete-mismatch'))).toEqual([]);
  });

  it('reports what these rules are for', async () => {
    const cpp = [
      'void a(int n) { std::unique_ptr<int> p(new int[n]); }',
      'const char *b(int n) { return (std::string("id-") + std::to_string(n)).c_str(); }',
      'void c(std::vector<int> v) { auto w = std::move(v); w.push_back(v.size()); }',
    ].join('\n');
    expect((await rulesIn(cpp, 'cpp', 'x.cpp')).sort()).toEqual(['c.hygiene.dangling-c-str:2', 'c.hygiene.new-delete-mismatch:1', 'c.hygiene.use-after-move:3']);
    const c = [
      'int token_ok(const char *auth_token) { return strcmp(auth_token, "9f8e7d6c5b4a") == 0; }',
      'void d(const char *p) { if (access(p, R_OK) == 0) { FILE *f = fopen(p, "r"); use(f); } }',
      'void e(void) { char u[32]; if (sscanf(line, "%s", u) == 1) use(u); }',
      'void s(int sock) { unsigned nonce_seed = random(); if (send(sock, &nonce_seed, 4, 0) < 0) fail(); }',
    ].join('\n');
    expect((await rulesIn(c)).sort()).toEqual(['c.hygiene.hardcoded-credential:1', 'c.hygiene.insecure-rand:4', 'c.hygiene.scanf-no-width:3', 'c.hygiene.toctou:2']);
  });
});
