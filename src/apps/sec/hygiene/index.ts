import type { SyntaxNode } from '../../../lang/index.js';
import type { RawFinding } from '../finding.js';
import { checkAllocSize, checkStrncat, checkStrncpy } from './bounds.js';
import { buildContext, type HygieneCheck } from './context.js';
import { checkCredentials } from './credentials.js';
import { checkShallowCopy, checkUninitMemberPointer } from './cpp-class.js';
import { checkContainerLoops } from './cpp-containers.js';
import { checkCppDoubleLock } from './cpp-locks.js';
import { checkDanglingCStr, checkNewDelete } from './cpp-memory.js';
import { checkUseAfterMove } from './cpp-move.js';
import { checkAtoi, checkScanf } from './input-parsing.js';
import { checkPermissions } from './permissions.js';
import { checkRand } from './random.js';
import { checkGetenv, checkRiskyApis, checkTempPaths } from './risky-apis.js';
import { checkStackAlloc } from './stack-alloc.js';
import { checkCondWait, checkLocks, checkThreadLeaks } from './threads.js';
import { checkToctou } from './toctou.js';
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
  checkTempPaths,
  checkPermissions,
  checkStackAlloc,
  checkScanf,
  checkAtoi,
  checkStrncpy,
  checkStrncat,
  checkAllocSize,
  checkToctou,
  checkCredentials,
  checkNewDelete,
  checkDanglingCStr,
  checkUseAfterMove,
  checkShallowCopy,
  checkContainerLoops,
  checkCppDoubleLock,
  checkUninitMemberPointer,
];

/** Runs every hygiene check on one parsed C/C++ file. Comments and strings are not calls, so they never match. */
export function analyzeHygiene(root: SyntaxNode, file: string): RawFinding[] {
  const ctx = buildContext(root, file);
  return CHECKS.flatMap((check) => check(ctx));
}
