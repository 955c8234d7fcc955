import { resolve } from 'node:path';
import type { AgentFactory } from '../../../agent/index.js';
import { writeFileAtomicSync } from '../../../util/index.js';
import { innermost, repairPassCandidates, type Candidate, type LocatedError } from './batch-repair.js';
import { duplicatePairs, indexFunctions, type FnInfo } from './fn-index.js';
import type { PassInput } from './pass.js';
import { askModel } from './model-agent.js';

const PUBLIC_IN_CRATE = new Set(['pub', 'pub(crate)']);

/**
 * Why `dup` may not become a call to `kept`, or undefined when the merge is safe by rule:
 * both free functions with plain parameters, no generics, no attributes beyond docs/inline/
 * no_mangle/lints, the same qualifiers, and `kept` reachable from `dup`'s module.
 * (Equal keys already mean equal parameter types, return type and normalised body.)
 */
export function mergeRuleBlocker(kept: FnInfo, dup: FnInfo): string | undefined {
  if (kept.blocker) return `${kept.path} is ${kept.blocker}`;
  if (dup.blocker) return `${dup.path} is ${dup.blocker}`;
  if (kept.qualifiers !== dup.qualifiers) return `qualifiers differ (\`${kept.qualifiers}\` vs \`${dup.qualifiers}\`)`;
  if (kept.module !== dup.module && !PUBLIC_IN_CRATE.has(kept.vis)) return `${kept.path} is private to its module`;
  return undefined;
}

/** The body that forwards `dup`'s arguments to `kept`. */
export function forwardingBody(kept: FnInfo, dup: FnInfo, edition: number): string {
  const call = `${kept.path}(${dup.params.join(', ')})`;
  const inner = `${dup.indent}    `;
  // From edition 2024 an unsafe fn's body is no longer an unsafe context.
  if (/\bunsafe\b/.test(dup.qualifiers) && edition >= 2024) {
    return `{\n${inner}// SAFETY: this function has the contract of \`${kept.path}\`, which the caller upholds.\n${inner}unsafe { ${call} }\n${dup.indent}}`;
  }
  return `{\n${inner}${call}\n${dup.indent}}`;
}

function mergePrompt(kept: FnInfo, dup: FnInfo, uses: (file: string) => string[]): string {
  const show = (f: FnInfo) => [`${f.path} (${f.file}); its file's use declarations: ${uses(f.file).join(' ') || 'none'}`, '```rust', f.code, '```'];
  return [
    'These two Rust functions in different modules have the same normalised body. I want to replace the body of the second with a call to the first.',
    ...show(kept),
    ...show(dup),
    'Identical text can still mean different things when a name in the body resolves to a different item in each module (a different helper, constant, type or import).',
    'Answer <MERGE>yes</MERGE> only if both bodies certainly refer to the same items and so behave identically; otherwise <MERGE>no</MERGE>. Nothing else.',
  ].join('\n');
}

async function confirm(agents: AgentFactory, prompt: string): Promise<{ ok: boolean; why?: string; failed?: boolean }> {
  const r = await askModel(agents, {
    name: 'c2rust-merge',
    role: 'You check whether two Rust function bodies refer to the same items.',
    task: prompt,
    tag: 'MERGE',
    usage: 'Answer with <MERGE>yes</MERGE> or <MERGE>no</MERGE>, nothing else.',
    parse: (body) => {
      const answer = body.trim().toLowerCase();
      return answer === 'yes' || answer === 'no' ? { ok: true, value: answer } : { ok: false, reason: 'the answer is neither yes nor no' };
    },
    maxTokens: 20,
  });
  if (r.ok) return r.value === 'yes' ? { ok: true } : { ok: false, why: 'the model did not confirm it' };
  if (r.failed) return { ok: false, why: r.why, failed: true };
  return { ok: false, why: 'the model reply had no <MERGE>yes|no</MERGE>' };
}

export interface MergeOutcome {
  /** New text of each file changed by merges (on disk); empty when none stayed. */
  texts: Map<string, string>;
  merged: number;
  modelCalls: number;
  notes: string[];
  failure?: string;
}

/**
 * Turns each duplicate the rule allows (and, across modules, the model confirms) into a call
 * to the function it duplicates, then lets cargo decide: `cargo check` errors inside a merged
 * body undo that merge, and a failing `cargo test` undoes all of them. The texts in `input`
 * (already tagged) are the state every undo returns to.
 */
export async function mergeDuplicates(input: PassInput & { agents: AgentFactory }): Promise<MergeOutcome> {
  const fns = await indexFunctions(input.texts);
  const notes: string[] = [];
  const candidates: Candidate[] = [];
  const targets = new Map<number, string>();
  const uses = (file: string) => (input.texts.get(file) ?? '').split('\n').filter((l) => /^\s*(pub(\([^)]*\))?\s+)?use\s/.test(l)).map((l) => l.trim());
  let modelCalls = 0;
  let modelDown: string | undefined;
  for (const { kept, dup } of duplicatePairs(fns)) {
    const blocked = mergeRuleBlocker(kept, dup);
    if (blocked) {
      notes.push(`${dup.path} not merged: ${blocked}`);
      continue;
    }
    if (kept.module !== dup.module) {
      if (modelDown) {
        notes.push(`${dup.path} not merged: ${modelDown}`);
        continue;
      }
      modelCalls++;
      const answer = await confirm(input.agents, mergePrompt(kept, dup, uses));
      // One failed call (bad key, unreachable endpoint) says the rest would fail too.
      if (answer.failed) modelDown = answer.why;
      if (!answer.ok) {
        notes.push(`${dup.path} not merged: ${answer.why ?? 'not confirmed'}`);
        continue;
      }
    }
    candidates.push({
      id: candidates.length,
      file: dup.file,
      kind: 'merge',
      name: dup.path,
      region: dup.body,
      edits: [{ start: dup.body.start, end: dup.body.end, text: forwardingBody(kept, dup, input.edition) }],
    });
    targets.set(candidates.length - 1, kept.path);
  }
  if (candidates.length === 0) return { texts: new Map(), merged: 0, modelCalls, notes };

  const blame = (errors: LocatedError[], applied: ReadonlySet<number>): Set<number> => {
    const live = candidates.filter((c) => applied.has(c.id));
    const undo = new Set<number>();
    for (const e of errors) for (const s of e.spans) {
      const c = innermost(live, s);
      if (c) undo.add(c.id);
    }
    return undo;
  };
  const { originals, result } = await repairPassCandidates(input, candidates, blame, new Set());
  const restore = () => {
    for (const [f, t] of originals) writeFileAtomicSync(resolve(input.crateDir, f), t);
  };
  const undone = candidates.filter((c) => !result.applied.has(c.id));
  for (const c of undone) notes.push(`${c.name ?? '?'}: merge undone, cargo check failed with it`);
  if (!result.ok) {
    restore();
    return { texts: new Map(), merged: 0, modelCalls, notes, failure: result.failure };
  }
  if (result.applied.size === 0) {
    restore();
    return { texts: new Map(), merged: 0, modelCalls, notes };
  }
  const test = await input.cargo.test();
  if (!test.ok) {
    restore();
    notes.push(`all merges undone: cargo test failed with them (${test.output.trim().split('\n').slice(-1).join('')})`);
    return { texts: new Map(), merged: 0, modelCalls, notes };
  }
  for (const id of result.applied) notes.push(`${candidates[id]?.name ?? '?'}: body replaced by a call to ${targets.get(id) ?? '?'}`);
  const texts = new Map([...result.texts].filter(([f, t]) => t !== originals.get(f)));
  return { texts, merged: result.applied.size, modelCalls, notes };
}
