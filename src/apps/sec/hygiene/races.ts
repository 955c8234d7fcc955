/**
 * Races (CWE-362) and signal handlers (CWE-479, CWE-364), read from one file:
 *
 * - data race: a thread function (what pthread_create/thrd_create starts, and what it calls)
 *   writes shared data with no mutex held, where more than one thread runs such code: a global,
 *   or the one struct every thread was handed. Writes under a lock (or in a function only ever
 *   called with one held), to atomics, to thread-local data, or to a thread's own slot
 *   (`&args[i]`) are fine.
 * - signal handler: a function installed with signal()/sigaction() (and what it calls) calls
 *   something that is not async-signal-safe (stdio, malloc/free, exit …) or writes a global
 *   that is not a `volatile sig_atomic_t` or atomic.
 */
import type { SyntaxNode } from '../../../lang/index.js';
import type { RawFinding } from '../finding.js';
import { findingFor } from '../rule-meta.js';
import { callArgs, calleeName, declaredName, enclosingFunction, stripCasts } from './c-ast.js';
import { callsOf, type HygieneContext } from './context.js';
import { HYGIENE_RULES } from './rules.js';

const LOCK_CALLS = new Set([
  'pthread_mutex_lock', 'pthread_mutex_trylock', 'pthread_mutex_timedlock', 'pthread_rwlock_wrlock', 'pthread_rwlock_rdlock',
  'pthread_spin_lock', 'mtx_lock', 'mtx_timedlock', 'EnterCriticalSection', 'flockfile', 'sem_wait',
]);
const UNLOCK_CALLS = new Set(['pthread_mutex_unlock', 'pthread_rwlock_unlock', 'pthread_spin_unlock', 'mtx_unlock', 'LeaveCriticalSection', 'funlockfile', 'sem_post']);
const LOOPS = new Set(['while_statement', 'for_statement', 'do_statement', 'for_range_loop']);
/** storage that is not shared, or is safe to share */
const NOT_SHARED = /\b(const|_Atomic|atomic_\w+|__thread|_Thread_local|thread_local|pthread_\w+_t|mtx_t|cnd_t|sem_t|std::atomic|std::mutex)\b/;

/** Functions the POSIX list does not call async-signal-safe and that handlers commonly misuse. */
const SIGNAL_UNSAFE = new Set([
  'printf', 'fprintf', 'sprintf', 'snprintf', 'vprintf', 'vfprintf', 'vsprintf', 'vsnprintf', 'dprintf', 'puts', 'fputs', 'fputc',
  'putc', 'putchar', 'fwrite', 'fread', 'fgets', 'fopen', 'fclose', 'fflush', 'perror', 'malloc', 'calloc', 'realloc', 'free',
  'strdup', 'exit', 'atexit', 'syslog', 'vsyslog', 'localtime', 'gmtime', 'ctime', 'asctime', 'strftime', 'mktime', 'longjmp',
  'pthread_mutex_lock', 'pthread_mutex_unlock', 'strtok', 'rand', 'getenv', 'setenv', 'gethostbyname', 'strerror', 'system', 'popen',
]);

interface Fn {
  name: string;
  node: SyntaxNode;
  params: string[];
  /** local and parameter names (they shadow globals) */
  locals: Set<string>;
}

function fnName(def: SyntaxNode): string | undefined {
  let d = def.childForFieldName('declarator');
  while (d && d.type !== 'function_declarator') d = d.childForFieldName('declarator');
  const id = d?.childForFieldName('declarator');
  return id?.type === 'identifier' ? id.text : undefined;
}

function functions(root: SyntaxNode): Map<string, Fn> {
  const out = new Map<string, Fn>();
  for (const def of root.descendantsOfType('function_definition')) {
    const name = fnName(def);
    if (!name) continue;
    let d = def.childForFieldName('declarator');
    while (d && d.type !== 'function_declarator') d = d.childForFieldName('declarator');
    const params = (d?.childForFieldName('parameters')?.namedChildren ?? []).map((p) => declaredName(p.childForFieldName('declarator')) ?? '').filter(Boolean);
    const locals = new Set(params);
    for (const decl of def.descendantsOfType('declaration')) for (const x of decl.childrenForFieldName('declarator')) {
      const n = declaredName(x);
      if (n) locals.add(n);
    }
    out.set(name, { name, node: def, params, locals });
  }
  return out;
}

/** File-scope variables that threads could share: name → declaration text. */
function globals(root: SyntaxNode): Map<string, string> {
  const out = new Map<string, string>();
  for (const decl of root.namedChildren) {
    if (decl.type !== 'declaration') continue;
    for (const d of decl.childrenForFieldName('declarator')) {
      let x: SyntaxNode | null = d;
      while (x && x.type !== 'identifier' && x.type !== 'function_declarator') x = x.childForFieldName('declarator');
      if (!x || x.type === 'function_declarator') continue;
      out.set(x.text, decl.text);
    }
  }
  return out;
}

/** The function a pthread_create/signal argument names (`worker`, `&worker`, `(void *(*)(void *))worker`). */
function namedFunction(arg: SyntaxNode | undefined): string | undefined {
  let a = stripCasts(arg);
  if (a?.type === 'pointer_expression' && a.childForFieldName('operator')?.text === '&') a = stripCasts(a.childForFieldName('argument'));
  return a?.type === 'identifier' ? a.text : undefined;
}

function inLoop(node: SyntaxNode): boolean {
  for (let p = node.parent; p && p.type !== 'function_definition'; p = p.parent) if (LOOPS.has(p.type)) return true;
  return false;
}

/** Functions called from each function of the file (plain calls only). */
function callGraph(fns: Map<string, Fn>, ctx: HygieneContext): Map<string, Array<{ to: string; call: SyntaxNode }>> {
  const out = new Map<string, Array<{ to: string; call: SyntaxNode }>>();
  for (const [name, calls] of ctx.calls) {
    if (!fns.has(name)) continue;
    for (const call of calls) {
      const from = enclosingFunction(call);
      const fromName = from ? fnName(from) : undefined;
      if (!fromName) continue;
      out.set(fromName, [...(out.get(fromName) ?? []), { to: name, call }]);
    }
  }
  return out;
}

function reachable(starts: Iterable<string>, graph: Map<string, Array<{ to: string }>>): Set<string> {
  const seen = new Set<string>();
  const todo = [...starts];
  while (todo.length > 0) {
    const f = todo.pop() as string;
    if (seen.has(f)) continue;
    seen.add(f);
    for (const e of graph.get(f) ?? []) todo.push(e.to);
  }
  return seen;
}

/** Is a lock held at `node` in its function: a lock call before it with no unlock of that mutex in between (source order)? */
function lockHeld(node: SyntaxNode, fn: Fn, ctx: HygieneContext): boolean {
  const held = new Map<string, number>();
  for (const call of callsOf(ctx, [...LOCK_CALLS, ...UNLOCK_CALLS])) {
    if (call.startIndex < fn.node.startIndex || call.endIndex > fn.node.endIndex || call.startIndex >= node.startIndex) continue;
    const m = callArgs(call)[0]?.text.replace(/[\s&()]/g, '') ?? '';
    const name = calleeName(call) ?? '';
    held.set(m, (held.get(m) ?? 0) + (LOCK_CALLS.has(name) ? 1 : -1));
  }
  if ([...held.values()].some((n) => n > 0)) return true;
  // C++ RAII guards: `std::lock_guard<std::mutex> g(m);` holds to the end of its block
  for (let p = node.parent; p && p !== fn.node; p = p.parent) {
    if (p.type !== 'compound_statement') continue;
    for (const c of p.namedChildren) {
      if (c.startIndex >= node.startIndex) break;
      if (c.type === 'declaration' && /\b(lock_guard|unique_lock|scoped_lock)\b/.test(c.text)) return true;
    }
  }
  return false;
}

/** The variable a written lvalue belongs to: `g`, `g.f`, `g[i].f`, `p->f`, `*p` → g / p (and whether it was reached through a pointer). */
function lvalueRoot(lv: SyntaxNode | null | undefined): { name: string; through: boolean } | undefined {
  let n = stripCasts(lv);
  let through = false;
  while (n) {
    if (n.type === 'identifier') return { name: n.text, through };
    if (n.type === 'field_expression') {
      if (n.childForFieldName('operator')?.text === '->') through = true;
      n = stripCasts(n.childForFieldName('argument'));
    } else if (n.type === 'subscript_expression') {
      n = stripCasts(n.childForFieldName('argument'));
    } else if (n.type === 'pointer_expression' && n.childForFieldName('operator')?.text === '*') {
      through = true;
      n = stripCasts(n.childForFieldName('argument'));
    } else return undefined;
  }
  return undefined;
}

function writes(fn: Fn): SyntaxNode[] {
  const out: SyntaxNode[] = [];
  for (const n of fn.node.descendantsOfType(['assignment_expression', 'update_expression'])) out.push(n);
  return out;
}

function target(w: SyntaxNode): SyntaxNode | null {
  return w.type === 'assignment_expression' ? w.childForFieldName('left') : w.childForFieldName('argument');
}

/** Locals that point into a global (`account_t *a = &accounts[i];`) or at what the thread was handed (`struct pool *p = arg;`). */
function aliases(fn: Fn, sharedGlobals: Set<string>, sharedParam: string | undefined): Map<string, string> {
  const out = new Map<string, string>();
  for (const d of fn.node.descendantsOfType('init_declarator')) {
    const name = declaredName(d.childForFieldName('declarator'));
    const value = d.childForFieldName('value');
    if (!name || !value) continue;
    const root = lvalueRoot(value.type === 'pointer_expression' && value.childForFieldName('operator')?.text === '&' ? value.childForFieldName('argument') : value);
    const base = stripCasts(value);
    if (root && sharedGlobals.has(root.name) && !fn.locals.has(root.name)) out.set(name, root.name);
    else if (sharedParam && base?.type === 'identifier' && base.text === sharedParam) out.set(name, `arg:${sharedParam}`);
  }
  return out;
}

export function checkRaces(ctx: HygieneContext): RawFinding[] {
  const creates = callsOf(ctx, ['pthread_create', 'thrd_create']);
  const handlers = signalHandlers(ctx);
  if (creates.length === 0 && handlers.size === 0) return [];
  const fns = functions(ctx.root);
  const graph = callGraph(fns, ctx);
  const globalDecls = globals(ctx.root);
  const out: RawFinding[] = [];
  if (creates.length > 0) out.push(...dataRaces(ctx, creates, fns, graph, globalDecls));
  if (handlers.size > 0) out.push(...signalUnsafe(ctx, handlers, fns, graph, globalDecls));
  return out;
}

function dataRaces(ctx: HygieneContext, creates: SyntaxNode[], fns: Map<string, Fn>, graph: Map<string, Array<{ to: string; call: SyntaxNode }>>, globalDecls: Map<string, string>): RawFinding[] {
  // thread entries, how many threads run each, and what each was handed
  const entries = new Map<string, { instances: number; args: string[] }>();
  for (const c of creates) {
    const args = callArgs(c);
    const entry = namedFunction(args[calleeName(c) === 'thrd_create' ? 1 : 2]);
    if (!entry || !fns.has(entry)) continue;
    const arg = args[calleeName(c) === 'thrd_create' ? 2 : 3];
    const e = entries.get(entry) ?? { instances: 0, args: [] };
    const n = inLoop(c) ? 2 : 1;
    e.instances += n;
    for (let i = 0; i < n; i++) e.args.push(sharedArgText(arg));
    entries.set(entry, e);
  }
  if (entries.size === 0) return [];
  // how many threads run each function, through any entry
  const runs = new Map<string, number>();
  for (const [entry, e] of entries) for (const f of reachable([entry], graph)) runs.set(f, (runs.get(f) ?? 0) + e.instances);
  const threadFns = [...runs.keys()];
  // globals written or read by thread code, by how many threads
  const sharedGlobals = new Set<string>();
  const threadsOn = new Map<string, number>();
  for (const f of threadFns) {
    const fn = fns.get(f) as Fn;
    const names = new Set(fn.node.descendantsOfType('identifier').map((i) => i.text).filter((t) => globalDecls.has(t) && !fn.locals.has(t)));
    for (const g of names) threadsOn.set(g, (threadsOn.get(g) ?? 0) + (runs.get(f) ?? 0));
  }
  for (const [g, n] of threadsOn) if (n >= 2 && !NOT_SHARED.test(globalDecls.get(g) ?? '')) sharedGlobals.add(g);
  // functions every thread-side call of which holds a lock
  const guarded = new Set<string>();
  for (const f of threadFns) {
    if (entries.has(f)) continue;
    const sites = threadFns.flatMap((g) => (graph.get(g) ?? []).filter((e) => e.to === f).map((e) => ({ call: e.call, fn: fns.get(g) as Fn })));
    if (sites.length > 0 && sites.every((s) => lockHeld(s.call, s.fn, ctx))) guarded.add(f);
  }
  const out: RawFinding[] = [];
  const lines = new Set<number>();
  for (const f of threadFns) {
    if (guarded.has(f)) continue;
    const fn = fns.get(f) as Fn;
    const entry = entries.get(f);
    // the same object handed to several threads: what the entry's parameter points to is shared
    const sharedParam = entry && fn.params[0] && entry.args.length >= 2 && entry.args.every((a) => a !== '' && a === entry.args[0]) ? fn.params[0] : undefined;
    const alias = aliases(fn, sharedGlobals, sharedParam);
    const multi = (runs.get(f) ?? 0) >= 2;
    for (const w of writes(fn)) {
      const root = lvalueRoot(target(w));
      if (!root) continue;
      let what: string | undefined;
      // `t->stats->hits++` with t a thread's own struct: the pointer inside it is the same for every thread
      const paramAlias = alias.get(root.name)?.startsWith('arg:') || (entry !== undefined && root.name === fn.params[0]) || [...fn.node.descendantsOfType('init_declarator')].some((d) => declaredName(d.childForFieldName('declarator')) === root.name && stripCasts(d.childForFieldName('value'))?.text === fn.params[0]);
      if (multi && entry && !sharedParam && paramAlias && hops(target(w)) >= 2) what = `what the struct each ${f}() thread was handed points to (the same for all of them)`;
      if (sharedGlobals.has(root.name) && !fn.locals.has(root.name)) what = `the global '${root.name}'`;
      else if (root.through && alias.has(root.name)) {
        const a = alias.get(root.name) as string;
        what = a.startsWith('arg:') ? `the struct every ${f}() thread was handed` : `the global '${a}'`;
      } else if (root.through && sharedParam && root.name === sharedParam) what = `the struct every ${f}() thread was handed`;
      if (!what) continue;
      if (lockHeld(w, fn, ctx)) {
        // locked write, unlocked test of the same data before it: check-then-act
        const test = unlockedTest(w, root.name, fn, ctx);
        if (test && !lines.has(test.startPosition.row + 1)) {
          lines.add(test.startPosition.row + 1);
          out.push(findingFor(HYGIENE_RULES.dataRace, 'Take the lock before the test and hold it until the update, so the decision and the write see the same value.', {
            node: test,
            pattern: 'check-then-act',
            confidence: 0.6,
            description: `${f}() tests ${what} here without the lock and updates it under the lock at line ${w.startPosition.row + 1}: another thread can change it in between, so the update acts on a stale check.`,
          }));
        }
        continue;
      }
      const line = w.startPosition.row + 1;
      if (lines.has(line)) continue;
      lines.add(line);
      out.push(findingFor(HYGIENE_RULES.dataRace, 'Hold the mutex that guards this data around every read-modify-write of it (or make it atomic, or give each thread its own copy).', {
        node: w,
        pattern: 'unlocked-shared-write',
        confidence: 0.65,
        description: `${f}() runs in ${runs.get(f) ?? 2}+ threads and writes ${what} here with no mutex held: concurrent updates are lost or interleave.`,
      }));
    }
  }
  return out;
}

/** Pointer hops in an lvalue: `t->stats->hits` → 2, `*t->count` → 2, `t->n` → 1. */
function hops(lv: SyntaxNode | null): number {
  let n = stripCasts(lv);
  let k = 0;
  while (n) {
    if (n.type === 'field_expression') {
      if (n.childForFieldName('operator')?.text === '->') k++;
      n = stripCasts(n.childForFieldName('argument'));
    } else if (n.type === 'subscript_expression') {
      n = stripCasts(n.childForFieldName('argument'));
    } else if (n.type === 'pointer_expression' && n.childForFieldName('operator')?.text === '*') {
      k++;
      n = stripCasts(n.childForFieldName('argument'));
    } else break;
  }
  return k;
}

/** The condition of an enclosing `if` that reads `name` while no lock is held there. */
function unlockedTest(w: SyntaxNode, name: string, fn: Fn, ctx: HygieneContext): SyntaxNode | undefined {
  for (let p = w.parent; p && p.id !== fn.node.id; p = p.parent) {
    if (p.type !== 'if_statement') continue;
    const cond = p.childForFieldName('condition');
    if (!cond || !cond.descendantsOfType('identifier').some((i) => i.text === name)) continue;
    if (!lockHeld(cond, fn, ctx)) return cond;
  }
  return undefined;
}

/** What a thread is handed, when it is one object the same for every thread (`&pool`, `state`); '' for a per-thread slot or nothing. */
function sharedArgText(arg: SyntaxNode | undefined): string {
  const a = stripCasts(arg);
  if (!a || a.type === 'null' || a.text === 'NULL' || a.text === '0' || a.type === 'number_literal') return '';
  // `&args[i]`, `args + i`, `argv[i + 1]`, a fresh malloc: one per thread
  if (/\[|\+|malloc|calloc|strdup/.test(a.text)) return '';
  const inner = a.type === 'pointer_expression' ? stripCasts(a.childForFieldName('argument')) : a;
  return inner?.type === 'identifier' || inner?.type === 'field_expression' ? a.text.replace(/\s+/g, '') : '';
}

/** Functions installed as signal handlers. */
function signalHandlers(ctx: HygieneContext): Set<string> {
  const out = new Set<string>();
  for (const c of callsOf(ctx, ['signal', 'sigset', 'bsd_signal'])) {
    const h = namedFunction(callArgs(c)[1]);
    if (h && !/^SIG_/.test(h)) out.add(h);
  }
  if (!/\bsa_(handler|sigaction)\b/.test(ctx.source())) return out;
  for (const a of ctx.root.descendantsOfType(['assignment_expression', 'initializer_pair'])) {
    const left = a.type === 'assignment_expression' ? a.childForFieldName('left') : a.childForFieldName('designator') ?? a.namedChildren[0];
    const right = a.type === 'assignment_expression' ? a.childForFieldName('right') : a.childForFieldName('value') ?? a.namedChildren[a.namedChildren.length - 1];
    if (!left || !/\bsa_(handler|sigaction)$/.test(left.text.replace(/\s+/g, ''))) continue;
    const h = namedFunction(right ?? undefined);
    if (h && !/^SIG_/.test(h)) out.add(h);
  }
  return out;
}

function signalUnsafe(ctx: HygieneContext, handlers: Set<string>, fns: Map<string, Fn>, graph: Map<string, Array<{ to: string; call: SyntaxNode }>>, globalDecls: Map<string, string>): RawFinding[] {
  const out: RawFinding[] = [];
  for (const h of handlers) {
    if (!fns.has(h)) continue;
    const inHandler = reachable([h], graph);
    // a handler that ends the program (a fatal signal, a quit) still risks a deadlock in a lock the
    // signal interrupted, but nothing runs on with corrupted state: a note
    const ends = [...inHandler].some((f) => (fns.get(f) as Fn).node.descendantsOfType('call_expression').some((c) => /^(exit|_exit|_Exit|abort|quick_exit)$/.test(calleeName(c) ?? '')));
    for (const f of inHandler) {
      const fn = fns.get(f) as Fn;
      const unsafe = fn.node.descendantsOfType('call_expression').filter((c) => SIGNAL_UNSAFE.has(calleeName(c) ?? ''));
      const first = unsafe[0];
      if (first) {
        const names = [...new Set(unsafe.map((c) => calleeName(c) as string))];
        out.push(findingFor(HYGIENE_RULES.signalUnsafe, 'In a handler, only set a volatile sig_atomic_t flag (or call async-signal-safe functions such as write() and _exit()); do the work in the main loop.', {
          node: first,
          pattern: names[0] as string,
          confidence: ends ? 0.45 : 0.7,
          description: `The signal handler ${h}${f === h ? '' : ` (through ${f})`} calls ${names.map((n) => `${n}()`).join(', ')}, which ${names.length > 1 ? 'are' : 'is'} not async-signal-safe: if the signal arrives while the program is inside the same function (or holds its lock), state is corrupted or the program deadlocks.`,
        }));
      }
      for (const w of writes(fn)) {
        const root = lvalueRoot(target(w));
        if (!root || fn.locals.has(root.name) || root.name === 'errno') continue;
        const decl = globalDecls.get(root.name);
        if (!decl || /\bsig_atomic_t\b|_Atomic|atomic_\w+|\bvolatile\b/.test(decl)) continue;
        out.push(findingFor(HYGIENE_RULES.signalUnsafe, `Declare '${root.name}' as volatile sig_atomic_t (or an atomic) and only set it in the handler.`, {
          node: w,
          pattern: 'handler-writes-global',
          confidence: ends ? 0.35 : 0.55,
          description: `The signal handler ${h}${f === h ? '' : ` (through ${f})`} writes the global '${root.name}', which is not a volatile sig_atomic_t: the main program may never see the write, or see it torn.`,
        }));
      }
    }
  }
  return dedupeLines(out);
}

/** One finding per line (a function reached from two handlers is reported once). */
function dedupeLines(list: RawFinding[]): RawFinding[] {
  const seen = new Set<number>();
  return list.filter((f) => !seen.has(f.line) && Boolean(seen.add(f.line)));
}
