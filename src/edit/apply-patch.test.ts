import { chmodSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, realpathSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { applyPatch } from './apply-patch.js';
import { formatPatchReport } from './format-report.js';
import type { DiffSpec } from './types.js';

let base: string;
let root: string;
let outside: string;

beforeEach(() => {
  base = realpathSync(mkdtempSync(join(tmpdir(), 'jarvis-edit-')));
  root = join(base, 'repo');
  outside = join(base, 'outside');
  mkdirSync(root);
  mkdirSync(outside);
});
afterEach(() => rmSync(base, { recursive: true, force: true }));

const swap = (search: string, replace: string): DiffSpec[] => [{ kind: 'search', search, replace }];

describe('applyPatch file rules', () => {
  it('applies a unique SEARCH and reports how and where', () => {
    writeFileSync(join(root, 'a.c'), 'int a;\nint b;\n');
    const r = applyPatch({ root, file: 'a.c', diffs: swap('int b;', 'long b;') });
    expect(r.outcome).toBe('applied');
    expect(r.diffs).toEqual([{ index: 0, status: 'matched', how: 'exact', line: 2, endLine: 2 }]);
    expect(readFileSync(join(root, 'a.c'), 'utf8')).toBe('int a;\nlong b;\n');
    expect(r.unified).toContain('-int b;\n+long b;');
    expect(formatPatchReport(r)).toMatch(/^✅ PATCH a.c: 1\/1 DIFF applied/);
  });

  it('leaves the file byte-identical (and its mtime) when one DIFF fails, and says why', () => {
    const p = join(root, 'a.c');
    writeFileSync(p, 'x();\ny();\n');
    const before = statSync(p).mtimeMs;
    const diffs: DiffSpec[] = [...swap('x();', 'X();'), ...swap('nope();', 'z();')];
    const r = applyPatch({ root, file: 'a.c', diffs });
    expect(r.outcome).toBe('refused');
    expect(readFileSync(p, 'utf8')).toBe('x();\ny();\n');
    expect(statSync(p).mtimeMs).toBe(before);
    const text = formatPatchReport(r, diffs);
    expect(text).toContain('❌ PATCH a.c: 1 of 2 DIFFs failed; the file was not changed.');
    expect(text).toContain('DIFF 2: SEARCH not found');
    expect(text).toContain('    nope();');
  });

  it('leaves no temporary files next to the edited file', () => {
    writeFileSync(join(root, 'a.c'), 'a\n');
    applyPatch({ root, file: 'a.c', diffs: swap('a', 'b') });
    expect(readdirSync(root)).toEqual(['a.c']);
  });

  it('keeps the file mode', () => {
    const p = join(root, 'run.sh');
    writeFileSync(p, '#!/bin/sh\necho a\n');
    chmodSync(p, 0o755);
    applyPatch({ root, file: 'run.sh', diffs: swap('echo a', 'echo b') });
    expect(statSync(p).mode & 0o777).toBe(0o755);
  });

  it('refuses a path that climbs out of the root', () => {
    writeFileSync(join(outside, 'secret.c'), 'int s;\n');
    const r = applyPatch({ root, file: '../outside/secret.c', diffs: swap('int s;', 'int t;') });
    expect(r.outcome).toBe('refused');
    expect(r.error?.code).toBe('outside_root');
    expect(r.diffs[0]).toMatchObject({ status: 'refused', reason: { code: 'file_refused' } });
    expect(readFileSync(join(outside, 'secret.c'), 'utf8')).toBe('int s;\n');
  });

  it('refuses an absolute path outside the root but accepts one inside', () => {
    writeFileSync(join(outside, 'o.c'), 'o\n');
    writeFileSync(join(root, 'i.c'), 'i\n');
    expect(applyPatch({ root, file: join(outside, 'o.c'), diffs: swap('o', 'p') }).error?.code).toBe('outside_root');
    expect(applyPatch({ root, file: join(root, 'i.c'), diffs: swap('i', 'j') }).outcome).toBe('applied');
    expect(readFileSync(join(root, 'i.c'), 'utf8')).toBe('j\n');
  });

  it('refuses a symlinked file that points outside the root', () => {
    writeFileSync(join(outside, 'target.c'), 'int s;\n');
    symlinkSync(join(outside, 'target.c'), join(root, 'link.c'));
    const r = applyPatch({ root, file: 'link.c', diffs: swap('int s;', 'int t;') });
    expect(r.error?.code).toBe('outside_root');
    expect(r.error?.message).toContain('symbolic link');
    expect(readFileSync(join(outside, 'target.c'), 'utf8')).toBe('int s;\n');
  });

  it('refuses a new file under a symlinked directory that points outside', () => {
    symlinkSync(outside, join(root, 'vendor'));
    const r = applyPatch({ root, file: 'vendor/new.c', diffs: swap('', 'int n;\n') });
    expect(r.error?.code).toBe('outside_root');
    expect(readdirSync(outside)).toEqual([]);
  });

  it('edits the target of a symlink that stays inside the root, keeping the link', () => {
    mkdirSync(join(root, 'src'));
    writeFileSync(join(root, 'src', 'real.c'), 'int r;\n');
    symlinkSync('src/real.c', join(root, 'alias.c'));
    const r = applyPatch({ root, file: 'alias.c', diffs: swap('int r;', 'int q;') });
    expect(r.outcome).toBe('applied');
    expect(r.path).toBe(join(root, 'src', 'real.c'));
    expect(readFileSync(join(root, 'src', 'real.c'), 'utf8')).toBe('int q;\n');
  });

  it('edits outside the root when allowed', () => {
    writeFileSync(join(outside, 'o.c'), 'o\n');
    const r = applyPatch({ root, file: '../outside/o.c', diffs: swap('o', 'p'), allowOutsideRoot: true });
    expect(r.outcome).toBe('applied');
    expect(readFileSync(join(outside, 'o.c'), 'utf8')).toBe('p\n');
  });

  it('refuses a binary file and leaves it untouched', () => {
    const bytes = Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0, 1, 2, 0x61, 0x0a]);
    writeFileSync(join(root, 'prog'), bytes);
    const r = applyPatch({ root, file: 'prog', diffs: swap('a', 'b') });
    expect(r.error?.code).toBe('binary');
    expect(readFileSync(join(root, 'prog')).equals(bytes)).toBe(true);
  });

  it('refuses a file that is not UTF-8 rather than corrupting it', () => {
    const latin1 = Buffer.from('caf\xe9 = 1;\n', 'latin1');
    writeFileSync(join(root, 'l.c'), latin1);
    const r = applyPatch({ root, file: 'l.c', diffs: swap('= 1', '= 2') });
    expect(r.error?.code).toBe('encoding');
    expect(readFileSync(join(root, 'l.c')).equals(latin1)).toBe(true);
  });

  it('edits a UTF-16LE file with BOM and CRLF and writes it back in the same encoding', () => {
    const enc = (s: string): Buffer => Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(s, 'utf16le')]);
    writeFileSync(join(root, 'w.rc'), enc('A = 1\r\nB = 2\r\n'));
    const r = applyPatch({ root, file: 'w.rc', diffs: swap('B = 2\n', 'B = 3\nC = 4\n') });
    expect(r.outcome).toBe('applied');
    expect(readFileSync(join(root, 'w.rc')).equals(enc('A = 1\r\nB = 3\r\nC = 4\r\n'))).toBe(true);
  });

  it('refuses a directory', () => {
    mkdirSync(join(root, 'dir'));
    expect(applyPatch({ root, file: 'dir', diffs: swap('a', 'b') }).error?.code).toBe('not_a_file');
  });

  it('creates a missing file, and its directories, from an empty SEARCH', () => {
    const r = applyPatch({ root, file: 'new/deep/m.rs', diffs: swap('', 'fn m() {}\n') });
    expect(r).toMatchObject({ outcome: 'applied', created: true });
    expect(readFileSync(join(root, 'new/deep/m.rs'), 'utf8')).toBe('fn m() {}\n');
    expect(r.unified).toContain('--- /dev/null');
  });

  it('writes nothing on a dry run but reports the outcome and the diff', () => {
    writeFileSync(join(root, 'a.c'), 'a\n');
    const r = applyPatch({ root, file: 'a.c', diffs: swap('a', 'b'), dryRun: true });
    expect(r).toMatchObject({ outcome: 'applied', changed: true });
    expect(r.unified).toContain('+b');
    expect(readFileSync(join(root, 'a.c'), 'utf8')).toBe('a\n');
  });

  it('hints that DIFFs were chained when a SEARCH only exists in an earlier REPLACE', () => {
    writeFileSync(join(root, 'a.c'), 'one\n');
    const r = applyPatch({ root, file: 'a.c', diffs: [...swap('one', 'one\ntwo'), ...swap('two', '2')] });
    const second = r.diffs[1];
    expect(second?.status === 'refused' && second.reason.message).toContain('REPLACE of DIFF 1');
  });

  it('lists the candidate lines of an ambiguous SEARCH', () => {
    writeFileSync(join(root, 'a.c'), 'x\ny\nx\n');
    const r = applyPatch({ root, file: 'a.c', diffs: swap('x', 'z') });
    expect(r.diffs[0]).toMatchObject({ status: 'refused', reason: { code: 'ambiguous', candidates: [1, 3] } });
    expect(formatPatchReport(r)).toContain('matches 2 places (lines 1, 3)');
  });
});
