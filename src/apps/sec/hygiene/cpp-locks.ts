import type { SyntaxNode } from '../../../lang/index.js';
import type { RawFinding } from '../finding.js';
import { findingFor } from '../rule-meta.js';
import { baseText, enclosingClass, enclosingFunction, findMember, isAncestor, resultDiscarded } from './c-ast.js';
import { type HygieneContext } from './context.js';
import { HYGIENE_RULES } from './rules.js';

/** RAII lock holders: they lock in their constructor (unless told otherwise) and unlock when their scope ends. */
const GUARD = /^(std::)?(lock_guard|unique_lock|scoped_lock|shared_lock)\b/;
const NO_LOCK = /^(std::)?(defer_lock|try_to_lock|adopt_lock)$/;

/** A mutex taken in a function: from `at` to the end of `until` (a guard's block, or the function for `m.lock()`). */
interface Hold {
  mutex: string;
  at: SyntaxNode;
  until: SyntaxNode;
  /** shared (reader) locks do not exclude each other */
  shared: boolean;
  /** taken by `m.lock()` (released by hand), not by a guard */
  manual?: boolean;
  /** taken together with others by one std::scoped_lock / std::lock (deadlock-free among themselves) */
  group?: SyntaxNode;
}

/** `this->mu_` and `mu_` are the same member. */
const mutexKey = (n: SyntaxNode | undefined) => baseText(n).replace(/^this->/, '');

function block(node: SyntaxNode): SyntaxNode | undefined {
  for (let p = node.parent; p; p = p.parent) if (p.type === 'compound_statement') return p;
  return undefined;
}

/** The mutexes a function takes, with where each hold ends. Code inside lambdas runs elsewhere and is left out. */
function holdsIn(fn: SyntaxNode): Hold[] {
  const out: Hold[] = [];
  const body = fn.childForFieldName('body');
  if (!body) return out;
  const own = (n: SyntaxNode) => enclosingFunction(n)?.id === fn.id;
  for (const d of body.descendantsOfType('declaration')) {
    const type = d.childForFieldName('type')?.text.replace(/\s+/g, '') ?? '';
    if (!GUARD.test(type) || !own(d)) continue;
    const shared = /shared_lock/.test(type);
    for (const decl of d.childrenForFieldName('declarator')) {
      // `std::lock_guard<std::mutex> g(mu_);` parses as a function declaration whose "parameters" are the arguments
      const args = decl.type === 'init_declarator' ? decl.childForFieldName('value') : decl.type === 'function_declarator' ? decl.childForFieldName('parameters') : undefined;
      const list = args?.namedChildren ?? [];
      if (list.some((a) => NO_LOCK.test(a.text.replace(/\s+/g, '')))) continue;
      const scope = block(d);
      if (!scope) continue;
      for (const a of list) out.push({ mutex: mutexKey(a), at: d, until: scope, shared, ...(list.length > 1 ? { group: d } : {}) });
    }
  }
  for (const call of body.descendantsOfType('call_expression')) {
    const f = call.childForFieldName('function');
    if (f?.type !== 'field_expression' || !own(call)) continue;
    const method = f.childForFieldName('field')?.text;
    // std::weak_ptr::lock() returns a value; a mutex's lock() is called for its effect
    if ((method !== 'lock' && method !== 'lock_shared') || !resultDiscarded(call)) continue;
    const mutex = mutexKey(f.childForFieldName('argument') ?? undefined);
    const unlock = body.descendantsOfType('call_expression').find((u) => {
      const g = u.childForFieldName('function');
      return u.startIndex > call.endIndex && g?.type === 'field_expression' && /^unlock(_shared)?$/.test(g.childForFieldName('field')?.text ?? '') && mutexKey(g.childForFieldName('argument') ?? undefined) === mutex;
    });
    out.push({ mutex, at: call, until: unlock ?? body, shared: method === 'lock_shared', manual: true });
  }
  return out;
}

/** Inside the hold: after where it was taken, before its unlock or the end of its block. */
function within(h: Hold, n: SyntaxNode): boolean {
  if (n.startIndex <= h.at.endIndex) return false;
  return h.until.type === 'call_expression' ? n.startIndex < h.until.startIndex : isAncestor(h.until, n);
}

/** Member functions of a class by name: defined in its body or as `C::f` in this file. */
function methodsOf(cls: SyntaxNode, root: SyntaxNode): Map<string, SyntaxNode[]> {
  const out = new Map<string, SyntaxNode[]>();
  const name = cls.childForFieldName('name')?.text;
  const add = (f: SyntaxNode) => {
    let d = f.childForFieldName('declarator');
    while (d && d.type !== 'function_declarator') d = d.childForFieldName('declarator');
    const id = d?.childForFieldName('declarator');
    const plain = id?.type === 'qualified_identifier' ? id.childForFieldName('name')?.text : id?.text;
    if (plain) out.set(plain, [...(out.get(plain) ?? []), f]);
  };
  for (const f of cls.childForFieldName('body')?.namedChildren ?? []) if (f.type === 'function_definition') add(f);
  for (const f of root.descendantsOfType('function_definition')) {
    let d = f.childForFieldName('declarator');
    while (d && d.type !== 'function_declarator') d = d.childForFieldName('declarator');
    const id = d?.childForFieldName('declarator');
    if (id?.type === 'qualified_identifier' && id.childForFieldName('scope')?.text === name) add(f);
  }
  return out;
}

/** The member function a call inside class code names: `f(…)` or `this->f(…)`. */
function calledMethod(call: SyntaxNode): string | undefined {
  const f = call.childForFieldName('function');
  if (f?.type === 'identifier') return f.text;
  if (f?.type === 'field_expression' && f.childForFieldName('argument')?.type === 'this') return f.childForFieldName('field')?.text;
  return undefined;
}

/**
 * C++ mutexes taken twice by one thread: a `std::lock_guard`/`unique_lock`/`scoped_lock` (or
 * `m.lock()`) held while the same member function takes the mutex again, directly or by calling
 * a member function of its class that locks it. A `std::mutex` deadlocks there; a
 * `std::recursive_mutex` is left alone.
 */
export function checkCppDoubleLock(ctx: HygieneContext): RawFinding[] {
  const out: RawFinding[] = [];
  if (!/\block\b|lock_guard|unique_lock|scoped_lock/.test(ctx.source())) return out;
  const classes = new Map<number, Map<string, SyntaxNode[]>>();
  const takes = new Map<number, Hold[]>();
  const holdsOf = (fn: SyntaxNode) => {
    let h = takes.get(fn.id);
    if (!h) {
      h = holdsIn(fn);
      takes.set(fn.id, h);
    }
    return h;
  };
  const nested: Array<{ outer: Hold; inner: Hold }> = [];
  for (const fn of ctx.root.descendantsOfType('function_definition')) {
    const holds = holdsOf(fn);
    if (holds.length === 0) continue;
    for (const h of holds) for (const o of holds) if (o.mutex !== h.mutex && within(h, o.at) && !(h.group && h.group === o.group)) nested.push({ outer: h, inner: o });
    out.push(...returnsWhileHeld(fn, holds));
    const cls = enclosingClass(fn, ctx.root);
    let methods: Map<string, SyntaxNode[]> | undefined;
    if (cls) {
      methods = classes.get(cls.id);
      if (!methods) {
        methods = methodsOf(cls, ctx.root);
        classes.set(cls.id, methods);
      }
    }
    for (const h of holds) {
      if (recursive(h.mutex, fn, ctx.root)) continue;
      // taken again directly while held
      const again = holds.find((o) => o !== h && o.mutex === h.mutex && within(h, o.at) && !(h.shared && o.shared));
      if (again) {
        out.push(report(h, again.at, `${h.mutex} is locked again while this function already holds it`));
        continue;
      }
      // or through a member function called while held
      for (const call of fn.childForFieldName('body')?.descendantsOfType('call_expression') ?? []) {
        if (!within(h, call) || enclosingFunction(call)?.id !== fn.id) continue;
        const name = calledMethod(call);
        const callee = name ? methods?.get(name)?.find((m) => holdsOf(m).some((o) => o.mutex === h.mutex && !(h.shared && o.shared))) : undefined;
        if (!callee) continue;
        const inner = holdsOf(callee).find((o) => o.mutex === h.mutex) as Hold;
        out.push(report(h, call, `${name}() locks ${h.mutex} (line ${inner.at.startPosition.row + 1}) and is called while ${h.mutex} is held`, inner));
        break;
      }
    }
  }
  out.push(...inversions(nested));
  return out;
}

/** `m.lock()` then a `return` before its `m.unlock()`: the function leaves with the mutex held. */
function returnsWhileHeld(fn: SyntaxNode, holds: Hold[]): RawFinding[] {
  const out: RawFinding[] = [];
  for (const h of holds) {
    if (!h.manual || h.until.type !== 'call_expression') continue;
    const ret = fn.descendantsOfType('return_statement').find((r) => within(h, r) && enclosingFunction(r)?.id === fn.id);
    if (!ret) continue;
    out.push(findingFor(HYGIENE_RULES.missingUnlock, `Unlock ${h.mutex} before returning, or hold it with std::lock_guard / std::unique_lock so every path releases it.`, {
      node: ret,
      pattern: 'return-while-locked',
      confidence: 0.7,
      description: `This return leaves the function with ${h.mutex} still locked (locked at line ${h.at.startPosition.row + 1}, unlocked only at line ${h.until.startPosition.row + 1}).`,
      trace: [
        { line: h.at.startPosition.row + 1, note: `${h.mutex}.lock()` },
        { line: ret.startPosition.row + 1, note: 'return without unlock' },
      ],
    }));
  }
  return out;
}

/** A then B in one function, B then A in another: reported once per pair, at the later outer lock. */
function inversions(nested: Array<{ outer: Hold; inner: Hold }>): RawFinding[] {
  const out: RawFinding[] = [];
  const seen = new Set<string>();
  const line = (n: SyntaxNode) => n.startPosition.row + 1;
  for (const p of nested) {
    const key = [p.outer.mutex, p.inner.mutex].sort().join('\0');
    if (seen.has(key)) continue;
    const q = nested.find((x) => x.outer.mutex === p.inner.mutex && x.inner.mutex === p.outer.mutex);
    if (!q) continue;
    seen.add(key);
    const [early, late] = q.outer.at.startIndex > p.outer.at.startIndex ? [p, q] : [q, p];
    out.push(findingFor(HYGIENE_RULES.lockOrder, `Take ${early.outer.mutex} and ${early.inner.mutex} in one fixed order everywhere, or both at once with std::scoped_lock(${early.outer.mutex}, ${early.inner.mutex}).`, {
      node: late.outer.at,
      pattern: 'lock-order',
      confidence: 0.6,
      description: `${late.outer.mutex} is locked here and ${late.inner.mutex} taken while it is held (line ${line(late.inner.at)}), but line ${line(early.inner.at)} takes ${early.inner.mutex} while holding ${early.outer.mutex}; two threads running both can deadlock.`,
      trace: [
        { line: line(early.outer.at), note: `${early.outer.mutex} locked` },
        { line: line(early.inner.at), note: `then ${early.inner.mutex}` },
        { line: line(late.outer.at), note: `${late.outer.mutex} locked` },
        { line: line(late.inner.at), note: `then ${late.inner.mutex}: opposite order` },
      ],
    }));
  }
  return out;
}

function recursive(mutex: string, fn: SyntaxNode, root: SyntaxNode): boolean {
  if (/recursive/i.test(mutex)) return true;
  const d = /^\w+$/.test(mutex) ? findMember(mutex, fn, root) : undefined;
  return /recursive/.test(d?.parent?.childForFieldName('type')?.text ?? '');
}

function report(h: Hold, at: SyntaxNode, why: string, inner?: Hold): RawFinding {
  const line = (n: SyntaxNode) => n.startPosition.row + 1;
  return findingFor(HYGIENE_RULES.doubleLock, `Take ${h.mutex} once: call a variant that expects the lock to be held (e.g. a *_locked helper), or use std::recursive_mutex.`, {
    node: at,
    pattern: 'self-deadlock',
    confidence: 0.75,
    description: `${why}; a std::mutex locked twice by the same thread deadlocks (undefined behaviour).`,
    trace: [
      { line: line(h.at), note: `${h.mutex} locked` },
      ...(inner ? [{ line: line(inner.at), note: `${h.mutex} locked again in the callee` }] : []),
      { line: line(at), note: 'locked again while held' },
    ],
  });
}
