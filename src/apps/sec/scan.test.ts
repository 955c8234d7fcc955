import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempTree } from '../../../test/support/temp-tree.js';
import { readJsonl } from '../../util/index.js';
import type { Finding } from './finding.js';
import { scanPath } from './scan.js';

const TMPNAM = 'void f(void) {\n  char n[32];\n  tmpnam(n);\n}\n';
const rules = (fs: Finding[]) => fs.map((f) => `${f.file}:${f.rule}`);

describe('scanPath discovery', () => {
  it('skips default-excluded dirs, .gitignore matches and --exclude globs', async () => {
    const root = tempTree({
      'src/a.c': TMPNAM,
      'src/gen/tables.c': TMPNAM,
      'build/gen.c': TMPNAM,
      'vendor/lib/x.c': TMPNAM,
      'third_party/y.c': TMPNAM,
      'target/debug/z.rs': 'fn f() { unsafe {} }',
      'gen/out.c': TMPNAM,
      '.gitignore': 'gen/\n',
      'tests/t.c': TMPNAM,
      'README.md': 'tmpnam(x)',
    });
    const r = await scanPath(root, { exclude: ['tests', 'src/gen/*.c'], writeArtifacts: false });
    expect(rules(r.findings)).toEqual(['src/a.c:c.hygiene.insecure-temp-file']);
    expect(r.scannedFiles).toBe(1);
    const all = await scanPath(root, { gitignore: false, writeArtifacts: false });
    expect(all.findings.map((f) => f.file)).toEqual(['gen/out.c', 'src/a.c', 'src/gen/tables.c', 'tests/t.c']);
  });

  it('filters by language and reports the language of each finding', async () => {
    const root = tempTree({ 'a.c': TMPNAM, 'b.cpp': TMPNAM, 'c.rs': 'fn f(x: Option<u8>) -> u8 { x.unwrap() }\n' });
    const r = await scanPath(root, { writeArtifacts: false, minConfidence: 0 });
    expect(r.findings.map((f) => `${f.file}:${f.language}`)).toEqual(['a.c:c', 'b.cpp:cpp', 'c.rs:rust']);
    const onlyRust = await scanPath(root, { languages: ['rust'], writeArtifacts: false, minConfidence: 0 });
    expect(onlyRust.findings.map((f) => f.file)).toEqual(['c.rs']);
    expect(r.summary.byLanguage).toEqual({ c: 1, cpp: 1, rust: 1 });
  });

  it('scans a single file given as the path', async () => {
    const root = tempTree({ 'a.c': TMPNAM, 'b.c': TMPNAM });
    const r = await scanPath(join(root, 'b.c'), { writeArtifacts: false });
    expect(r.findings.map((f) => f.file)).toEqual(['b.c']);
  });

  it('judges a single file as a scan of its directory would: its .gitignore and --exclude apply, deeper ones do not', async () => {
    // only the file's own directory is listed (a hook names one file in a large repository)
    const root = tempTree({ 'a.c': TMPNAM, 'B.C': TMPNAM, 'gen.c': TMPNAM, '.gitignore': 'gen.c\n', 'sub/.gitignore': 'a.c\n', 'sub/a.c': TMPNAM });
    expect((await scanPath(join(root, 'a.c'), { writeArtifacts: false })).findings.map((f) => f.file)).toEqual(['a.c']);
    expect((await scanPath(join(root, 'B.C'), { writeArtifacts: false })).findings.map((f) => f.file)).toEqual(['B.C']);
    await expect(scanPath(join(root, 'gen.c'), { writeArtifacts: false })).rejects.toMatchObject({ code: 'usage' });
    expect((await scanPath(join(root, 'gen.c'), { gitignore: false, writeArtifacts: false })).scannedFiles).toBe(1);
    await expect(scanPath(join(root, 'a.c'), { exclude: ['A.c'], writeArtifacts: false })).rejects.toMatchObject({ code: 'usage' });
    expect((await scanPath(join(root, 'a.c'), { exclude: ['sub'], writeArtifacts: false })).scannedFiles).toBe(1);
    // symbolic links are never followed, named or not
    symlinkSync('a.c', join(root, 'link.c'));
    await expect(scanPath(join(root, 'link.c'), { writeArtifacts: false })).rejects.toMatchObject({ code: 'usage' });
  });

  it('rejects a missing path, or a single file that is not a source, with a usage error', async () => {
    await expect(scanPath('/no/such/dir')).rejects.toMatchObject({ code: 'usage', exitCode: 2 });
    const root = tempTree({ 'notes.txt': 'tmpnam(x);' });
    await expect(scanPath(join(root, 'notes.txt'))).rejects.toMatchObject({ code: 'usage', message: expect.stringMatching(/not a C, C\+\+ or Rust source/) });
  });

  it('accepts an absolute --exclude path inside the root', async () => {
    const root = tempTree({ 'a.c': TMPNAM, 'gen/b.c': TMPNAM });
    const r = await scanPath(root, { exclude: [join(root, 'gen')], writeArtifacts: false });
    expect(r.findings.map((f) => f.file)).toEqual(['a.c']);
  });
});

describe('scanPath robustness', () => {
  it('survives empty, binary, huge, invalid UTF-8, unterminated and macro-heavy files', async () => {
    const macro = Array.from({ length: 300 }, (_, i) => `#define M${i}(x) ((x) + M${i === 0 ? 0 : i - 1}(x))\nDECL(M${i}, { FOO(a, b) BAR })\n`).join('');
    const root = tempTree({
      'empty.c': '',
      'blob.c': Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0, 0, 1, 2, 0, 255]),
      'latin1.c': Buffer.concat([Buffer.from('/* caf'), Buffer.from([0xe9, 0xff]), Buffer.from(' */\n'), Buffer.from(TMPNAM)]),
      'open.c': `${TMPNAM}/* never closed\nvoid g(void) { tmpnam(0); }\n`,
      'macros.h': macro,
      'ok.rs': 'fn main() {}\n',
      'bad.rs': 'fn main( { let x = ; unsafe { \n',
    });
    writeFileSync(join(root, 'huge.c'), Buffer.alloc(10 * 1024 * 1024, 'int a;\n'));
    const r = await scanPath(root, { writeArtifacts: false });
    expect(r.skipped.map((s) => `${s.file}:${s.reason}`)).toEqual(['blob.c:binary', 'huge.c:too-large']);
    expect(r.invalidUtf8).toEqual(['latin1.c']);
    // Lines stay put after replacement characters, so the finding is on line 4 (1 comment line + 3).
    expect(r.findings.filter((f) => f.file === 'latin1.c').map((f) => f.line)).toEqual([4]);
    expect(r.findings.filter((f) => f.file === 'open.c').map((f) => f.line)).toEqual([3]);
    expect(r.scannedFiles).toBe(6);
  });

  it('lists files it cannot read and analyses the rest', async () => {
    // As root nothing is unreadable by permission, so a directory named like a source stands in.
    const root = tempTree({ 'good.c': TMPNAM, 'dir.c/inner.txt': 'not code' });
    execFileSync('mkfifo', [join(root, 'pipe.c')]);
    let unreadable = false;
    if (process.getuid?.() !== 0) {
      writeFileSync(join(root, 'secret.c'), TMPNAM);
      chmodSync(join(root, 'secret.c'), 0o000);
      unreadable = true;
    }
    const r = await scanPath(root, { writeArtifacts: false });
    expect(r.skipped.map((s) => `${s.file}:${s.reason}`)).toEqual([
      'dir.c:unreadable',
      ...(unreadable ? ['secret.c:unreadable'] : []),
    ]);
    expect(r.findings.map((f) => f.file)).toEqual(['good.c']);
  });
});

describe('scanPath findings', () => {
  it('gives ids that survive line shifts and differ for repeated evidence', async () => {
    const root = tempTree({ 'a.c': 'void f(char *a, char *b) {\n  strtok(a, ",");\n  strtok(a, ",");\n}\n' });
    // (strtok outside threads and nesting is a note: shown with --min-confidence 0)
    const before = await scanPath(root, { writeArtifacts: false, minConfidence: 0 });
    writeFileSync(join(root, 'a.c'), `// header\n\n\n${readFileSync(join(root, 'a.c'), 'utf8')}`);
    const after = await scanPath(root, { writeArtifacts: false, minConfidence: 0 });
    expect(after.findings.map((f) => f.line)).toEqual(before.findings.map((f) => f.line + 3));
    expect(after.findings.map((f) => f.id)).toEqual(before.findings.map((f) => f.id));
    expect(new Set(before.findings.map((f) => f.id)).size).toBe(2);
  });

  it('computes score as confidence times severity weight', async () => {
    const root = tempTree({ 'a.c': TMPNAM });
    const [f] = (await scanPath(root, { writeArtifacts: false })).findings;
    expect(f?.severity).toBe('medium');
    expect(f?.score).toBeCloseTo((f?.confidence ?? 0) * 2, 5);
  });

  it('honours jsec-ignore on the line or the line above, and jsec-ignore-file', async () => {
    const root = tempTree({
      'a.c': [
        'void f(char *s, char *n) {',
        '  tmpnam(n); // jsec-ignore: c.hygiene.insecure-temp-file name only, never opened',
        '  // jsec-ignore: c.hygiene.strtok single-threaded tool',
        '  strtok(s, ",");',
        '  strtok(s, ","); // jsec-ignore: c.hygiene.vla wrong rule: still reported',
        '}',
      ].join('\n'),
      'b.c': `/* jsec-ignore-file: generated */\n${TMPNAM}`,
    });
    const r = await scanPath(root, { writeArtifacts: false, minConfidence: 0 });
    expect(r.findings.map((f) => `${f.file}:${f.line}`)).toEqual(['a.c:5']);
    expect(r.suppressed).toBe(2);
  });

  it('drops findings below --min-confidence and counts them', async () => {
    const root = tempTree({ 'a.c': 'void f(time_t t) { show(localtime(&t)); }\nvoid g(void) { char n[9]; tmpnam(n); }\n' });
    const r = await scanPath(root, { minConfidence: 0.5, writeArtifacts: false });
    expect(r.findings.map((f) => f.rule)).toEqual(['c.hygiene.insecure-temp-file']);
    expect(r.belowConfidence).toBe(1);
  });

  it('marks only findings missing from the baseline as new', async () => {
    const root = tempTree({ 'a.c': TMPNAM });
    const first = await scanPath(root, { writeArtifacts: false });
    const baseline = join(root, 'baseline.json');
    writeFileSync(baseline, JSON.stringify({ version: 1, findings: first.findings.map((f) => ({ id: f.id })) }));
    writeFileSync(join(root, 'a.c'), `${TMPNAM}void g(char *s) { strtok(s, " "); }\n`);
    const r = await scanPath(root, { baseline, writeArtifacts: false, minConfidence: 0 });
    expect(r.findings).toHaveLength(2);
    expect([...(r.newIds ?? [])]).toEqual(r.findings.filter((f) => f.rule === 'c.hygiene.strtok').map((f) => f.id));
    expect(r.baselineKnown).toBe(1);
    await expect(scanPath(root, { baseline: join(root, 'a.c') })).rejects.toMatchObject({ code: 'usage' });
  });

  it('writes heuristic_issues.jsonl under the root, or --out-dir', async () => {
    const root = tempTree({ 'a.c': TMPNAM });
    const r = await scanPath(root);
    expect(r.artifact).toBe(join(root, '.jarvis/sec/heuristic_issues.jsonl'));
    const rows = readJsonl<Finding>(r.artifact ?? '');
    expect(rows.map((f) => f.id)).toEqual(r.findings.map((f) => f.id));
    expect(rows[0]).toMatchObject({ file: 'a.c', language: 'c', rule: 'c.hygiene.insecure-temp-file' });
    // The artifact directory itself is never scanned.
    expect((await scanPath(root)).scannedFiles).toBe(1);
    const out = join(root, 'elsewhere');
    await scanPath(root, { outDir: out });
    expect(existsSync(join(out, 'heuristic_issues.jsonl'))).toBe(true);
  });

  it('gives the same findings on worker threads as in one thread', async () => {
    const files: Record<string, string> = {};
    for (let d = 0; d < 4; d++) {
      files[`d${d}/a.c`] = `${TMPNAM}void g${d}(char *s) { strtok(s, ","); }\n`;
      files[`d${d}/m.rs`] = 'pub fn f(p: *const u8) -> u8 { unsafe { *p } }\n';
    }
    const root = tempTree(files);
    const single = await scanPath(root, { jobs: 1, writeArtifacts: false });
    const progress: number[] = [];
    const pooled = await scanPath(root, { jobs: 2, forceWorkers: true, writeArtifacts: false, onProgress: (d) => progress.push(d) });
    expect(pooled.findings).toEqual(single.findings);
    expect(single.findings.length).toBeGreaterThan(8);
    expect(progress.at(-1)).toBe(8);
  });
});
