import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { PLAN_USAGE, type PlanFacts } from './plan.js';

const MAX_FUNCTIONS = 200;

export const PLANNER_ROLE = [
  'You are a Rust architect. A C project has been translated to a Rust crate that builds and behaves like the C;',
  'its functions will now be rewritten one by one as idiomatic safe Rust. You decide the module layout of the library part:',
  'which modules the crate should have and which C functions each one holds, grouped by what they do (not by the C file they came from',
  'when that file mixes concerns). Keep the layout small and conventional; the programs (src/bin) stay as they are.',
].join(' ');

function crateTree(crateDir: string): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const e of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const p = join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.name.endsWith('.rs')) out.push(relative(crateDir, p));
    }
  };
  walk(join(crateDir, 'src'));
  return out;
}

/** The planning task: the crate's files, the functions to place with their calls, the roots, the user's notes. */
export function planTask(o: { crateDir: string; facts: PlanFacts; roots: string[]; replaced: string[]; notes: string; feedback?: string }): string {
  const fns = [...o.facts.functions].slice(0, MAX_FUNCTIONS);
  return [
    `The crate's Rust files now: ${crateTree(o.crateDir).join(', ')}`,
    '',
    `The API roots (functions the library offers; the rest serve them): ${o.roots.join(', ') || '(none given)'}`,
    o.replaced.length > 0 ? `Functions a library replaces (they stay small wrappers): ${o.replaced.join(', ')}` : '',
    '',
    `Functions to place (${o.facts.functions.size}${o.facts.functions.size > MAX_FUNCTIONS ? `, first ${MAX_FUNCTIONS}` : ''}; C name | now in module | calls). A planned module re-exports its functions until they are rewritten, so a file-private (static) C helper only moves together with its callers' module:`,
    ...fns.map(([name, mod]) => `- ${name} | ${mod} | ${(o.facts.calls.get(name) ?? []).join(', ') || '-'}`),
    '',
    `Programs: ${o.facts.binaries.map((b) => `${b.name} (${b.c_file})`).join(', ') || 'none'}`,
    '',
    o.feedback ? `Your previous plan was applied and the crate no longer builds. The errors:\n${o.feedback}\nPropose a plan that avoids them.\n` : '',
    PLAN_USAGE,
    o.notes,
  ]
    .filter((l, i, all) => l !== '' || all[i - 1] !== '')
    .join('\n');
}
