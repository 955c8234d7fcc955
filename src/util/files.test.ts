import { mkdtempSync, readFileSync, writeFileSync, appendFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { appendJsonl, readJsonl, writeFileAtomicSync } from './files.js';

const tmp = () => mkdtempSync(join(tmpdir(), 'jarvis-files-'));

describe('JSONL', () => {
  it('reads back appended records in order', () => {
    const p = join(tmp(), 'a', 'log.jsonl');
    appendJsonl(p, { n: 1 });
    appendJsonl(p, { n: 2 });
    expect(readJsonl(p)).toEqual([{ n: 1 }, { n: 2 }]);
  });

  it('skips a torn last line left by a killed writer', () => {
    const p = join(tmp(), 'log.jsonl');
    appendJsonl(p, { n: 1 });
    appendFileSync(p, '{"n": 2, "tru');
    expect(readJsonl(p)).toEqual([{ n: 1 }]);
  });

  it('refuses a corrupt line in the middle, naming the line', () => {
    const p = join(tmp(), 'log.jsonl');
    writeFileSync(p, '{"n":1}\nnot json\n{"n":3}\n');
    expect(() => readJsonl(p)).toThrow(/log\.jsonl:2: not valid JSON/);
  });

  it('returns nothing for a missing file', () => {
    expect(readJsonl(join(tmp(), 'none.jsonl'))).toEqual([]);
  });
});

describe('writeFileAtomicSync', () => {
  it('creates parent directories and replaces the content whole', () => {
    const p = join(tmp(), 'x', 'y', 'f.txt');
    writeFileAtomicSync(p, 'one');
    writeFileAtomicSync(p, 'two');
    expect(readFileSync(p, 'utf8')).toBe('two');
  });
});
