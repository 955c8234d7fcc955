import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { BudgetExhausted, type Cargo } from '../optimize/cargo.js';
import { modulePath } from '../optimize/crate.js';
import { deterministicFixes, insertUse } from './fixes.js';
import { findFunction, isBinFile } from './rust-items.js';

/**
 * The crate's layout follows the plan: a converted function whose planned module (`target` of
 * `crate_plan.json`, from `jc2r prepare`) is not the file it was written in moves there once it
 * passed its checks. Deterministic, no model: the function's text (attributes and docs included)
 * goes to the end of `src/<module>.rs` (created and declared in `src/lib.rs` when missing,
 * prepare's `pub use` of it dropped), the old place keeps `pub use crate::<module>::<name>;` so
 * every caller, wrapper and test still resolves, and the old file's imports come along. The
 * crate must then pass `cargo check` (with the deterministic fixes: imports of the old module's
 * items, privacy) and `cargo test`; otherwise every file is put back and the function stays
 * where it was, with the reason.
 */

export interface Relocation {
  crateDir: string;
  libName: string;
  name: string;
  /** where the function is now, relative to the crate */
  file: string;
  /** the planned module (a top-level module of the library) */
  module: string;
  cargo: Cargo;
  fixRounds: number;
}

export type RelocationResult = { moved: true; file: string; fixes: string[] } | { moved: false; reason?: string };

const IDENT = /^[a-z_][a-z0-9_]*$/;

/** Top-level `use` lines of a file (not `pub use`, one line each): the moved function may need them. */
function plainUses(text: string): string[] {
  return text.split('\n').filter((l) => /^use\s[^;]*;\s*$/.test(l)).map((l) => `#[allow(unused_imports)] ${l.trim()}`);
}

export async function relocate(r: Relocation): Promise<RelocationResult> {
  const current = modulePath(r.file).join('::');
  if (current === r.module || !IDENT.test(r.module) || isBinFile(r.file) || r.file === 'src/lib.rs') return { moved: false };
  const item = await findFunction(r.crateDir, r.file, r.name);
  if (!item) return { moved: false, reason: `\`${r.name}\` not found in ${r.file}` };
  const to = `src/${r.module}.rs`;
  const touched = [r.file, to, 'src/lib.rs'];
  const saved = new Map(touched.map((f) => [f, existsSync(join(r.crateDir, f)) ? readFileSync(join(r.crateDir, f), 'utf8') : null]));
  const restore = () => {
    for (const [f, text] of saved) {
      if (text === null) rmSync(join(r.crateDir, f), { force: true });
      else writeFileSync(join(r.crateDir, f), text);
    }
  };
  const from = saved.get(r.file) as string;
  // the function's text, made `pub` (callers in its old module reach it through the re-export)
  const head = from.slice(item.headStart, item.start);
  const body = from.slice(item.start, item.end);
  const fnText = head + (item.vis === '' ? `pub ${body}` : body.replace(/^pub\s*\([^)]*\)\s*/, 'pub '));
  writeFileSync(join(r.crateDir, r.file), `${from.slice(0, item.headStart)}pub use crate::${r.module}::${r.name};${from.slice(item.end)}`);

  let target = saved.get(to) ?? `//! module ${r.module}\n`;
  // prepare's re-export of the function (or of its wrapper's old name) would clash with the definition
  target = target.replace(new RegExp(`^\\s*pub use [\\w:]+::${r.name};[ \\t]*\\n?`, 'gm'), '');
  for (const u of plainUses(from)) target = insertUse(target, u);
  writeFileSync(join(r.crateDir, to), `${target.replace(/\n*$/, '\n')}\n${fnText}\n`);
  const lib = saved.get('src/lib.rs') ?? '';
  if (!new RegExp(`^\\s*(pub(\\([^)]*\\))?\\s+)?mod\\s+${r.module}\\s*;`, 'm').test(lib)) writeFileSync(join(r.crateDir, 'src/lib.rs'), `${lib.replace(/\n*$/, '\n')}pub mod ${r.module};\n`);

  const fixes: string[] = [];
  try {
    let check = await r.cargo.check();
    for (let i = 0; !check.ok && i < r.fixRounds; i++) {
      const f = await deterministicFixes(r.crateDir, check.errors, r.libName);
      if (f.length === 0) break;
      fixes.push(...f);
      check = await r.cargo.check();
    }
    if (!check.ok) {
      const e = check.errors[0];
      restore();
      return { moved: false, reason: `moving it to crate::${r.module} does not build (${e ? `${e.code ?? 'error'}: ${e.message}` : 'cargo check failed'}): it stays in ${r.file}` };
    }
    const test = await r.cargo.test();
    if (!test.ok) {
      restore();
      return { moved: false, reason: `moving it to crate::${r.module} fails cargo test: it stays in ${r.file}` };
    }
  } catch (e) {
    restore();
    if (e instanceof BudgetExhausted) return { moved: false, reason: `no cargo run left to check the move to crate::${r.module}: it stays in ${r.file}` };
    throw e;
  }
  return { moved: true, file: to, fixes };
}
