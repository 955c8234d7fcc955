import type { SyntaxNode } from '../../../lang/tree-sitter.js';
import type { RawFinding } from '../finding.js';
import { calleeName, inDisabledRegion } from './c-ast.js';

/** What every hygiene check gets: the tree and its live calls indexed by callee name. */
export interface HygieneContext {
  root: SyntaxNode;
  /** calls outside `#if 0` regions, by plain callee name, in source order */
  calls: Map<string, SyntaxNode[]>;
  /** every `array_declarator`, in source order (the stack-allocation check reads them) */
  arrays: SyntaxNode[];
  file: string;
}

export type HygieneCheck = (ctx: HygieneContext) => RawFinding[];

export function buildContext(root: SyntaxNode, file: string): HygieneContext {
  const calls = new Map<string, SyntaxNode[]>();
  const arrays: SyntaxNode[] = [];
  // One walk of the tree for everything the checks look up: each walk is a large share of a scan.
  const found = root.descendantsOfType(['call_expression', 'array_declarator', 'preproc_if', 'preproc_elif']);
  // Walking every call's ancestors is costly too; without any #if/#elif it cannot matter.
  const mayBeDisabled = found.some((n) => n.type === 'preproc_if' || n.type === 'preproc_elif');
  for (const call of found) {
    if (call.type === 'array_declarator') arrays.push(call);
    if (call.type !== 'call_expression') continue;
    const name = calleeName(call);
    if (!name || (mayBeDisabled && inDisabledRegion(call))) continue;
    const list = calls.get(name);
    if (list) list.push(call);
    else calls.set(name, [call]);
  }
  return { root, calls, arrays, file };
}

export function callsOf(ctx: HygieneContext, names: Iterable<string>): SyntaxNode[] {
  const out: SyntaxNode[] = [];
  for (const n of names) out.push(...(ctx.calls.get(n) ?? []));
  return out.sort((a, b) => a.startIndex - b.startIndex);
}
