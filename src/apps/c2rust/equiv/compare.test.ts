import { describe, expect, it } from 'vitest';
import { compareRuns } from './compare.js';
import type { RunOutcome } from './sandbox.js';

const run = (stdout: string, code = 0): RunOutcome => ({
  stdout: Buffer.from(stdout),
  stderr: Buffer.alloc(0),
  status: { code, signal: null, timedOut: false },
  written: new Map(),
  workDir: '/nonexistent',
  truncated: { stdout: false, stderr: false },
  ms: 1,
});

describe('compareRuns', () => {
  it('compares byte for byte when the C output does not vary', () => {
    const r = compareRuns(run('a\nb 12\n'), run('a\nb 13\n'), run('a\nb 12\n'));
    expect(r.differences[0]).toMatchObject({ kind: 'stdout', offset: 5, line: 2, column: 4, c: 'b 12', rust: 'b 13' });
  });

  it('accepts another number where two C runs printed different numbers, and nothing else', () => {
    const c1 = 'took 120 us at 0x55d0c0\nresult 42\n';
    const c2 = 'took 98 us at 0x5613a0\nresult 42\n';
    const same = compareRuns(run(c1), run('took 7 us at 0x7ffe10\nresult 42\n'), run(c2));
    expect(same.differences).toEqual([]);
    expect(same.notes).toEqual(['stdout: 1 line(s) differ between two C runs; compared by shape there']);
    // A stable line stays exact, and a varying line still needs its words.
    expect(compareRuns(run(c1), run('took 7 us at 0x7ffe10\nresult 43\n'), run(c2)).differences[0]).toMatchObject({ line: 2, c: 'result 42', rust: 'result 43' });
    expect(compareRuns(run(c1), run('took 7 ms at 0x7ffe10\nresult 42\n'), run(c2)).differences[0]).toMatchObject({ line: 1, message: 'stdout differs on line 1 (beyond what varies between two C runs)' });
  });

  it('places a difference at byte 0 on line 1, column 1, even when the output has newlines further on', () => {
    const r = compareRuns(run('BZh91AY\nmore\n'), run(''));
    expect(r.differences[0]).toMatchObject({ offset: 0, line: 1, column: 1, c: 'BZh91AY', rust: '(ends after 0 bytes)', message: 'stdout: Rust stops at byte 0 (line 1); C writes 13 more' });
  });

  it('says when one side is a prefix of the other, and reports a signal against an exit', () => {
    const r = compareRuns(run('abc\n'), { ...run('ab'), status: { code: 139, signal: 'SIGSEGV', timedOut: false } });
    expect(r.differences.map((d) => d.message)).toEqual(['stdout: Rust stops at byte 2 (line 1); C writes 2 more', 'exit status differs: C exit 0, Rust killed by SIGSEGV (shell status 139)']);
  });
});
