import type { SyntaxNode } from '../../../lang/tree-sitter.js';
import type { RawFinding } from '../finding.js';
import { calleeName, inDisabledRegion } from './c-ast.js';

/** What every hygiene check gets: the tree and its live calls indexed by callee name. */
export interface HygieneContext {
  root: SyntaxNode;
  /** calls outside `#if 0` regions, by plain callee name, in source order */
  calls: Map<string, SyntaxNode[]>;
  file: string;
}

export type HygieneCheck = (ctx: HygieneContext) => RawFinding[];

export function buildContext(root: SyntaxNode, file: string): HygieneContext {
  const calls = new Map<string, SyntaxNode[]>();
  // Walking every call's ancestors is a large share of a scan; without any #if/#elif it cannot matter.
  const mayBeDisabled = root.descendantsOfType(['preproc_if', 'preproc_elif']).length > 0;
  for (const call of root.descendantsOfType('call_expression')) {
    const name = calleeName(call);
    if (!name || (mayBeDisabled && inDisabledRegion(call))) continue;
    const list = calls.get(name);
    if (list) list.push(call);
    else calls.set(name, [call]);
  }
  return { root, calls, file };
}

export function callsOf(ctx: HygieneContext, names: Iterable<string>): SyntaxNode[] {
  const out: SyntaxNode[] = [];
  for (const n of names) out.push(...(ctx.calls.get(n) ?? []));
  return out.sort((a, b) => a.startIndex - b.startIndex);
}
