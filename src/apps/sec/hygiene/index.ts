import type { SyntaxNode } from '../../../lang/index.js';
import type { RawFinding } from '../finding.js';
import { checkAllocSize, checkSizeofPointer, checkStrncat, checkStrncpy } from './bounds.js';
import { buildContext, type HygieneCheck } from './context.js';
export { HYGIENE_NODE_TYPES } from './context.js';
import { checkCredentials } from './credentials.js';
import { checkCrypto } from './crypto.js';
import { checkShallowCopy, checkUninitMemberPointer } from './cpp-class.js';
import { checkContainerLoops, checkElementAlias, checkIteratorInvalidation } from './cpp-containers.js';
import { checkCppDoubleLock } from './cpp-locks.js';
import { checkDanglingCStr, checkNewDelete } from './cpp-memory.js';
import { checkUseAfterMove } from './cpp-move.js';
import { checkAtoi, checkScanf } from './input-parsing.js';
import { checkPermissions } from './permissions.js';
import { checkRaces } from './races.js';
import { checkRand } from './random.js';
import { checkGetenv, checkRiskyApis, checkTempPaths } from './risky-apis.js';
import { checkUnboundedSpawn } from './spawn.js';
import { checkStackAlloc } from './stack-alloc.js';
import { checkCondWait, checkLocks, checkThreadLeaks } from './threads.js';
import { checkToctou } from './toctou.js';
import { checkTypeConfusion } from './unions.js';
import { checkUncheckedReturns } from './unchecked-returns.js';

export { HYGIENE_RULE_LIST, HYGIENE_RULES } from './rules.js';

const CHECKS: HygieneCheck[] = [
  checkUncheckedReturns,
  checkCondWait,
  checkLocks,
  checkThreadLeaks,
  checkUnboundedSpawn,
  checkRaces,
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
  checkSizeofPointer,
  checkToctou,
  checkTypeConfusion,
  checkCredentials,
  checkCrypto,
  checkNewDelete,
  checkDanglingCStr,
  checkUseAfterMove,
  checkShallowCopy,
  checkContainerLoops,
  checkIteratorInvalidation,
  checkElementAlias,
  checkCppDoubleLock,
  checkUninitMemberPointer,
];

/**
 * Runs every hygiene check on one parsed C/C++ file. Comments and strings are not calls, so they
 * never match. `found`: the nodes of HYGIENE_NODE_TYPES in document order, if a walk has them.
 */
export function analyzeHygiene(root: SyntaxNode, file: string, found?: readonly SyntaxNode[]): RawFinding[] {
  const ctx = buildContext(root, file, found);
  return CHECKS.flatMap((check) => check(ctx));
}
