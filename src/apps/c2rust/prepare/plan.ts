import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse as parseYaml } from 'yaml';
import type { ParsedAnswer } from '../../../agent/index.js';
import { readJsonl } from '../../../util/index.js';
import { artifactPath } from '../artifacts.js';

/**
 * The crate plan: which modules the library part has and which C functions each will hold,
 * and the programs. The deterministic translation's layout (one module per C file, one binary
 * per C file with `main`) is the default; a model may propose another, which is validated
 * before anything is written.
 */

export interface PlannedModule {
  /** a Rust module name under `src/` */
  name: string;
  purpose: string;
  /** C function names whose safe translation belongs here */
  functions: string[];
}

export interface CratePlan {
  source: 'deterministic' | 'model';
  modules: PlannedModule[];
  binaries: { name: string; c_file: string }[];
}

/** What the validator knows about the crate and the C program. */
export interface PlanFacts {
  /** every C function to place (name → its module in the deterministic crate) */
  functions: Map<string, string>;
  /** C name → its Rust path in the deterministic crate (`crate::wordstat::count_words`) */
  rustPath: Map<string, string>;
  /** caller → callees, by C name, project functions only */
  calls: Map<string, string[]>;
  /** the programs of the deterministic translation */
  binaries: { name: string; c_file: string }[];
}

interface MapRecord {
  kind: string;
  c_name: string;
  rust_name: string;
  rust_file: string;
}

/** `src/foo/bar.rs` → `foo::bar`; `src/bin/x.rs` → undefined (a program, not a module). */
export function moduleOfFile(rustFile: string): string | undefined {
  const m = /^src\/(.+)\.rs$/.exec(rustFile.replace(/\\/g, '/'));
  if (!m || m[1]?.startsWith('bin/') || m[1] === 'lib' || m[1] === 'main') return undefined;
  return (m[1] as string).replace(/\/mod$/, '').replace(/\//g, '::');
}

/** The facts from the deterministic translation's records and the order the transpile stages follow. */
export function planFacts(root: string, order: { items: { name: string; calls?: string[] }[] }[]): PlanFacts {
  const mapPath = artifactPath(root, 'symbolMap');
  const records = existsSync(mapPath) ? readJsonl<MapRecord>(mapPath) : [];
  const moduleOf = new Map<string, string>();
  const rustPath = new Map<string, string>();
  for (const r of records) {
    const mod = r.kind === 'function' ? moduleOfFile(r.rust_file) : undefined;
    if (mod && !moduleOf.has(r.c_name)) {
      moduleOf.set(r.c_name, mod);
      rustPath.set(r.c_name, r.rust_name);
    }
  }
  const functions = new Map<string, string>();
  const calls = new Map<string, string[]>();
  for (const step of order) {
    for (const it of step.items) {
      const mod = moduleOf.get(it.name);
      if (!mod) continue; // a program's main, or a function kept in C
      functions.set(it.name, mod);
      calls.set(it.name, it.calls ?? []);
    }
  }
  for (const [k, v] of calls) calls.set(k, v.filter((c) => functions.has(c) && c !== k));
  const reportPath = artifactPath(root, 'transpileReport');
  const binaries = existsSync(reportPath) ? ((JSON.parse(readFileSync(reportPath, 'utf8')) as { binaries?: { name: string; c_file: string }[] }).binaries ?? []) : [];
  return { functions, rustPath, calls, binaries };
}

/** The deterministic layout as a plan. */
export function defaultPlan(f: PlanFacts): CratePlan {
  const byModule = new Map<string, string[]>();
  for (const [fn, mod] of f.functions) byModule.set(mod, [...(byModule.get(mod) ?? []), fn]);
  return {
    source: 'deterministic',
    modules: [...byModule].map(([name, functions]) => ({ name, purpose: 'the translation of its C file', functions })),
    binaries: f.binaries,
  };
}

export const PLAN_TAG = 'CRATE_PLAN';

export const PLAN_USAGE = [
  `Answer with one <${PLAN_TAG}> block holding YAML:`,
  `<${PLAN_TAG}>`,
  'modules:',
  '  - name: text              # a snake_case module name (one level) under src/',
  '    purpose: counting words and hashing text',
  '    functions: [count_words, checksum]   # C function names whose Rust version goes here',
  `</${PLAN_TAG}>`,
  'Every listed C function goes to exactly one module; the programs (binaries) stay as they are.',
  'Modules must not depend on each other in a cycle: put functions that call each other both ways in one module.',
].join('\n');

const RUST_KEYWORDS = new Set(
  'as async await break const continue crate dyn else enum extern false fn for if impl in let loop match mod move mut pub ref return self Self static struct super trait true type unsafe use where while abstract become box do final macro override priv typeof unsized virtual yield try'.split(' '),
);
/** Modules the deterministic crate reserves for itself. */
const RESERVED = new Set(['types', 'ffi', 'lib', 'main', 'bin']);

/** A `<CRATE_PLAN>` body, checked against the program: what is wrong goes back to the model. */
export function parsePlan(body: string, f: PlanFacts): ParsedAnswer<CratePlan> {
  let raw: unknown;
  try {
    raw = parseYaml(body.replace(/^\s*```[a-z]*\s*\n?/i, '').replace(/\n?\s*```\s*$/, ''));
  } catch (e) {
    return { ok: false, reason: `not YAML (${(e as Error).message.split('\n')[0] ?? ''})` };
  }
  const mods = (raw as { modules?: unknown } | null)?.modules;
  if (!Array.isArray(mods) || mods.length === 0) return { ok: false, reason: 'modules: a non-empty list of {name, purpose, functions} is needed' };
  const modules: PlannedModule[] = [];
  const placed = new Map<string, string>();
  for (const m of mods as unknown[]) {
    const o = (m ?? {}) as { name?: unknown; purpose?: unknown; functions?: unknown };
    const name = typeof o.name === 'string' ? o.name.trim() : '';
    if (!/^[a-z][a-z0-9_]*$/.test(name)) return { ok: false, reason: `module name ${JSON.stringify(o.name)}: one snake_case identifier (letters, digits, _)` };
    if (RUST_KEYWORDS.has(name)) return { ok: false, reason: `module name ${name} is a Rust keyword` };
    if (RESERVED.has(name)) return { ok: false, reason: `module name ${name} is reserved by the crate (types, ffi, lib, main, bin)` };
    if (modules.some((x) => x.name === name)) return { ok: false, reason: `module ${name} is listed twice` };
    const fns = Array.isArray(o.functions) ? o.functions.map(String) : [];
    for (const fn of fns) {
      if (!f.functions.has(fn)) return { ok: false, reason: `module ${name}: ${fn} is not one of the functions to place` };
      const other = placed.get(fn);
      if (other) return { ok: false, reason: `${fn} is placed in both ${other} and ${name}` };
      placed.set(fn, name);
    }
    modules.push({ name, purpose: typeof o.purpose === 'string' ? o.purpose.trim() : '', functions: fns });
  }
  const plan: CratePlan = { source: 'model', modules, binaries: f.binaries };
  const problem = validatePlan(plan, f);
  return problem ? { ok: false, reason: problem } : { ok: true, value: plan };
}

/** The target module of each function: its planned one, else where the deterministic crate has it. */
export function targetModules(plan: CratePlan, f: PlanFacts): Map<string, string> {
  const out = new Map(f.functions);
  for (const m of plan.modules) for (const fn of m.functions) out.set(fn, m.name);
  return out;
}

/**
 * The checks a plan must pass before it is applied: every C program keeps its binary (the
 * crate keeps its src/lib.rs whatever the plan), and no planned module is part of a dependency
 * cycle, named with the calls that make it (cycles among the C files' own modules are left as
 * the C has them).
 */
export function validatePlan(plan: CratePlan, f: PlanFacts): string | undefined {
  const missing = f.binaries.filter((b) => !plan.binaries.some((p) => p.name === b.name));
  if (missing.length > 0) return `the programs ${missing.map((b) => `${b.name} (${b.c_file})`).join(', ')} need a binary each`;
  const target = targetModules(plan, f);
  // a cycle among the deterministic modules alone is the C files' own; only the plan's are its fault
  const planned = new Set(plan.modules.map((m) => m.name));
  const deps = new Map<string, Map<string, string>>();
  for (const [caller, callees] of f.calls) {
    const a = target.get(caller) as string;
    for (const c of callees) {
      const b = target.get(c) as string;
      if (a === b || (!planned.has(a) && !planned.has(b))) continue;
      const m = deps.get(a) ?? new Map<string, string>();
      if (!m.has(b)) m.set(b, `${caller} calls ${c}`);
      deps.set(a, m);
    }
  }
  const cycle = findCycle(deps);
  if (!cycle) return undefined;
  const why = cycle.slice(0, -1).map((m, i) => deps.get(m)?.get(cycle[i + 1] as string) ?? '');
  return `modules ${cycle.join(' → ')} form a cycle (${why.join('; ')}): move functions so that modules depend on each other one way only`;
}

function findCycle(deps: Map<string, Map<string, string>>): string[] | undefined {
  const state = new Map<string, 1 | 2>();
  const path: string[] = [];
  const visit = (n: string): string[] | undefined => {
    state.set(n, 1);
    path.push(n);
    for (const m of deps.get(n)?.keys() ?? []) {
      if (state.get(m) === 1) return [...path.slice(path.indexOf(m)), m];
      if (!state.has(m)) {
        const c = visit(m);
        if (c) return c;
      }
    }
    path.pop();
    state.set(n, 2);
    return undefined;
  };
  for (const n of [...deps.keys()].sort()) {
    if (state.has(n)) continue;
    const c = visit(n);
    if (c) return c;
  }
  return undefined;
}

/** Where the plan is kept for the transpile stage (target module per function). */
export function cratePlanPath(root: string): string {
  return artifactPath(root, 'cratePlan');
}

export function crateModuleFile(crateDir: string, name: string): string {
  return join(crateDir, 'src', `${name}.rs`);
}
