import { afterEach, describe, expect, it, vi } from 'vitest';
import { createSpinner } from './spinner.js';

function stream(isTTY: boolean): NodeJS.WritableStream & { out: string } {
  const s = {
    isTTY,
    out: '',
    write(chunk: string) {
      s.out += chunk;
      return true;
    },
  };
  return s as unknown as NodeJS.WritableStream & { out: string };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('spinner', () => {
  it('animates on a terminal with elapsed seconds and erases its line on stop', () => {
    vi.useFakeTimers();
    const s = stream(true);
    const sp = createSpinner(s, { now: () => Date.now() });
    sp.start('Jarvis is thinking…');
    expect(sp.active).toBe(true);
    vi.advanceTimersByTime(2100);
    expect(s.out).toContain('⠋ Jarvis is thinking…');
    expect(s.out).toContain('Jarvis is thinking… 2s');
    // 1 first frame + 21 ticks
    expect(s.out.split('\r\x1b[2K').length - 1).toBe(22);
    sp.stop();
    expect(sp.active).toBe(false);
    expect(s.out.endsWith('\r\x1b[2K')).toBe(true);
    const before = s.out;
    vi.advanceTimersByTime(1000);
    expect(s.out).toBe(before);
  });

  it('writes nothing when the stream is not a terminal', () => {
    vi.useFakeTimers();
    const s = stream(false);
    const sp = createSpinner(s);
    sp.start('waiting');
    vi.advanceTimersByTime(1000);
    sp.stop();
    expect(sp.active).toBe(false);
    expect(s.out).toBe('');
  });
});
