import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { LineInput } from './line-input.js';

function pipe(): { input: PassThrough; output: PassThrough; lines: LineInput; shown: () => string } {
  const input = new PassThrough();
  const output = new PassThrough();
  let shown = '';
  output.on('data', (d: Buffer) => (shown += d.toString()));
  return { input, output, lines: new LineInput({ input, output }), shown: () => shown };
}

describe('LineInput from a pipe', () => {
  it('joins lines ending in a backslash into one answer and shows the continuation prompt', async () => {
    const p = pipe();
    p.input.write('first \\\nsecond\\\nthird\nnext\n');
    expect(await p.lines.multiline('> ')).toEqual({ kind: 'line', text: 'first \nsecond\nthird' });
    expect(await p.lines.question('? ')).toEqual({ kind: 'line', text: 'next' });
    expect(p.shown()).toBe('> ... ... ? ');
  });

  it('keeps lines that arrive before they are asked for, and reports end of input', async () => {
    const p = pipe();
    const first = p.lines.question('a ');
    p.input.write('one\ntwo\n');
    p.input.end();
    expect(await first).toEqual({ kind: 'line', text: 'one' });
    expect(await p.lines.question('b ')).toEqual({ kind: 'line', text: 'two' });
    expect(await p.lines.question('c ')).toEqual({ kind: 'eof' });
  });

  it('ends an open question as interrupted', async () => {
    const p = pipe();
    const q = p.lines.multiline('> ');
    p.lines.interruptQuestion();
    expect(await q).toEqual({ kind: 'interrupt' });
    expect(p.lines.asking).toBe(false);
  });

  it('gives back a half-typed continued text at end of input', async () => {
    const p = pipe();
    p.input.end('unfinished \\\n');
    expect(await p.lines.multiline('> ')).toEqual({ kind: 'line', text: 'unfinished ' });
  });
});
