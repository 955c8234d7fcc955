import { describe, expect, it } from 'vitest';
import { diffProject, fixture } from './differential.js';

describe('jc2r transpile: functions, pointers to them, globals, main', () => {
  it('passes callbacks, reads globals that point at globals, and exits with the same status', async () => {
    const p = await diffProject(fixture('funcs'));
    expect(p.outcome.report.kept_in_c).toEqual([]);
    const r = await p.same('callbacks', { args: ['x', 'y'] });
    expect(r.code).toBe(4);
    const f = await p.same('callbacks', { args: ['fail'] });
    expect(f.code).toBe(3);
    expect(f.stderr).toBe('failing as asked\n');
  });
});
