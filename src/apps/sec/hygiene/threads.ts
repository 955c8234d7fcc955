import type { SyntaxNode } from '../../../lang/index.js';
import type { RawFinding } from '../finding.js';
import { findingFor } from '../rule-meta.js';
import { baseText, callArgs, calleeName, enclosingFunction, isAncestor } from './c-ast.js';
import { callsOf, type HygieneContext } from './context.js';
import { HYGIENE_RULES } from './rules.js';

const LOCKS: Record<string, string> = {
  pthread_mutex_lock: 'pthread_mutex_unlock',
  pthread_rwlock_rdlock: 'pthread_rwlock_unlock',
  pthread_rwlock_wrlock: 'pthread_rwlock_unlock',
  pthread_spin_lock: 'pthread_spin_unlock',
  mtx_lock: 'mtx_unlock',
};
const UNLOCKS = new Set(Object.values(LOCKS));
const WAITS = ['pthread_cond_wait', 'pthread_cond_timedwait', 'cnd_wait', 'cnd_timedwait'];
const LOOPS = new Set(['while_statement', 'for_statement', 'do_statement', 'for_range_loop']);

export function checkCondWait(ctx: HygieneContext): RawFinding[] {
  const out: RawFinding[] = [];
  for (const call of callsOf(ctx, WAITS)) {
    let inLoop = false;
    for (let p = call.parent; p && p.type !== 'function_definition'; p = p.parent) {
      if (LOOPS.has(p.type)) inLoop = true;
    }
    if (inLoop) continue;
    const name = call.childForFieldName('function')?.text ?? 'pthread_cond_wait';
    out.push(findingFor(HYGIENE_RULES.condWaitNoLoop, `Wait in a loop: while (!predicate) ${name}(...);`, {
      node: call,
      pattern: name,
      confidence: 0.7,
    }));
  }
  return out;
}

interface LockEvent {
  call: SyntaxNode;
  mutex: string;
  kind: 'lock' | 'unlock';
  fn: SyntaxNode;
}

function lockEvents(ctx: HygieneContext): Map<SyntaxNode['id'], LockEvent[]> {
  const byFn = new Map<number, LockEvent[]>();
  for (const call of callsOf(ctx, [...Object.keys(LOCKS), ...UNLOCKS])) {
    const fn = enclosingFunction(call);
    if (!fn) continue;
    const name = calleeName(call) ?? '';
    const ev: LockEvent = { call, mutex: baseText(callArgs(call)[0]), kind: UNLOCKS.has(name) ? 'unlock' : 'lock', fn };
    const list = byFn.get(fn.id) ?? [];
    list.push(ev);
    byFn.set(fn.id, list);
  }
  return byFn;
}

function block(node: SyntaxNode): SyntaxNode | undefined {
  for (let p = node.parent; p; p = p.parent) if (p.type === 'compound_statement') return p;
  return undefined;
}

/** `second` locked while `first` was held. */
interface LockPair {
  first: LockEvent;
  second: LockEvent;
}

export function checkLocks(ctx: HygieneContext): RawFinding[] {
  const out: RawFinding[] = [];
  const pairs: LockPair[] = [];
  for (const events of lockEvents(ctx).values()) {
    const held = new Map<string, LockEvent>();
    const released = new Map<string, LockEvent>();
    for (const ev of events) {
      if (ev.kind === 'unlock') {
        held.delete(ev.mutex);
        const prev = released.get(ev.mutex);
        const prevBlock = prev && block(prev.call);
        if (prev && prevBlock && isAncestor(prevBlock, ev.call)) out.push(doubleUnlock(prev, ev));
        released.set(ev.mutex, ev);
        continue;
      }
      released.delete(ev.mutex);
      for (const [m, first] of held) if (m !== ev.mutex) pairs.push({ first, second: ev });
      const prev = held.get(ev.mutex);
      const prevBlock = prev && block(prev.call);
      // Only when the second lock surely follows the first: same block or nested inside it.
      if (prev && prevBlock && isAncestor(prevBlock, ev.call)) {
        out.push(findingFor(HYGIENE_RULES.doubleLock, 'Unlock before locking again, or restructure so each path locks once.', {
          node: ev.call,
          pattern: ev.call.childForFieldName('function')?.text ?? 'lock',
          confidence: 0.75,
          description: `${ev.mutex} is locked again while already held (locked at line ${prev.call.startPosition.row + 1}); ${HYGIENE_RULES.doubleLock.help}`,
          trace: [
            { line: prev.call.startPosition.row + 1, note: `${ev.mutex} locked` },
            { line: ev.call.startPosition.row + 1, note: `${ev.mutex} locked again without unlock` },
          ],
        }));
      }
      held.set(ev.mutex, ev);
    }
    out.push(...missingUnlocks(events));
    out.push(...unlocksWithoutLock(events, ctx));
  }
  out.push(...lockOrderInversions(pairs));
  return out;
}

/** An unlock in a block that then leaves (`unlock(m); return -1;`): the path after it is another one. */
function exitsAfter(ev: LockEvent): boolean {
  const b = block(ev.call);
  return Boolean(b?.namedChildren.some((s) => s.startIndex > ev.call.startIndex && /^(return|goto|break|continue)_statement$/.test(s.type)));
}

/** Is the function containing these events called somewhere in the file while `mutex` is held? */
function calledLocked(fn: SyntaxNode, mutex: string, ctx: HygieneContext, byFn: Map<number, LockEvent[]>): boolean {
  let d = fn.childForFieldName('declarator');
  while (d && d.type !== 'function_declarator') d = d.childForFieldName('declarator');
  const name = d?.childForFieldName('declarator')?.text;
  if (!name) return false;
  for (const call of ctx.calls.get(name) ?? []) {
    const caller = enclosingFunction(call);
    let held = 0;
    for (const ev of (caller && byFn.get(caller.id)) ?? []) if (ev.mutex === mutex && ev.call.startIndex < call.startIndex) held += ev.kind === 'lock' ? 1 : -1;
    if (held > 0) return true;
  }
  return false;
}

/**
 * An unlock of a mutex this function has not locked on the way there: never locked before it, or
 * already unlocked since (CWE-832). A lock taken only in a branch that does not lead here is a
 * weaker case. Wrappers (a body of one or two statements), mutexes handed in as parameters and functions the file
 * calls with the mutex held are left alone.
 */
function unlocksWithoutLock(events: LockEvent[], ctx: HygieneContext): RawFinding[] {
  const out: RawFinding[] = [];
  const first = events[0];
  if (!first) return out;
  const fn = first.fn;
  let d = fn.childForFieldName('declarator');
  while (d && d.type !== 'function_declarator') d = d.childForFieldName('declarator');
  // a wrapper whose job is the unlock (`void release(void) { pthread_mutex_unlock(&m); }`)
  const statements = fn.childForFieldName('body')?.descendantsOfType(['expression_statement', 'if_statement', 'for_statement', 'while_statement', 'do_statement', 'switch_statement', 'declaration']).length ?? 0;
  if (statements <= 2) return out;
  const params = (d?.childForFieldName('parameters')?.namedChildren ?? []).map((p) => p.descendantsOfType('identifier').pop()?.text ?? '');
  let byFn: Map<number, LockEvent[]> | undefined;
  for (const [i, ev] of events.entries()) {
    if (ev.kind !== 'unlock') continue;
    const root = /^[*&(]*([A-Za-z_]\w*)/.exec(ev.mutex)?.[1] ?? '';
    if (params.includes(root)) continue;
    const before = events.slice(0, i).filter((e) => e.mutex === ev.mutex && !(e.kind === 'unlock' && exitsAfter(e)));
    const last = before[before.length - 1];
    let confidence: number;
    let why: string;
    if (!last) {
      byFn ??= lockEvents(ctx);
      if (calledLocked(fn, ev.mutex, ctx, byFn)) continue;
      confidence = 0.6;
      why = 'is never locked in this function before this unlock (and no caller in the file holds it)';
    } else if (last.kind === 'unlock') {
      // the sure double unlock (same block) is reported by double-unlock
      const lb = block(last.call);
      if (lb && isAncestor(lb, ev.call)) continue;
      confidence = 0.6;
      why = `was already unlocked at line ${lineOf(last)} with no lock since`;
    } else {
      const lb = block(last.call);
      if (lb && isAncestor(lb, ev.call)) continue;
      confidence = 0.5;
      why = `is locked only inside the branch at line ${lineOf(last)}, which does not lead here on every path`;
    }
    out.push(findingFor(HYGIENE_RULES.unlockWithoutLock, `Unlock only what this path locked: move the unlock next to its lock, or take the lock on every path that reaches it.`, {
      node: ev.call,
      pattern: ev.call.childForFieldName('function')?.text ?? 'unlock',
      confidence,
      description: `${ev.mutex} ${why}: unlocking a mutex the thread does not hold is undefined behaviour and can release another thread's lock.`,
    }));
  }
  return out;
}

const lineOf = (ev: LockEvent) => ev.call.startPosition.row + 1;

/** Unlocked again with no lock in between, where the second unlock surely follows the first. */
function doubleUnlock(prev: LockEvent, ev: LockEvent): RawFinding {
  return findingFor(HYGIENE_RULES.doubleUnlock, `Unlock ${ev.mutex} once per lock; remove this unlock or take the lock again before it.`, {
    node: ev.call,
    pattern: ev.call.childForFieldName('function')?.text ?? 'unlock',
    confidence: 0.7,
    description: `${ev.mutex} is unlocked again (already unlocked at line ${lineOf(prev)} with no lock since); ${HYGIENE_RULES.doubleUnlock.help}`,
    trace: [
      { line: lineOf(prev), note: `${ev.mutex} unlocked` },
      { line: lineOf(ev), note: `${ev.mutex} unlocked again` },
    ],
  });
}

/**
 * A then B in one place and B then A in another: reported once per pair of mutexes, at the lock
 * that opens the later nesting (holding it is what makes the other thread wait forever).
 */
function lockOrderInversions(pairs: LockPair[]): RawFinding[] {
  const out: RawFinding[] = [];
  const seen = new Set<string>();
  const at = new Set<number>();
  for (const p of pairs) {
    const a = p.first.mutex;
    const b = p.second.mutex;
    const key = [a, b].sort().join('\0');
    if (seen.has(key)) continue;
    const other = pairs.find((q) => q.first.mutex === b && q.second.mutex === a);
    if (!other) continue;
    seen.add(key);
    const [early, late] = other.second.call.startIndex > p.second.call.startIndex ? [p, other] : [other, p];
    if (at.has(late.first.call.id)) continue;
    at.add(late.first.call.id);
    out.push(findingFor(HYGIENE_RULES.lockOrder, `Take ${a} and ${b} in one fixed order everywhere (or use a single lock / pthread_mutex_trylock with back-off).`, {
      node: late.first.call,
      pattern: 'lock-order',
      confidence: 0.6,
      description: `${late.first.mutex} is locked here and ${late.second.mutex} taken while it is held (line ${lineOf(late.second)}), but line ${lineOf(early.second)} takes ${early.second.mutex} while holding ${early.first.mutex}; two threads running both can deadlock.`,
      trace: [
        { line: lineOf(early.first), note: `${early.first.mutex} locked` },
        { line: lineOf(early.second), note: `then ${early.second.mutex}` },
        { line: lineOf(late.first), note: `${late.first.mutex} locked` },
        { line: lineOf(late.second), note: `then ${late.second.mutex}: opposite order` },
      ],
    }));
  }
  return out;
}

function missingUnlocks(events: LockEvent[]): RawFinding[] {
  const out: RawFinding[] = [];
  for (const ev of events) {
    if (ev.kind !== 'lock') continue;
    const unlocksAfter = events.filter((u) => u.kind === 'unlock' && u.mutex === ev.mutex && u.call.startIndex > ev.call.startIndex);
    const scope = block(ev.call);
    if (!scope) continue;
    const fnName = ev.fn.childForFieldName('declarator')?.text ?? '';
    if (unlocksAfter.length === 0) {
      // Functions named *lock* are usually acquire wrappers that return with the lock held on purpose.
      if (/lock|acquire|enter/i.test(fnName)) continue;
      out.push(findingFor(HYGIENE_RULES.missingUnlock, `Unlock ${ev.mutex} before the function returns.`, {
        node: ev.call,
        pattern: 'lock-without-unlock',
        confidence: 0.4,
        severity: 'low',
        description: `${ev.mutex} is locked here and never unlocked in this function.`,
      }));
      continue;
    }
    const early = ev.fn
      .descendantsOfType('return_statement')
      .find(
        (r) =>
          r.startIndex > ev.call.startIndex &&
          isAncestor(scope, r) &&
          !unlocksAfter.some((u) => u.call.startIndex < r.startIndex),
      );
    if (!early) continue;
    out.push(findingFor(HYGIENE_RULES.missingUnlock, `Unlock ${ev.mutex} on every return path (or use a single exit label that unlocks).`, {
      node: early,
      pattern: 'return-while-locked',
      confidence: 0.7,
      description: `This return leaves the function with ${ev.mutex} still locked (locked at line ${ev.call.startPosition.row + 1}).`,
      trace: [
        { line: ev.call.startPosition.row + 1, note: `${ev.mutex} locked` },
        { line: early.startPosition.row + 1, note: 'return without unlock' },
      ],
    }));
  }
  return out;
}

function rootName(text: string): string {
  return /^[A-Za-z_][A-Za-z0-9_]*/.exec(text.replace(/^[*&(]+/, ''))?.[0] ?? text;
}

export function checkThreadLeaks(ctx: HygieneContext): RawFinding[] {
  const creates = callsOf(ctx, ['pthread_create']);
  if (creates.length === 0) return [];
  const reclaimed = callsOf(ctx, ['pthread_join', 'pthread_detach']).map((c) => baseText(callArgs(c)[0]));
  // A thread that detaches itself, or an attribute set to detached, reclaims everything it creates.
  if (reclaimed.some((t) => t.startsWith('pthread_self('))) return [];
  if (callsOf(ctx, ['pthread_attr_setdetachstate']).length > 0) return [];
  const out: RawFinding[] = [];
  for (const call of creates) {
    const handle = baseText(callArgs(call)[0]);
    if (!handle || reclaimed.some((r) => r === handle || rootName(r) === rootName(handle))) continue;
    out.push(findingFor(HYGIENE_RULES.threadLeak, 'Call pthread_join() on the handle, or pthread_detach() it, or create it detached.', {
      node: call,
      pattern: 'pthread_create',
      confidence: 0.5,
      description: `Thread ${handle} is created but never joined or detached in this file.`,
    }));
  }
  return out;
}
