import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { diffProject, fixture } from './differential.js';

describe('jc2r transpile: control flow', () => {
  it('runs switches with fall-through, case labels inside loops, goto and nested break/continue like the C', async () => {
    const p = await diffProject(fixture('control'));
    expect(p.outcome.report.kept_in_c).toEqual([]);
    await p.same('switches');
    await p.same('jumps');
    const e = await p.same('exprs', { stdin: 'first line\nsecond\nlast' });
    expect(e.stdout).toContain('2 22 116');
    // Case labels inside a loop (Duff's device, a resumable state machine) need the graph translation.
    expect(p.outcome.report.functions.goto_structured).toBeGreaterThanOrEqual(3);
    const sw = readFileSync(join(p.crate, 'src/bin/switches.rs'), 'utf8');
    expect(sw).not.toMatch(/\bgoto\b/);
    expect(sw).toMatch(/match /);
  });
});
