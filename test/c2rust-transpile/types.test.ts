import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { diffProject, fixture } from './differential.js';

describe('jc2r transpile: records, bitfields, enums and typedefs', () => {
  it('keeps C layouts and values: initialisers, unions, bitfields, sizeof and offsetof', async () => {
    const p = await diffProject(fixture('types'));
    expect(p.outcome.report.kept_in_c).toEqual([]);
    await p.same('records');
    await p.same('bits');
    await p.same('edge');
    const types = readFileSync(join(p.crate, 'src/types.rs'), 'utf8');
    // One definition per type, used by every module.
    expect(types.match(/pub struct Point \{/g)).toHaveLength(1);
    expect(types).toMatch(/pub const fn set_mode\(&mut self, value: c_uint\)/);
    expect(types).toMatch(/pub const GREEN: color = 5;/);
  });
});
