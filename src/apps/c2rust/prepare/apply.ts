import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { JarvisError, writeFileAtomicSync } from '../../../util/index.js';
import { Cargo, type Exec } from '../optimize/cargo.js';
import { crateModuleFile, type CratePlan, type PlanFacts } from './plan.js';

/**
 * Applying a plan to the deterministic crate: each planned module that does not exist yet
 * becomes `src/<name>.rs`, declared in `src/lib.rs`, with its purpose as its `//!` docs and a
 * `pub use` of each function it is to hold from where the deterministic translation put it, so
 * the planned paths work at once. The functions themselves move when the model-driven
 * transpile rewrites them. A plan that re-exports a file-private (`static`) helper, or two
 * functions of one name, does not build: those errors go back to the planner.
 */
export function applyPlan(crateDir: string, plan: CratePlan, facts?: Pick<PlanFacts, 'rustPath'>): string[] {
  const libPath = join(crateDir, 'src', 'lib.rs');
  if (!existsSync(libPath)) throw new JarvisError('usage', `${crateDir} has no src/lib.rs: not a crate jc2r transpile wrote`, { hint: 'run `jc2r transpile` first' });
  let lib = readFileSync(libPath, 'utf8');
  const created: string[] = [];
  for (const m of plan.modules) {
    const file = crateModuleFile(crateDir, m.name);
    if (!existsSync(file)) {
      const uses = m.functions.map((fn) => facts?.rustPath.get(fn)).filter((p): p is string => p !== undefined && !p.startsWith(`crate::${m.name}::`));
      const fns = m.functions.length > 0 ? `//!\n//! Planned home of: ${m.functions.join(', ')} (re-exported from the deterministic translation until they are rewritten here).\n` : '';
      writeFileAtomicSync(file, `//! ${m.purpose || `module ${m.name}`}\n${fns}${uses.length > 0 ? '\n' : ''}${uses.map((u) => `pub use ${u};\n`).join('')}`);
      created.push(file);
    }
    if (!new RegExp(`^\\s*(pub(\\([^)]*\\))?\\s+)?mod\\s+${m.name}\\s*;`, 'm').test(lib)) lib = `${lib.replace(/\n*$/, '\n')}pub mod ${m.name};\n`;
  }
  writeFileAtomicSync(libPath, lib);
  return created;
}

export interface BuildCheck {
  ok: boolean;
  /** the errors as the model reads them: code, file:line, message */
  errors: string[];
}

/** `cargo check` of the crate; errors by code and span. */
export async function checkCrate(crateDir: string, exec?: Exec, env?: NodeJS.ProcessEnv): Promise<BuildCheck> {
  const cargo = new Cargo({ crateDir, ...(exec ? { exec } : {}), ...(env ? { env } : {}) });
  const r = await cargo.check();
  if (r.ok) return { ok: true, errors: [] };
  const errors = r.errors.map((d) => {
    const s = d.spans[0];
    return `${d.code ? `error[${d.code}]` : 'error'}${s ? ` at ${s.file}:${s.lineStart}` : ''}: ${d.message}`;
  });
  return { ok: false, errors: errors.length > 0 ? errors.slice(0, 20) : [r.stderrTail.trim() || 'cargo check failed without a diagnostic'] };
}
