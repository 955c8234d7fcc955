import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { deterministicFixes } from '../../src/apps/c2rust/model-transpile/fixes.js';
import { Cargo } from '../../src/apps/c2rust/optimize/cargo.js';
import { tempTree } from '../support/temp-tree.js';
import { targetDir } from './support.js';

const TARGET = targetDir('fixes');
afterAll(() => rmSync(TARGET, { recursive: true, force: true }));

const MANIFEST = '[package]\nname = "fixme"\nversion = "0.1.0"\nedition = "2021"\n\n[workspace]\n';

describe('deterministic fixes before the model', { timeout: 120_000 }, () => {
  it('adds the missing use, makes a private item pub and declares a module file, from rustc codes and spans, until the crate builds', async () => {
    const dir = tempTree({
      'Cargo.toml': MANIFEST,
      'src/lib.rs': '//! A crate with three mistakes.\n\npub mod a;\npub mod b;\n',
      'src/a.rs': 'pub fn helper() -> i32 {\n    2\n}\n\nfn secret() -> i32 {\n    3\n}\n',
      'src/b.rs': '//! Uses the others.\n\npub fn total() -> i32 {\n    helper() + crate::a::secret() + crate::c::extra()\n}\n',
      'src/c.rs': 'pub fn extra() -> i32 {\n    4\n}\n',
    });
    const cargo = new Cargo({ crateDir: dir, env: { CARGO_TARGET_DIR: TARGET } });
    let check = await cargo.check();
    expect(check.ok).toBe(false);
    const fixes: string[] = [];
    for (let round = 0; round < 3 && !check.ok; round++) {
      fixes.push(...(await deterministicFixes(dir, check.errors, 'fixme')));
      check = await cargo.check();
    }
    expect(check.ok, check.errors.map((e) => e.rendered).join('\n')).toBe(true);
    expect(fixes.sort()).toEqual([
      'src/a.rs: made `secret` pub (used from another module)',
      'src/b.rs: `use crate::a::helper;` for the unresolved name `helper`',
      'src/lib.rs: declared the module `c` (src/c.rs existed)',
    ]);
    expect(readFileSync(join(dir, 'src/b.rs'), 'utf8')).toBe('//! Uses the others.\nuse crate::a::helper;\n\npub fn total() -> i32 {\n    helper() + crate::a::secret() + crate::c::extra()\n}\n');
    expect(readFileSync(join(dir, 'src/a.rs'), 'utf8')).toContain('pub fn secret() -> i32 {');
    expect(readFileSync(join(dir, 'src/lib.rs'), 'utf8')).toBe('//! A crate with three mistakes.\n\npub mod a;\npub mod b;\npub mod c;\n');
  });

  it('leaves an ambiguous name to the model', async () => {
    const dir = tempTree({
      'Cargo.toml': MANIFEST,
      'src/lib.rs': 'pub mod a;\npub mod b;\npub mod c;\n',
      'src/a.rs': 'pub fn twin() -> i32 {\n    1\n}\n',
      'src/b.rs': 'pub fn twin() -> i32 {\n    2\n}\n',
      'src/c.rs': 'pub fn user() -> i32 {\n    twin()\n}\n',
    });
    const cargo = new Cargo({ crateDir: dir, env: { CARGO_TARGET_DIR: TARGET } });
    const check = await cargo.check();
    expect(check.errors.map((e) => e.code)).toEqual(['E0425']);
    expect(await deterministicFixes(dir, check.errors, 'fixme')).toEqual([]);
    expect(readFileSync(join(dir, 'src/c.rs'), 'utf8')).toBe('pub fn user() -> i32 {\n    twin()\n}\n');
  });
});
