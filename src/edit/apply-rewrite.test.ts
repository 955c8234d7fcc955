import { mkdirSync, mkdtempSync, readFileSync, readdirSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { applyRewrite } from './apply-rewrite.js';
import { formatRewriteReport } from './format-report.js';
import { applyPatch as applyUnified, createTwoFilesPatch } from 'diff';
import fc from 'fast-check';
import { unifiedDiff } from './unified-diff.js';

let base: string;
let root: string;

beforeEach(() => {
  base = realpathSync(mkdtempSync(join(tmpdir(), 'jarvis-rewrite-')));
  root = join(base, 'repo');
  mkdirSync(root);
});
afterEach(() => rmSync(base, { recursive: true, force: true }));

describe('applyRewrite', () => {
  it('creates a file and its directories', () => {
    const r = applyRewrite({ root, file: 'src/bin/tool.rs', content: 'fn main() {}\n' });
    expect(r).toMatchObject({ outcome: 'applied', created: true, changed: true, bytes: 13 });
    expect(readFileSync(join(root, 'src/bin/tool.rs'), 'utf8')).toBe('fn main() {}\n');
    expect(formatRewriteReport(r)).toBe('✅ REWRITE src/bin/tool.rs: created, 13 bytes.');
  });

  it('replaces an existing file keeping its CRLF endings and BOM', () => {
    writeFileSync(join(root, 'w.c'), '\uFEFFold\r\nlines\r\n');
    const r = applyRewrite({ root, file: 'w.c', content: 'new\ncontent\n' });
    expect(r.outcome).toBe('applied');
    expect(readFileSync(join(root, 'w.c'), 'utf8')).toBe('\uFEFFnew\r\ncontent\r\n');
    expect(r.unified).toContain('-old\n-lines\n+new\n+content');
  });

  it('refuses a path outside the root, through a symlink too', () => {
    mkdirSync(join(base, 'out'));
    symlinkSync(join(base, 'out'), join(root, 'out'));
    expect(applyRewrite({ root, file: '../escape.c', content: 'x' }).error?.code).toBe('outside_root');
    expect(applyRewrite({ root, file: 'out/escape.c', content: 'x' }).error?.code).toBe('outside_root');
    expect(readdirSync(base).sort()).toEqual(['out', 'repo']);
    expect(readdirSync(join(base, 'out'))).toEqual([]);
  });

  it('refuses to replace a binary file', () => {
    const bin = Buffer.from([0, 1, 2, 3]);
    writeFileSync(join(root, 'b.bin'), bin);
    expect(applyRewrite({ root, file: 'b.bin', content: 'text' }).error?.code).toBe('binary');
    expect(readFileSync(join(root, 'b.bin')).equals(bin)).toBe(true);
  });

  it('reports unchanged content and writes nothing on a dry run', () => {
    writeFileSync(join(root, 'same.c'), 'same\n');
    expect(applyRewrite({ root, file: 'same.c', content: 'same\n' })).toMatchObject({ outcome: 'applied', changed: false, unified: '' });
    const dry = applyRewrite({ root, file: 'same.c', content: 'other\n', dryRun: true });
    expect(dry).toMatchObject({ outcome: 'applied', changed: true });
    expect(readFileSync(join(root, 'same.c'), 'utf8')).toBe('same\n');
    expect(applyRewrite({ root, file: 'fresh/x.c', content: 'x\n', dryRun: true }).created).toBe(true);
    expect(readdirSync(root)).toEqual(['same.c']);
  });
});

describe('unifiedDiff', () => {
  it('gives a git-style diff with three lines of context and nothing for equal texts', () => {
    const before = 'a\nb\nc\nd\ne\nf\ng\n';
    const after = 'a\nb\nc\nD\ne\nf\ng\n';
    expect(unifiedDiff('src/x.c', before, after)).toBe('--- a/src/x.c\n+++ b/src/x.c\n@@ -1,7 +1,7 @@\n a\n b\n c\n-d\n+D\n e\n f\n g\n');
    expect(unifiedDiff('src/x.c', before, before)).toBe('');
  });
});

describe('unifiedDiff on a large file', () => {
  it.each([
    ['two edits far apart', (ls: string[]) => ls.map((l, i) => (i === 49 || i === 180 ? `${l} // changed` : l))],
    ['insertion near the end', (ls: string[]) => [...ls.slice(0, 197), 'new line', ...ls.slice(197)]],
    ['deletion at the start', (ls: string[]) => ls.slice(2)],
    ['last line without a final newline changed', (ls: string[]) => [...ls.slice(0, -1), 'tail']],
  ])('gives the same hunks as diffing the whole file: %s', (_name, edit) => {
    const lines = Array.from({ length: 200 }, (_, i) => `line ${i + 1}`);
    const before = `${lines.join('\n')}\n`;
    const after = `${edit(lines).join('\n')}\n`;
    const full = createTwoFilesPatch('a/big.txt', 'b/big.txt', before, after, undefined, undefined, { context: 3 }).replace(/^=+\n/, '');
    expect(unifiedDiff('big.txt', before, after)).toBe(full);
    expect(unifiedDiff('big.txt', before, after.slice(0, -1))).toBe(
      createTwoFilesPatch('a/big.txt', 'b/big.txt', before, after.slice(0, -1), undefined, undefined, { context: 3 }).replace(/^=+\n/, ''),
    );
  });
});

describe('unifiedDiff line numbers', () => {
  it('always gives a patch that turns before into after', () => {
    const line = fc.constantFrom('', 'a', 'b', 'c', '\t{', '}');
    fc.assert(
      fc.property(fc.array(line, { maxLength: 30 }), fc.array(line, { maxLength: 30 }), fc.boolean(), (x, y, finalNewline) => {
        const before = x.join('\n') + (finalNewline ? '\n' : '');
        const after = y.join('\n') + '\n';
        const patch = unifiedDiff('f.txt', before, after);
        expect(before === after ? patch === '' : applyUnified(before, patch)).toBe(before === after ? true : after);
      }),
      { numRuns: 300, seed: 7 },
    );
  });
});
