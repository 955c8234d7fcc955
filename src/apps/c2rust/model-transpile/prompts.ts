import type { Diagnostic } from '../optimize/diagnostics.js';
import type { Plan } from './agents.js';
import type { AppliedReplacement } from './inputs.js';

/**
 * The tasks the stage gives its agents. Each names files and lines in the crate so the agent
 * can read more with its tools; the C code and the Rust it replaces are quoted whole because
 * every agent needs them.
 */

export interface FunctionContext {
  cName: string;
  cFile: string;
  cLines: string;
  cSource: string;
  /** the Rust function's bare name and file */
  rustName: string;
  rustFile: string;
  modulePath: string;
  /** the module `jc2r prepare`'s plan chose, when it is not the one the function lives in: it moves there once it passes */
  targetModule?: string;
  wrapperName: string;
  /** the deterministic translation, now named `wrapperName` */
  rustSource: string;
  /** converted callees: `crate::m::f: pub fn f(…)` */
  callees: string[];
  /** callees still as their deterministic translation */
  unconvertedCallees: string[];
  replacements: string[];
  notes: string[];
  /** the crate's Rust files */
  tree: string[];
  /** lib-replace decided the standard library replaces this function (and what it dominated) */
  libReplacement?: AppliedReplacement;
}

function replacementLines(c: FunctionContext): string[] {
  const r = c.libReplacement;
  if (!r) return [];
  return [
    `lib-replace decided that the standard library replaces \`${c.cName}\` and the callees only it uses: implement the safe \`${c.rustName}\` on ${r.apis.length ? r.apis.map((a) => `\`${a}\``).join(', ') : r.libraries.join(', ')} (${r.libraries.join(', ')}) instead of translating its C body and those callees line by line${r.notes ? ` (${r.notes})` : ''}. The behaviour must stay the C's.`,
  ];
}

function common(c: FunctionContext): string {
  return [
    `C function \`${c.cName}\` (${c.cFile}:${c.cLines}):`,
    '```c',
    c.cSource,
    '```',
    `Its mechanical translation, renamed \`${c.wrapperName}\` in ${c.rustFile} (it keeps the C ABI: C code and Rust code not converted yet call it):`,
    '```rust',
    c.rustSource,
    '```',
    ...(c.callees.length ? ['Callees already converted to safe Rust (call these, not their C-ABI versions):', ...c.callees.map((x) => `- ${x}`)] : []),
    ...(c.unconvertedCallees.length ? ['Callees not converted (call them as the mechanical translation does):', ...c.unconvertedCallees.map((x) => `- ${x}`)] : []),
    ...replacementLines(c),
    ...(c.replacements.length ? ['Library replacements decided for this project:', ...c.replacements.map((x) => `- ${x}`)] : []),
    ...(c.targetModule ? [`The crate plan puts \`${c.cName}\` in module \`crate::${c.targetModule}\`: write it in ${c.rustFile} as asked; once it passes its checks it is moved there, and ${c.rustFile} keeps \`pub use crate::${c.targetModule}::${c.rustName};\`, so write the signature other modules can call (\`pub\`).`] : []),
    `Crate files: ${c.tree.join(', ')}`,
    ...(c.notes.length ? ['Project notes:', ...c.notes.map((n) => `- ${n}`)] : []),
  ].join('\n');
}

export function planTask(c: FunctionContext): string {
  return `Plan the safe Rust version of \`${c.cName}\`, to live in module \`${c.modulePath}\` (${c.rustFile}) under the name \`${c.rustName}\`.\n\n${common(c)}`;
}

export function writeTask(c: FunctionContext, plan: Plan | undefined): string {
  return [
    `Convert \`${c.cName}\` into safe Rust in ${c.rustFile}.`,
    '',
    common(c),
    '',
    ...(plan ? [`Planned signature: \`${plan.signature}\``, ...(plan.notes ? [`Plan notes: ${plan.notes}`] : []), ''] : []),
    'Do this:',
    `1. Add the safe function \`${c.rustName}\` (visibility \`pub\`) right above \`${c.wrapperName}\`, with the same behaviour as the C.`,
    `2. Turn \`${c.wrapperName}\` into a thin wrapper that converts its C arguments, calls \`${c.rustName}\` and converts the result back (unsafe only where a raw pointer is turned into a reference or slice, each block with a \`// SAFETY:\` comment). Keep its attributes and signature.`,
    `3. Add #[cfg(test)] tests for \`${c.rustName}\` in ${c.rustFile} (in its \`mod tests\`, created at the end of the file if missing).`,
  ].join('\n');
}

/** At most this many errors go back to the model at once: the first ones usually cause the rest. */
const MAX_ERRORS = 8;

export function repairTask(c: FunctionContext, what: 'build' | 'tests' | 'equiv', detail: { errors?: readonly Diagnostic[]; output?: string }): string {
  const head =
    what === 'build'
      ? `cargo check fails after the conversion of \`${c.cName}\`. Fix the errors (codes and spans from rustc):`
      : what === 'tests'
        ? `cargo test fails after the conversion of \`${c.cName}\`. Fix the code (never delete or weaken a test):`
        : `The converted program behaves differently from the C program (differential test). Fix \`${c.rustName}\` so it behaves like the C:`;
  const body = detail.errors
    ? detail.errors
        .slice(0, MAX_ERRORS)
        .map((d) => d.rendered?.trim() ?? `${d.code ?? d.level}: ${d.message} at ${d.spans[0]?.file ?? '?'}:${d.spans[0]?.lineStart ?? '?'}`)
        .join('\n\n')
    : (detail.output ?? '').trim();
  return `${head}\n\n${body}\n\nFor reference:\n${common(c)}`;
}

export function reviewTask(c: FunctionContext, newSource: string): string {
  return `Review the safe Rust \`${c.rustName}\` in ${c.rustFile} against the C function it replaces.\n\nThe new Rust:\n\`\`\`rust\n${newSource}\n\`\`\`\n\n${common(c)}`;
}

export function reviewFixTask(c: FunctionContext, issues: readonly string[]): string {
  return `A review of \`${c.rustName}\` in ${c.rustFile} against the C found these issues. Fix each one (the tests must keep passing; add a test for each fixed behaviour):\n${issues.map((i) => `- ${i}`).join('\n')}\n\nFor reference:\n${common(c)}`;
}
