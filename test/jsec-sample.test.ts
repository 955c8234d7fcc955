import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { scanPath } from '../src/apps/sec/scan.js';

const SAMPLE = join(import.meta.dirname, '..', 'samples', 'vulnerable');

describe('samples/vulnerable (the README\'s first command)', () => {
  it('flags every planted flaw and nothing in the fixed twins', async () => {
    const r = await scanPath(SAMPLE, { writeArtifacts: false });
    const files = new Set(r.findings.map((f) => f.file));
    expect([...files].sort()).toEqual(['c/session.c', 'rust/src/lib.rs']);
    const c = r.findings.filter((f) => f.file === 'c/session.c');
    expect(new Set(c.map((f) => f.category))).toEqual(
      new Set([
        'buffer_overflow', 'format_string', 'command_injection', 'use_after_free', 'crypto', 'concurrency',
        'insecure_tempfile', 'insecure_permissions', 'error_handling',
      ]),
    );
    const rust = r.findings.filter((f) => f.file === 'rust/src/lib.rs').map((f) => f.rule);
    expect(new Set(rust)).toEqual(new Set(['rust.raw-pointer', 'rust.unsafe-block', 'rust.transmute', 'rust.unwrap', 'rust.unsafe-send-sync']));
    expect(r.skipped).toEqual([]);
  });
});
