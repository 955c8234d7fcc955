/**
 * Loop progress (CWE-835), read from a loop's text: the paths one iteration can take through the
 * body, and for each what it changes. An iteration that leaves the loop neither by its test nor
 * by a break/return, and changes nothing its test or its own branch decisions read, repeats
 * itself forever once taken: a tokenizer whose `if … else if …` chain has no branch for some
 * byte, `for (i = 0; i < n; )`, a count moved only by what `read()` returned (0 at end of file).
 * Also: an unsigned counter tested `>= 0`, and a counter stepped away from its bound.
 *
 * Calls count as changing what they can reach (memory, variables whose address they get); a loop
 * whose test is a constant and whose body does I/O is a service loop, not a flaw. The engine
 * (loops.ts) runs these checks where a loop is reached, and adds the value-based ones.
 */
import type { N } from './ast.js';

/** One iteration's path so far. */
interface Path {
  /** lvalues assigned (text without spaces) */
  mods: Set<string>;
  /** assigned only by an amount that may be 0: a read's byte count (0 at end of input), or a length field of the data */
  weak: Map<string, ZeroKind>;
  /** of `weak`, those moved by a variable holding the count (`len += n`): the variable */
  weakVia: Map<string, string>;
  memWrite: boolean;
  /** called something that is not a pure function */
  effect: boolean;
  /** what the branch conditions taken on this path read */
  reads: Set<string>;
  memRead: boolean;
  /** variables holding a read's byte count or a length read from the data, not yet tested against zero */
  counts: Map<string, ZeroKind>;
  /** the conditions known true on this path (text), for loops they imply */
  guards: string[];
  /** `x != C` facts of the path (failed `x == C` tests, switch cases passed by): lvalue → constants */
  neq: Map<string, Set<string>>;
  /** called a function-like macro: it may assign anything it names */
  wild: boolean;
  /** lvalues moved by a step or a computed value (a cursor), not set to a constant (a state) */
  adv: Set<string>;
}

interface Outcomes {
  next: Path[];
  cont: Path[];
  brk: Path[];
}

class Bail extends Error {}

/** Why an amount may be 0: a read at end of input, or a length field of the data. */
type ZeroKind = 'read' | 'field';

const BYTE_ORDER = /^(ntohs|ntohl|htons|htonl|be16toh|be32toh|be64toh|le16toh|le32toh|le64toh|bswap_16|bswap_32|bswap_64)$/;

/**
 * An amount that may be 0 on some input: what `read()`/`fread()` returned, or a value read out
 * of the data (`p[1]`, `hdr->len`, `ntohs(*(uint16_t *)p)`, `p[0] << 8 | p[1]`).
 */
function zeroKind(r: N | undefined, src: string): ZeroKind | undefined {
  if (!r) return undefined;
  if (r.t === 'call_expression') {
    const name = calleeName(r, src);
    if (READ_COUNT.has(name)) return 'read';
    if (BYTE_ORDER.test(name)) return zeroKind(strip(r.c[1]?.c[0]), src);
    return undefined;
  }
  return dataRead(r, src) ? 'field' : undefined;
}

function dataRead(n: N | undefined, src: string): boolean {
  const s = strip(n);
  if (!s) return false;
  if (s.t === 'subscript_expression' || (s.t === 'pointer_expression' && s.op === '*') || (s.t === 'field_expression' && s.op === '->')) return true;
  if (s.t === 'binary_expression' && (s.op === '|' || s.op === '<<' || s.op === '&') && s.c[0] && s.c[1]) {
    const parts = s.c.filter((c) => !isConstant(c, src));
    return parts.length > 0 && parts.every((c) => dataRead(c, src));
  }
  return false;
}

const MAX_PATHS = 64;

/** Functions that change nothing the loop can see (their result is all they do). */
const PURE = new Set([
  'isalpha', 'isdigit', 'isalnum', 'isspace', 'isupper', 'islower', 'isxdigit', 'ispunct', 'isprint', 'iscntrl', 'isgraph',
  'isblank', 'isascii', 'iswalpha', 'iswdigit', 'iswalnum', 'iswspace', 'toupper', 'tolower', 'towupper', 'towlower',
  'strlen', 'strnlen', 'wcslen', 'strcmp', 'strncmp', 'strcasecmp', 'strncasecmp', 'strchr', 'strrchr', 'strstr', 'strspn',
  'strcspn', 'strpbrk', 'memchr', 'memcmp', 'wcschr', 'wcscmp', 'abs', 'labs', 'llabs', 'fabs', 'sqrt', 'floor', 'ceil',
  'feof', 'ferror',
]);

/** Byte readers: 0 means end of input, so a count moved by their result may stop moving. */
const READ_COUNT = new Set(['fread', 'read', 'pread', 'recv', 'recvfrom', 'recvmsg', 'readv', 'gzread', 'BIO_read', 'SSL_read']);

export const NORETURN_CALLS = new Set([
  'exit', 'abort', '_exit', '_Exit', 'quick_exit', 'err', 'errx', 'verr', 'verrx', 'longjmp', 'siglongjmp', 'pthread_exit',
  '__assert_fail', '__builtin_unreachable', 'thrd_exit',
]);

/** What the checks need to know about the function around the loop. */
export interface LoopScope {
  src: string;
  /** parameters and locals of the function */
  locals: ReadonlySet<string>;
  /** locals whose address is taken somewhere in the function (a call may change them) */
  addrTaken: ReadonlySet<string>;
  /** locals and parameters assigned somewhere in the function after their declaration */
  assigned: ReadonlySet<string>;
  /** unsigned locals and parameters */
  unsigned: ReadonlySet<string>;
  /** globals that other code may change at any time: volatile, atomic, sig_atomic_t */
  volatiles: ReadonlySet<string>;
  noreturn: ReadonlySet<string>;
  /** function-like macros of the file */
  macros: ReadonlySet<string>;
  /** C++: operators may be calls (`std::cin >> x`) */
  cpp: boolean;
  /**
   * constants stored anywhere in the file, by storeKey: a variable by name, a member by its
   * struct type and name (`EState.state`); an entry that is also stored a computed value is absent
   */
  stored: ReadonlyMap<string, ReadonlySet<string>>;
  /** the key of an lvalue text (`s->state`) in `stored`, when its type is known */
  storeKey: (lv: string) => string | undefined;
}

export type ProgressFlaw =
  /** every way round the body changes nothing the loop tests */
  | { kind: 'never'; at: N; constant: boolean }
  /** some way round the body (this one) changes nothing the loop tests */
  | { kind: 'stuck'; at: N; via: 'path' | 'read' | 'field' }
  | { kind: 'unsigned'; at: N; name: string }
  | { kind: 'away'; at: N; name: string }
  /** `while (x != end) x += 2;`: the counter can step over the one value that stops it */
  | { kind: 'over'; at: N; name: string; step: number };

export const txt = (n: N, src: string) => src.slice(n.s, n.e).replace(/\s+/g, '');

export function strip(n: N | undefined): N | undefined {
  let c = n;
  while (c && (c.t === 'parenthesized_expression' || c.t === 'cast_expression') && c.c.length > 0) c = c.c[c.c.length - 1];
  return c;
}

function calleeName(call: N, src: string): string {
  const f = call.c[0];
  if (!f) return '';
  return txt(f, src).replace(/^.*::/, '');
}

function clone(p: Path): Path {
  return {
    mods: new Set(p.mods), weak: new Map(p.weak), weakVia: new Map(p.weakVia), memWrite: p.memWrite, effect: p.effect, reads: new Set(p.reads), memRead: p.memRead,
    counts: new Map(p.counts), guards: [...p.guards], neq: new Map([...p.neq].map(([k, v]) => [k, new Set(v)])), wild: p.wild, adv: new Set(p.adv),
  };
}

function fresh(): Path {
  return { mods: new Set(), weak: new Map(), weakVia: new Map(), memWrite: false, effect: false, reads: new Set(), memRead: false, counts: new Map(), guards: [], neq: new Map(), wild: false, adv: new Set() };
}

/** Joins paths into one that did what any of them did (the way out of a nested loop). */
function union(ps: Path[], base: Path): Path {
  const out = clone(base);
  for (const p of ps) {
    for (const m of p.mods) out.mods.add(m);
    for (const [m, k] of p.weak) out.weak.set(m, k);
    for (const [m, c] of p.weakVia) out.weakVia.set(m, c);
    for (const r of p.reads) out.reads.add(r);
    for (const [c, k] of p.counts) out.counts.set(c, k);
    for (const a of p.adv) out.adv.add(a);
    out.memWrite ||= p.memWrite;
    out.effect ||= p.effect;
    out.memRead ||= p.memRead;
    out.wild ||= p.wild;
  }
  return out;
}

class Walker {
  /** locals declared inside the loop body: set afresh each iteration, read as what they were set from */
  readonly aliases = new Map<string, Set<string>>();
  eofTested = false;
  /** paths that left by return, goto or a call that never returns */
  exits = 0;

  constructor(private scope: LoopScope) {}

  private get src(): string {
    return this.scope.src;
  }

  /** What an expression reads: variables and lvalues, with body locals seen through their initialisers. */
  reads(n: N | undefined, out: Set<string>, mem: { v: boolean }): void {
    if (!n) return;
    const src = this.src;
    switch (n.t) {
      case 'identifier': {
        const name = src.slice(n.s, n.e);
        const alias = this.aliases.get(name);
        if (alias) for (const a of alias) out.add(a);
        else out.add(name);
        return;
      }
      case 'field_expression':
      case 'subscript_expression':
        out.add(txt(n, src));
        if (n.t === 'subscript_expression' || n.op === '->') mem.v = true;
        break;
      case 'pointer_expression':
        if (n.op === '*') {
          out.add(txt(n, src));
          mem.v = true;
        }
        break;
      case 'call_expression':
        for (const a of n.c[1]?.c ?? []) this.reads(a, out, mem);
        return;
      default:
        break;
    }
    for (const c of n.c) this.reads(c, out, mem);
  }

  /** The side effects of evaluating `n` on path `p`; false when the path ends here (a call that never returns). */
  effects(n: N | undefined, p: Path): boolean {
    if (!n) return true;
    const src = this.src;
    switch (n.t) {
      case 'assignment_expression': {
        const [lhs, rhs] = n.c;
        if (!lhs) return true;
        const target = strip(lhs);
        const key = txt(target ?? lhs, src);
        const r = strip(rhs);
        const zero = zeroKind(r, src);
        const byCount = (n.op === '+=' || n.op === '-=') && r !== undefined ? (zero ?? (r.t === 'identifier' ? p.counts.get(txt(r, src)) : undefined)) : undefined;
        if (!(n.op === '=' && rhs && isConstant(rhs, src))) p.adv.add(key);
        if (target?.t === 'identifier') {
          if (byCount) {
            p.weak.set(key, byCount);
            if (r?.t === 'identifier') p.weakVia.set(key, txt(r, src));
            else p.weakVia.delete(key);
          } else {
            p.mods.add(key);
            p.weak.delete(key);
            p.weakVia.delete(key);
          }
          if (n.op === '=' && zero) p.counts.set(key, zero);
          else if (n.op === '=') p.counts.delete(key);
        } else {
          p.memWrite = true;
          p.mods.add(key);
        }
        for (const c of target && target !== lhs ? [] : lhs.c) if (!this.effects(c, p)) return false;
        return this.effects(rhs, p);
      }
      case 'update_expression': {
        const target = strip(n.c[0]);
        if (target) {
          p.mods.add(txt(target, src));
          p.adv.add(txt(target, src));
          if (target.t !== 'identifier') p.memWrite = true;
          for (const c of target.c) if (!this.effects(c, p)) return false;
        }
        return true;
      }
      case 'call_expression': {
        const name = calleeName(n, src);
        for (const a of n.c[1]?.c ?? []) if (!this.effects(a, p)) return false;
        if (NORETURN_CALLS.has(name) || this.scope.noreturn.has(name)) {
          this.exits++;
          return false;
        }
        if (name === 'feof') this.eofTested = true;
        if (PURE.has(name)) return true;
        if (this.scope.macros.has(name) || /^[A-Z_][A-Z0-9_]*$/.test(name)) p.wild = true;
        p.effect = true;
        p.memWrite = true;
        for (const a of n.c[1]?.c ?? []) {
          const s = strip(a);
          if (s?.t === 'pointer_expression' && s.op === '&' && s.c[0]) p.mods.add(txt(strip(s.c[0]) ?? s.c[0], src));
        }
        return true;
      }
      case 'conditional_expression':
      case 'binary_expression': {
        // `std::cin >> x`: a stream read, an operator call
        if (this.scope.cpp && (n.op === '>>' || n.op === '<<')) {
          p.effect = true;
          p.memWrite = true;
          p.wild = true;
        }
        // the right side of && / || and the arms of ?: may not run: what they change counts (changing
        // more only makes a path less likely to look stuck), a call that never returns does not end the path
        const [first, ...rest] = n.c;
        if (!this.effects(first, p)) return false;
        const lazy = n.t === 'conditional_expression' || n.op === '&&' || n.op === '||';
        for (const c of rest) {
          if (!lazy) {
            if (!this.effects(c, p)) return false;
          } else {
            const side = clone(p);
            this.effects(c, side);
            Object.assign(p, union([side], p));
          }
        }
        return true;
      }
      case 'lambda_expression':
        return true;
      default:
        for (const c of n.c) if (!this.effects(c, p)) return false;
        return true;
    }
  }

  /** A condition read on every path through it (the reads join the paths' decisions); its tested byte counts drop. */
  private testCond(cond: N, p: Path): void {
    const mem = { v: false };
    this.reads(cond, p.reads, mem);
    p.memRead ||= mem.v;
    for (const c of [...p.counts.keys()]) if (excludesZero(cond, c, this.src)) p.counts.delete(c);
    // `len += n; if (n == 0) break;`: the count tested after it moved the counter: the way on moved it
    for (const [m, c] of [...p.weakVia]) {
      if (!excludesZero(cond, c, this.src)) continue;
      p.weak.delete(m);
      p.weakVia.delete(m);
      p.mods.add(m);
    }
  }

  walk(n: N | undefined, paths: Path[]): Outcomes {
    const out: Outcomes = { next: [], cont: [], brk: [] };
    if (!n || paths.length === 0) {
      out.next = paths;
      return out;
    }
    if (paths.length > MAX_PATHS) throw new Bail();
    const src = this.src;
    switch (n.t) {
      case 'compound_statement': {
        let cur = paths;
        for (const c of n.c) {
          const r = this.walk(c, cur);
          out.cont.push(...r.cont);
          out.brk.push(...r.brk);
          cur = r.next;
          if (cur.length === 0) break;
        }
        out.next = cur;
        return out;
      }
      case 'expression_statement':
        out.next = paths.filter((p) => n.c.every((c) => this.effects(c, p)));
        return out;
      case 'declaration':
        for (const d of n.c) {
          if (d.t !== 'init_declarator') continue;
          const name = declName(d.c[0], src);
          const init = d.c[1];
          if (name) {
            const r = new Set<string>();
            this.reads(init, r, { v: false });
            this.aliases.set(name, r);
          }
          const keep: Path[] = [];
          for (const p of paths) {
            if (!this.effects(init, p)) continue;
            const zero = zeroKind(strip(init), src);
            if (name && zero) p.counts.set(name, zero);
            keep.push(p);
          }
          paths = keep;
        }
        out.next = paths;
        return out;
      case 'if_statement': {
        const [cond, cons, alt] = n.c;
        const elseBody = alt?.t === 'else_clause' ? alt.c[0] : alt;
        const ctext = cond ? txt(cond, src) : '';
        const thenPaths: Path[] = [];
        const elsePaths: Path[] = [];
        for (const p of paths) {
          if (cond && !this.effects(cond, p)) continue;
          if (cond) this.testCond(cond, p);
          const t = clone(p);
          t.guards.push(ctext);
          thenPaths.push(t);
          const f = p;
          f.guards.push(`!${ctext}`);
          const eq = cond ? equalityTest(cond, src) : undefined;
          if (eq) addNeq(f, eq.lhs, eq.value);
          elsePaths.push(f);
        }
        const a = this.walk(cons, thenPaths);
        const b = elseBody ? this.walk(elseBody, elsePaths) : { next: elsePaths, cont: [], brk: [] };
        return { next: [...a.next, ...b.next], cont: [...a.cont, ...b.cont], brk: [...a.brk, ...b.brk] };
      }
      case 'while_statement':
      case 'for_statement':
      case 'do_statement':
        out.next = this.inner(n, paths);
        return out;
      case 'switch_statement':
        return this.switchStmt(n, paths);
      case 'break_statement':
        out.brk = paths;
        return out;
      case 'continue_statement':
        out.cont = paths;
        return out;
      case 'return_statement':
      case 'goto_statement':
      case 'throw_statement':
        this.exits += paths.length;
        return out;
      case 'labeled_statement':
        return this.walk(n.c[1], paths);
      case 'case_statement':
        throw new Bail();
      default:
        // `;`, a type definition; preprocessor branches and anything unusual: give up
        if (n.t.startsWith('preproc') || n.t === 'try_statement' || n.t === 'ERROR') throw new Bail();
        out.next = paths;
        return out;
    }
  }

  /** A nested loop: either it does not run, or it runs and changes what any of its iterations change. */
  private inner(n: N, paths: Path[]): Path[] {
    const src = this.src;
    const [init, cond, update] = n.t === 'for_statement' ? (n.parts ?? []) : [undefined, n.t === 'while_statement' ? n.c[0] : n.c[1], undefined];
    const body = n.t === 'for_statement' ? n.c[n.c.length - 1] : n.t === 'while_statement' ? n.c[1] : n.c[0];
    const out: Path[] = [];
    for (const p0 of paths) {
      const p = clone(p0);
      if (init && !(init.t === 'declaration' ? this.walk(init, [p]).next.length > 0 : this.effects(init, p))) continue;
      if (cond && !this.effects(cond, p)) continue;
      if (cond) this.testCond(cond, p);
      const once = n.t === 'do_statement' || (cond !== undefined && implied(cond, p.guards, src));
      if (!once) out.push(clone(p));
      const saved = new Map(this.aliases);
      const r = this.walk(body, [clone(p)]);
      this.aliases.clear();
      for (const [k, v] of saved) this.aliases.set(k, v);
      const ran = [...r.next, ...r.cont];
      for (const q of ran) if (update) this.effects(update, q);
      if (ran.length + r.brk.length > 0) out.push(union([...ran, ...r.brk], p));
    }
    if (out.length > MAX_PATHS) throw new Bail();
    return out;
  }

  private switchStmt(n: N, paths: Path[]): Outcomes {
    const [cond, body] = n.c;
    const out: Outcomes = { next: [], cont: [], brk: [] };
    const entry: Path[] = [];
    for (const p of paths) {
      if (cond && !this.effects(cond, p)) continue;
      if (cond) this.testCond(cond, p);
      entry.push(p);
    }
    // cases behind #if cannot be told apart from the rest
    if ((body?.c ?? []).some((c) => c.t !== 'case_statement')) throw new Bail();
    const cases = (body?.c ?? []).filter((c) => c.t === 'case_statement');
    let carry: Path[] = [];
    for (const c of cases) {
      const stmts = c.op === 'default' ? c.c : c.c.slice(1);
      let cur = [...carry, ...entry.map(clone)];
      for (const s of stmts) {
        const r = this.walk(s, cur);
        out.cont.push(...r.cont);
        out.next.push(...r.brk);
        cur = r.next;
      }
      carry = cur;
    }
    out.next.push(...carry);
    if (!cases.some((c) => c.op === 'default')) {
      // no case matched: the subject differs from every case value
      const subject = cond ? txt(strip(cond) ?? cond, this.src) : '';
      for (const p of entry) for (const c of cases) if (c.c[0]) addNeq(p, subject, txt(c.c[0], this.src));
      out.next.push(...entry);
    }
    if (out.next.length > MAX_PATHS) throw new Bail();
    return out;
  }
}

/** `x == C` (or `C == x`) with C a literal or an upper-case constant name. */
function equalityTest(cond: N, src: string): { lhs: string; value: string } | undefined {
  const s = strip(cond);
  if (s?.t !== 'binary_expression' || s.op !== '==' || !s.c[0] || !s.c[1]) return undefined;
  const [a, b] = s.c;
  if (isConstant(b, src)) return { lhs: txt(strip(a) ?? a, src), value: txt(b, src) };
  if (isConstant(a, src)) return { lhs: txt(strip(b) ?? b, src), value: txt(a, src) };
  return undefined;
}

export function isConstant(n: N, src: string): boolean {
  const s = strip(n);
  return s !== undefined && (s.t === 'number_literal' || s.t === 'char_literal' || (s.t === 'identifier' && /^[A-Z][A-Z0-9_]*$/.test(src.slice(s.s, s.e))));
}

function addNeq(p: Path, lhs: string, value: string): void {
  const set = p.neq.get(lhs) ?? new Set<string>();
  set.add(value);
  p.neq.set(lhs, set);
}

/**
 * A path that got past `x == A` and `x == B` tests when the code only ever stores A or B in x
 * (a state machine's dispatch) cannot happen.
 */
function infeasible(p: Path, scope: LoopScope): boolean {
  for (const [lv, values] of p.neq) {
    const stored = scope.stored.get(scope.storeKey(lv) ?? lv);
    if (stored && stored.size > 0 && [...stored].every((v) => values.has(v))) return true;
  }
  return false;
}

function declName(d: N | undefined, src: string): string | undefined {
  let c = d;
  while (c && c.t !== 'identifier') c = c.c[c.t === 'array_declarator' || c.t === 'pointer_declarator' ? c.c.length - 1 : 0];
  return c ? src.slice(c.s, c.e) : undefined;
}

/** Does `cond` test `name` in a way that fails for 0 (`n == 0`, `n <= 0`, `!n`, `n < want`, `n > 0`)? */
function excludesZero(cond: N, name: string, src: string): boolean {
  const is = (x: N | undefined) => {
    const s = strip(x);
    return s?.t === 'identifier' && src.slice(s.s, s.e) === name;
  };
  const lit = (x: N | undefined) => {
    const s = strip(x);
    if (s?.t === 'number_literal') return Number(src.slice(s.s, s.e).replace(/[uUlL]+$/, ''));
    if (s?.t === 'unary_expression' && s.op === '-' && s.c[0]?.t === 'number_literal') return -Number(src.slice(s.c[0].s, s.c[0].e).replace(/[uUlL]+$/, ''));
    return undefined;
  };
  const stack = [cond];
  while (stack.length > 0) {
    const n = stack.pop() as N;
    if (n.t === 'binary_expression' && n.op && n.c[0] && n.c[1]) {
      const flip: Record<string, string> = { '<': '>', '<=': '>=', '>': '<', '>=': '<=', '==': '==', '!=': '!=' };
      const [a, b] = n.c;
      const op = is(a) ? n.op : is(b) ? flip[n.op] : undefined;
      const other = is(a) ? b : a;
      if (op) {
        const k = lit(other);
        if (op === '==' || op === '!=') return k === undefined || k >= 0;
        if (op === '<') return k === undefined || k > 0;
        if (op === '<=') return k === undefined || k >= 0;
        if (op === '>') return k === undefined || k >= 0;
        if (op === '>=') return k === undefined || k > 0;
      }
    }
    if (n.t === 'unary_expression' && n.op === '!' && is(n.c[0])) return true;
    if (n.t === 'identifier' && src.slice(n.s, n.e) === name && n === strip(cond)) return true;
    for (const c of n.c) stack.push(c);
  }
  return false;
}

const CLASS_WITHIN: Record<string, string[]> = {
  isalpha: ['isalnum', 'isgraph', 'isprint'],
  isupper: ['isalpha', 'isalnum', 'isgraph', 'isprint'],
  islower: ['isalpha', 'isalnum', 'isgraph', 'isprint'],
  isdigit: ['isalnum', 'isxdigit', 'isgraph', 'isprint'],
  isxdigit: ['isalnum', 'isgraph', 'isprint'],
  isalnum: ['isgraph', 'isprint'],
  ispunct: ['isgraph', 'isprint'],
  isblank: ['isspace'],
};

/** A nested loop whose test the enclosing `if` already made true runs at least once. */
function implied(cond: N, guards: readonly string[], src: string): boolean {
  const disjuncts: string[] = [];
  const split = (n: N) => {
    const s = n.t === 'parenthesized_expression' && n.c[0] ? n.c[0] : n;
    if (s.t === 'binary_expression' && s.op === '||' && s.c[0] && s.c[1]) {
      split(s.c[0]);
      split(s.c[1]);
    } else disjuncts.push(txt(s, src));
  };
  split(cond);
  for (const g0 of guards) {
    if (g0.startsWith('!')) continue;
    // a guard `a || b` implies the loop test only when each of its parts does; a guard `a && b`, when one does
    const g = g0.replace(/^\((.*)\)$/, '$1');
    const parts = g.split('&&');
    for (const part of parts) {
      const alts = part.replace(/^\((.*)\)$/, '$1').split('||');
      if (alts.every((a) => disjuncts.some((d) => d === a || within(a, d)))) return true;
    }
  }
  return false;
}

/** `isalpha(x)` implies `isalnum(x)`; both texts without spaces. */
function within(a: string, b: string): boolean {
  const ma = /^\(?(\w+)\((.*)\)\)?$/.exec(a);
  const mb = /^\(?(\w+)\((.*)\)\)?$/.exec(b);
  if (!ma || !mb || ma[2] !== mb[2]) return false;
  return CLASS_WITHIN[ma[1] ?? '']?.includes(mb[1] ?? '') ?? false;
}

/** The loop's parts: test, body, per-iteration update, and the statement a finding about the body points at. */
function parts(loop: N): { cond?: N; body?: N; update?: N } {
  if (loop.t === 'for_statement') return { cond: loop.parts?.[1], body: loop.c[loop.c.length - 1], update: loop.parts?.[2] };
  if (loop.t === 'while_statement') return { cond: loop.c[0], body: loop.c[1] };
  return { cond: loop.c[1], body: loop.c[0] };
}

function firstStatement(body: N | undefined, loop: N): N {
  if (body?.t === 'compound_statement') return body.c[0] ?? loop;
  return body ?? loop;
}

/** `while (1)`, `for (;;)`, `while (true)`: a test nothing can make false. */
function constantTrue(cond: N | undefined, src: string): boolean {
  const s = strip(cond);
  if (!s) return true;
  if (s.t === 'true') return true;
  if (s.t === 'number_literal') return !/^0+[uUlL]*$/.test(src.slice(s.s, s.e));
  return false;
}

const cache = new WeakMap<N, ProgressFlaw | null>();

/** The progress flaw of `loop`, if its text shows one (see the module comment). */
export function progressFlaw(loop: N, scope: LoopScope): ProgressFlaw | undefined {
  let hit = cache.get(loop);
  if (hit === undefined) {
    try {
      hit = analyse(loop, scope) ?? null;
    } catch (e) {
      if (!(e instanceof Bail)) throw e;
      hit = null;
    }
    cache.set(loop, hit);
  }
  return hit ?? undefined;
}

/** `while (0)`: the body runs at most once (`do { … } while (0)` in macros). */
function constantFalse(cond: N | undefined, src: string): boolean {
  const s = strip(cond);
  return s !== undefined && ((s.t === 'number_literal' && /^0+[uUlL]*$/.test(src.slice(s.s, s.e))) || s.t === 'false');
}

function analyse(loop: N, scope: LoopScope): ProgressFlaw | undefined {
  const { src } = scope;
  const { cond, body, update } = parts(loop);
  if (constantFalse(cond, src)) return undefined;
  const unsigned = unsignedForever(cond, scope);
  if (unsigned) return { kind: 'unsigned', at: loop, name: unsigned };
  const away = awayFromBound(loop, cond, body, update, scope);
  if (away) return { kind: 'away', at: loop, name: away };
  const over = stepsOver(loop, cond, body, update, scope);
  if (over) return { kind: 'over', at: loop, name: over.name, step: over.step };
  const w = new Walker(scope);
  // the test runs every iteration: what it changes (`*p++`) and calls it makes (`fgets`) count for every path
  const head = fresh();
  if (cond && !w.effects(cond, head)) return undefined;
  if (head.effect || head.mods.size > 0) return undefined;
  const condReads = new Set<string>();
  const mem = { v: false };
  w.reads(cond, condReads, mem);
  // changed from outside (a signal handler, another thread): not this loop's to finish
  if ([...condReads].some((r) => scope.volatiles.has(rootName(r)))) return undefined;
  const constant = constantTrue(cond, src);
  const r = w.walk(body, [fresh()]);
  const ends = [...r.next, ...r.cont];
  if (ends.length === 0) return undefined;
  const stuck: Path[] = [];
  let readStuck = false;
  let fieldStuck = false;
  for (const p of ends) {
    if (update && !w.effects(update, p)) continue;
    const reads = new Set([...condReads, ...p.reads]);
    const memRead = mem.v || p.memRead;
    const moved = [...p.mods].some((m) => !w.aliases.has(m) && reads.has(m));
    // a call can change memory, globals and locals whose address it may hold
    const reachable = memRead || [...reads].some((x) => !constantName(x) && (!scope.locals.has(rootName(x)) || scope.addrTaken.has(rootName(x))));
    if (moved || p.wild || (p.memWrite && memRead) || (p.effect && reachable) || infeasible(p, scope)) continue;
    // moved only by a read's byte count (stuck at end of input unless the loop tests for it) or by a
    // length from the data nothing tested against 0
    const weakBy = [...p.weak].filter(([m]) => reads.has(m)).map(([, k]) => k);
    if (weakBy.length > 0) {
      if (weakBy.includes('field')) fieldStuck = true;
      else if (!w.eofTested) readStuck = true;
      continue;
    }
    stuck.push(p);
  }
  if (stuck.length === 0) return readStuck ? { kind: 'stuck', at: loop, via: 'read' } : fieldStuck ? { kind: 'stuck', at: loop, via: 'field' } : undefined;
  // nothing in the test ever changes (a constant, a flag set once): an endless loop that does
  // something (serves, polls, logs) is meant to be one; one that does nothing is a hang
  const settled = constant || [...condReads].every((x) => constantName(x) || (scope.locals.has(x) && !scope.assigned.has(x) && !scope.addrTaken.has(x)));
  if (settled && stuck.every((p) => p.effect)) return undefined;
  if (stuck.length === ends.length) return { kind: 'never', at: firstStatement(body, loop), constant };
  // some paths move on: the stuck one is a flaw when what it tests is a cursor the others advance
  // (a byte of the text), not a state variable they set to constants (its values are the cases)
  const advanced = new Set(ends.filter((p) => !stuck.includes(p)).flatMap((p) => [...p.adv]));
  if (!stuck.some((p) => [...condReads, ...p.reads].some((r) => advanced.has(r)))) return undefined;
  return { kind: 'stuck', at: loop, via: 'path' };
}

/** `MAX_LEN`, `EOF`: a macro or enumerator, not something a loop changes. */
function constantName(x: string): boolean {
  return /^[A-Z][A-Z0-9_]*$/.test(x);
}

/**
 * The statement to report when the engine shows a loop's test never fails: the body has no way
 * out (no break, return, goto or call that ends the program) and does nothing outside the loop
 * (no calls but pure ones); undefined otherwise.
 */
export function endlessBody(loop: N, scope: LoopScope): N | undefined {
  const { body, cond } = parts(loop);
  if (constantFalse(cond, scope.src)) return undefined;
  const w = new Walker(scope);
  try {
    const r = w.walk(body, [fresh()]);
    const ends = [...r.next, ...r.cont];
    if (w.exits > 0 || r.brk.length > 0 || ends.length === 0 || ends.some((p) => p.effect)) return undefined;
  } catch (e) {
    if (e instanceof Bail) return undefined;
    throw e;
  }
  return firstStatement(body, loop);
}

function rootName(lv: string): string {
  return /^[*&(]*([A-Za-z_]\w*)/.exec(lv)?.[1] ?? lv;
}

/** `u >= 0`, `0 <= u`, `u > -1` with u unsigned: always true. Returns u. */
function unsignedForever(cond: N | undefined, scope: LoopScope): string | undefined {
  const s = strip(cond);
  if (s?.t !== 'binary_expression' || !s.c[0] || !s.c[1]) return undefined;
  const src = scope.src;
  const name = (x: N | undefined) => {
    const v = x?.t === 'identifier' ? src.slice(x.s, x.e) : undefined;
    return v && scope.unsigned.has(v) ? v : undefined;
  };
  const zero = (x: N | undefined) => x?.t === 'number_literal' && /^0+[uUlL]*$/.test(src.slice(x.s, x.e));
  if (s.op === '>=' && zero(s.c[1])) return name(s.c[0]);
  if (s.op === '<=' && zero(s.c[0])) return name(s.c[1]);
  return undefined;
}

/**
 * `for (i = 0; i < n; i--)`: every step moves the counter away from the bound it is tested
 * against (by a constant), and nothing else in the loop sets it.
 */
function awayFromBound(loop: N, cond: N | undefined, body: N | undefined, update: N | undefined, scope: LoopScope): string | undefined {
  const s = strip(cond);
  if (s?.t !== 'binary_expression' || !s.c[0] || !s.c[1] || loop.t !== 'for_statement') return undefined;
  const src = scope.src;
  let v: string | undefined;
  let up: boolean;
  if (s.c[0].t === 'identifier' && (s.op === '<' || s.op === '<=' || s.op === '>' || s.op === '>=')) {
    v = src.slice(s.c[0].s, s.c[0].e);
    up = s.op === '<' || s.op === '<=';
  } else return undefined;
  if (scope.unsigned.has(v)) return undefined;
  // every change to v in the update and the body, as a direction; anything else: unknown
  let dirs = 0;
  let against = 0;
  const stack = [update, body].filter((x): x is N => x !== undefined);
  while (stack.length > 0) {
    const n = stack.pop() as N;
    const target = n.t === 'update_expression' || n.t === 'assignment_expression' ? strip(n.c[0]) : n.t === 'pointer_expression' && n.op === '&' ? strip(n.c[0]) : undefined;
    if (target?.t === 'identifier' && src.slice(target.s, target.e) === v) {
      let d: number | undefined;
      if (n.t === 'update_expression') d = n.op === '++' ? 1 : -1;
      else if (n.t === 'assignment_expression' && (n.op === '+=' || n.op === '-=') && n.c[1]?.t === 'number_literal') d = (n.op === '+=' ? 1 : -1) * Math.sign(Number(src.slice(n.c[1].s, n.c[1].e).replace(/[uUlL]+$/, '')));
      if (d === undefined || d === 0) return undefined;
      dirs++;
      if ((d > 0) !== up) against++;
    }
    for (const c of n.c) stack.push(c);
  }
  return dirs > 0 && against === dirs ? v : undefined;
}

/**
 * `for (i = 0; i != n; i += 2)`: a counter tested with `!=` and moved only by a constant step of 2
 * or more passes the bound unless the distance is a multiple of the step; left alone when start
 * and bound are constants that fit.
 */
function stepsOver(loop: N, cond: N | undefined, body: N | undefined, update: N | undefined, scope: LoopScope): { name: string; step: number } | undefined {
  const s = strip(cond);
  if (s?.t !== 'binary_expression' || s.op !== '!=' || !s.c[0] || !s.c[1]) return undefined;
  const src = scope.src;
  const [a, b] = s.c;
  const side = a.t === 'identifier' ? a : b.t === 'identifier' ? b : undefined;
  const bound = side === a ? b : a;
  if (!side) return undefined;
  const v = src.slice(side.s, side.e);
  let step: number | undefined;
  const stack = [update, body].filter((x): x is N => x !== undefined);
  while (stack.length > 0) {
    const n = stack.pop() as N;
    const target = n.t === 'update_expression' || n.t === 'assignment_expression' ? strip(n.c[0]) : n.t === 'pointer_expression' && n.op === '&' ? strip(n.c[0]) : undefined;
    if (target?.t === 'identifier' && src.slice(target.s, target.e) === v) {
      const k = n.t === 'assignment_expression' && (n.op === '+=' || n.op === '-=') && n.c[1]?.t === 'number_literal' ? Math.abs(Number(src.slice(n.c[1].s, n.c[1].e).replace(/[uUlL]+$/, ''))) : undefined;
      if (k === undefined || k < 2 || (step !== undefined && step !== k)) return undefined;
      step = k;
    }
    for (const c of n.c) stack.push(c);
  }
  if (step === undefined) return undefined;
  // constant start and bound: decided by arithmetic
  const init = loop.t === 'for_statement' ? loop.parts?.[0] : undefined;
  const start = init ? /=\s*(-?\d+)\s*;?$/.exec(src.slice(init.s, init.e))?.[1] : undefined;
  const end = bound.t === 'number_literal' ? src.slice(bound.s, bound.e).replace(/[uUlL]+$/, '') : undefined;
  if (start !== undefined && end !== undefined && (Number(end) - Number(start)) % step === 0) return undefined;
  return { name: v, step };
}
