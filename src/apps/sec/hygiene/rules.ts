import { ruleFamily, type RuleMeta } from '../rule-meta.js';

/**
 * C/C++ hygiene rules: API misuse that data flow does not decide. CWE ids are chosen for what the
 * rule really finds; confidence stays low where the flaw depends on context the rule cannot see.
 */
const rule = ruleFamily('c.hygiene.');

export const HYGIENE_RULES = {
  uncheckedIo: rule('unchecked-io', 'UncheckedIoReturn', 'error_handling', [252], 'medium',
    'The return value of an I/O or privilege call is discarded, so a short read/write or a failed call goes unnoticed.'),
  uncheckedPthread: rule('unchecked-pthread', 'UncheckedPthreadReturn', 'error_handling', [252], 'low',
    'A pthread call that reports failure only through its return value is called and its result ignored.'),
  condWaitNoLoop: rule('cond-wait-no-loop', 'CondWaitWithoutLoop', 'concurrency', [662], 'medium',
    'pthread_cond_wait can wake spuriously; waiting outside a loop that re-checks the predicate acts on a condition that may not hold.'),
  doubleLock: rule('double-lock', 'DoubleLock', 'concurrency', [764], 'high',
    'The same mutex is locked twice without an unlock in between; a default mutex deadlocks.'),
  missingUnlock: rule('missing-unlock', 'MissingUnlock', 'concurrency', [667], 'medium',
    'A mutex locked in this function is still held on a path that leaves the function.'),
  threadLeak: rule('thread-leak', 'ThreadNotJoined', 'resource_leak', [404], 'low',
    'A thread is created but never joined or detached, so its resources are never reclaimed.'),
  getenv: rule('getenv', 'UncheckedEnvironment', 'input_validation', [807], 'low',
    'A value read from the environment is attacker-controlled in many deployments and is used without validation.'),
  insecureRand: rule('insecure-rand', 'InsecureRandom', 'crypto', [338], 'medium',
    'rand()/random() are predictable; they must not produce keys, tokens, salts or anything an attacker should not guess.'),
  strtok: rule('strtok', 'NonReentrantStrtok', 'thread_safety', [663], 'low',
    'strtok keeps hidden static state: it is not reentrant and breaks when two tokenisations interleave.'),
  permissions: rule('permissive-permissions', 'PermissivePermissions', 'insecure_permissions', [732], 'medium',
    'A file or directory is created or changed to be writable by every user.'),
  tempFile: rule('insecure-temp-file', 'InsecureTempFile', 'insecure_tempfile', [377], 'medium',
    'The name is generated before the file is opened, so another process can create it first (race, symlink attack).'),
  legacyNet: rule('legacy-inet', 'LegacyNetworkApi', 'network_api', [676], 'low',
    'An obsolete network API: IPv4-only, ambiguous error value or a shared static result.'),
  legacyTime: rule('legacy-time', 'NonReentrantTimeApi', 'thread_safety', [663], 'low',
    'This time API returns a pointer to shared static storage, overwritten by the next call from any thread.'),
  alloca: rule('alloca', 'UnboundedAlloca', 'stack_allocation', [770], 'medium',
    'Stack allocation with a size not known at compile time: a large or negative size overflows the stack without any error.'),
  vla: rule('vla', 'VariableLengthArray', 'stack_allocation', [770], 'medium',
    'A variable-length array sized at run time: a large size overflows the stack without any error.'),
  scanfNoWidth: rule('scanf-no-width', 'UnboundedScanfString', 'buffer_overflow', [120, 787], 'high',
    'A scanf-family %s or %[ conversion without a width writes as many characters as the input holds, past the end of the buffer.'),
  strncpyUnterminated: rule('strncpy-unterminated', 'UnterminatedStrncpy', 'buffer_overflow', [170], 'medium',
    'strncpy does not write a terminator when the source fills the count; the destination is then read past its end by the next string function.'),
  strncatSize: rule('strncat-size', 'StrncatSizeMisuse', 'buffer_overflow', [193, 787], 'high',
    'strncat appends up to n characters plus a terminator after what the destination already holds; n must be the space left minus one, not the buffer size.'),
  allocSizeOverflow: rule('alloc-size-overflow', 'AllocationSizeOverflow', 'integer_overflow', [190], 'low',
    'An allocation size multiplied from run-time values with no overflow check can wrap and allocate less than the code then writes.'),
  atoi: rule('atoi', 'UncheckedNumberParse', 'input_validation', [20], 'low',
    'atoi/atol/atoll/atof cannot report errors: text that is not a number reads as 0 and an out-of-range value is undefined behaviour.'),
  lockOrder: rule('lock-order', 'LockOrderInversion', 'concurrency', [833], 'medium',
    'Two mutexes are taken in opposite orders on different paths; two threads taking them at once deadlock.'),
  toctou: rule('toctou', 'TimeOfCheckTimeOfUse', 'race_condition', [367], 'medium',
    'A file is checked by name (access, stat) and then opened or changed by name; another process can replace it in between.'),
  hardcodedCredential: rule('hardcoded-credential', 'HardCodedCredential', 'credentials', [798, 259], 'high',
    'A password, key or token is written in the source: everyone with the code or the binary has it, and it cannot be changed without a release.'),
  newDeleteMismatch: rule('new-delete-mismatch', 'MismatchedDeallocation', 'memory_mgmt', [762], 'high',
    'Memory is released with a function that does not match how it was allocated (new[]/delete, new/delete[], malloc/delete, new/free): undefined behaviour.'),
  danglingCStr: rule('dangling-c-str', 'PointerIntoTemporary', 'use_after_free', [416], 'high',
    'c_str()/data() of a temporary string is kept in a pointer; the temporary is destroyed at the end of the statement and the pointer dangles.'),
  useAfterMove: rule('use-after-move', 'UseAfterMove', 'use_after_move', [672], 'medium',
    'A variable is used after std::move handed its contents away; a moved-from object holds an unspecified value.'),
} as const satisfies Record<string, RuleMeta>;

export const HYGIENE_RULE_LIST: RuleMeta[] = Object.values(HYGIENE_RULES);
