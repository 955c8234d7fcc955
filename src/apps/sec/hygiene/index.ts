import type { SyntaxNode } from '../../../lang/tree-sitter.js';
import type { RawFinding } from '../finding.js';
import { buildContext, type HygieneCheck } from './context.js';
import { checkPermissions } from './permissions.js';
import { checkGetenv, checkRand, checkRiskyApis } from './risky-apis.js';
import { checkStackAlloc } from './stack-alloc.js';
import { checkCondWait, checkLocks, checkThreadLeaks } from './threads.js';
import { checkUncheckedReturns } from './unchecked-returns.js';

export { HYGIENE_RULE_LIST, HYGIENE_RULES } from './rules.js';

const CHECKS: HygieneCheck[] = [
  checkUncheckedReturns,
  checkCondWait,
  checkLocks,
  checkThreadLeaks,
  checkGetenv,
  checkRand,
  checkRiskyApis,
  checkPermissions,
  checkStackAlloc,
];

/** Runs every hygiene check on one parsed C/C++ file. Comments and strings are not calls, so they never match. */
export function analyzeHygiene(root: SyntaxNode, file: string): RawFinding[] {
  const ctx = buildContext(root, file);
  return CHECKS.flatMap((check) => check(ctx));
}
