import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SymbolRecord } from '../symbols.js';
import { reachable, type CallGraph } from './call-graph.js';
import { VERDICT_USAGE } from './verdict.js';

/** Caps that keep one evaluation one bounded prompt, whatever the subtree's size. */
const MAX_LISTED = 60;
const MAX_EDGES = 80;
const MAX_CODE_LINES = 60;
const CODE_SAMPLES = 3;

export const EVALUATOR_ROLE = [
  'You are a Rust migration expert. A C project is being translated to Rust function by function.',
  'For one C function and everything it calls, you judge whether the Rust standard library or a mature, widely used crate',
  'can replace that whole subtree, so the Rust port calls the library instead of translating the C.',
  'Say replaceable only when the library does the same job with the same observable behaviour (outputs, error cases, edge cases);',
  'a similar-looking helper with different results is not a replacement. Project logic (file formats, protocols, state machines of this program) is not replaceable.',
  'You may read the project with the read-only tools before answering.',
].join(' ');

function cLines(root: string, s: SymbolRecord): string {
  try {
    const lines = readFileSync(join(root, s.file), 'utf8').split('\n').slice(s.start_line - 1, s.end_line);
    const cut = lines.length > MAX_CODE_LINES;
    return `${lines.slice(0, MAX_CODE_LINES).join('\n')}${cut ? `\n/* … ${lines.length - MAX_CODE_LINES} more lines */` : ''}`;
  } catch {
    return '/* source not readable */';
  }
}

export interface EvaluationContext {
  projectRoot: string;
  graph: CallGraph;
  byId: ReadonlyMap<number, SymbolRecord>;
  /** the functions that would go with this one (it dominates them) */
  dominated: readonly number[];
  disabled: readonly string[];
  allowCrates: boolean;
  notes: string;
}

/** The task for one evaluation: the function, its subtree, samples of code, the constraints. */
export function evaluationTask(rootId: number, c: EvaluationContext): string {
  const root = c.byId.get(rootId) as SymbolRecord;
  const sub = [...reachable(c.graph, [rootId])].sort((a, b) => a - b);
  const name = (id: number) => c.byId.get(id)?.name ?? `#${id}`;
  const listed = sub.slice(0, MAX_LISTED).map((id) => {
    const s = c.byId.get(id) as SymbolRecord;
    return `- ${s.name} | ${s.signature} | ${s.file}:${s.start_line}`;
  });
  const edges: string[] = [];
  for (const id of sub) for (const to of c.graph.succ.get(id) ?? []) if (edges.length < MAX_EDGES) edges.push(`${name(id)} -> ${name(to)}`);
  const libCalls = [...new Set(sub.flatMap((id) => (c.byId.get(id)?.calls ?? []).filter((n) => !sub.some((s) => name(s) === n))))];
  const dominated = new Set(c.dominated);
  const shared = sub.filter((id) => id !== rootId && !dominated.has(id));
  const samples = [rootId, ...(c.graph.succ.get(rootId) ?? []).filter((id) => id !== rootId)].slice(0, CODE_SAMPLES);
  return [
    `Function to judge: ${root.name} (${root.file}:${root.start_line})`,
    `Signature: ${root.signature}`,
    '',
    `Its subtree (${sub.length} function(s): name | signature | where)${sub.length > MAX_LISTED ? `, first ${MAX_LISTED}` : ''}:`,
    ...listed,
    '',
    edges.length > 0 ? `Calls inside the subtree:\n${edges.join('\n')}` : 'It calls no other project function.',
    libCalls.length > 0 ? `Library calls it makes: ${libCalls.slice(0, 40).join(', ')}` : '',
    '',
    `If replaced, these callees would be removed with it (only this subtree uses them): ${c.dominated.map(name).join(', ') || 'none'}.`,
    shared.length > 0 ? `These callees stay either way (other code calls them too): ${shared.map(name).join(', ')}.` : '',
    '',
    ...samples.flatMap((id) => {
      const s = c.byId.get(id) as SymbolRecord;
      return [`${s.file}:${s.start_line}-${s.end_line} (${s.name}):`, '```c', cLines(c.projectRoot, s), '```'];
    }),
    '',
    c.disabled.length > 0 ? `Libraries the user has disabled (never propose them): ${c.disabled.join(', ')}.` : '',
    c.allowCrates ? 'Third-party crates are allowed when they are mature and widely used.' : 'Prefer std: third-party crates will only be recorded, not used, in this project (it builds offline).',
    '',
    VERDICT_USAGE,
    c.notes,
  ]
    .filter((l, i, all) => l !== '' || all[i - 1] !== '')
    .join('\n');
}
