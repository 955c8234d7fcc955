import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempTree } from '../../test/support/temp-tree.js';
import { MAX_LINE_CHARS, truncateOutput } from './truncate.js';

const numbered = (n: number) => Array.from({ length: n }, (_, i) => `line ${i + 1}`).join('\n') + '\n';

describe('truncateOutput (the 60-line rule)', () => {
  it('leaves 60 lines alone and saves nothing', () => {
    const root = tempTree();
    const text = numbered(60);
    const t = truncateOutput(text, { root, runDir: join(root, 'run'), label: 'stdout' });
    expect(t).toEqual({ text, truncated: false, totalLines: 60 });
    expect(existsSync(join(root, 'run'))).toBe(false);
  });

  it('keeps the first and last 30 of 61+ lines and saves the whole text where it says', () => {
    const root = tempTree();
    const text = numbered(100);
    const t = truncateOutput(text, { root, runDir: join(root, '.jarvis/runs/r1'), label: 'stdout' });
    const lines = t.text.split('\n');
    expect(lines).toHaveLength(61);
    expect(lines.slice(0, 30)).toEqual(Array.from({ length: 30 }, (_, i) => `line ${i + 1}`));
    expect(lines.slice(31)).toEqual(Array.from({ length: 30 }, (_, i) => `line ${i + 71}`));
    expect(lines[30]).toContain('40 lines omitted');
    expect(lines[30]).toContain(`saved in ${t.shownPath}`);
    expect(t.shownPath).toMatch(/^\.jarvis\/runs\/r1\/outputs\/stdout-.*\.txt$/);
    expect(readFileSync(join(root, t.shownPath as string), 'utf8')).toBe(text);
  });

  it('gives an absolute path when the run directory is outside the root', () => {
    const root = tempTree();
    const elsewhere = tempTree();
    const t = truncateOutput(numbered(61), { root, runDir: elsewhere, label: 'x' });
    expect(t.shownPath).toBe(t.savedPath);
    expect(t.savedPath?.startsWith(elsewhere)).toBe(true);
  });

  it('cuts an over-long line and saves the full text even under 60 lines', () => {
    const root = tempTree();
    const long = 'x'.repeat(MAX_LINE_CHARS + 500);
    const t = truncateOutput(`short\n${long}\n`, { root, runDir: join(root, 'run'), label: 'stdout' });
    expect(t.truncated).toBe(true);
    expect(t.text).toContain('[… 500 more characters]');
    expect(t.text).not.toContain(long);
    expect(readFileSync(t.savedPath as string, 'utf8')).toBe(`short\n${long}\n`);
  });
});
