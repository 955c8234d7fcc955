/**
 * Struct members. A member of a tracked struct variable is a variable of its own (`s.f`, also
 * reached as `p->f` when p = &s); a member of memory (`p->f` for a heap, stack or caller's
 * object, `a[i].f`) lives in the object at its byte offset, so every alias sees the same value
 * and a freed or NULL base is caught on the access.
 */
import type { N } from './ast.js';
import { report, text, type Frame, type Run } from './context.js';
import { checkDeref, checkIndex } from './access.js';
import { evalExpr } from './eval.js';
import { assignVar, clampToType, escape, loaded, loadElement, markWritten, newObj, shift, writeElement } from './memory.js';
import { smartPointee } from './cpp.js';
import { keyOf, lvalKey, staticType } from './names.js';
import type { State } from './state.js';
import { derefType, intRange, sizeOf, type CType } from './types.js';
import { int, NO, UNKNOWN, YES, type PtrV, type Val } from './values.js';

export interface FieldLoc {
  /** the member as a tracked variable, or its address in memory */
  at: Val;
  type?: CType;
  /** bytes accessed: the member's size, or the whole struct when its layout is not known */
  size?: number;
}

/** The struct type a member access reads from. */
function baseStruct(n: N, fr: Frame, run: Run): CType | undefined {
  const base = n.c[0];
  if (!base) return undefined;
  const t = staticType(base, fr, run);
  if (!t) return undefined;
  // C++ `p->f` on a std::unique_ptr / shared_ptr
  if (n.op === '->' && fr.file.cpp && t.ptr === 0) return smartPointee(t);
  return n.op === '->' ? derefType(t) : t;
}

/** Where `base->f` / `base.f` is, evaluating the base (and checking it when it is dereferenced). */
export function fieldLoc(n: N, st: State, fr: Frame, run: Run, check = true): FieldLoc {
  const [base, field] = n.c;
  if (!base || !field) return { at: UNKNOWN };
  const name = text(fr.file, field);
  const st0 = baseStruct(n, fr, run);
  const info = st0 && st0.ptr === 0 ? run.group.structs.get(st0.base) : undefined;
  const f = info?.fields.get(name);
  const b = n.op === '->' ? evalExpr(base, st, fr, run) : addrOf(base, st, fr, run);
  if (n.op === '->' && check) checkDeref(b, base, st, fr, run);
  if (b.k === 'ref') return { at: { k: 'ref', key: info?.union ? `${b.key}.#` : `${b.key}.${name}` }, type: f?.type };
  if (b.k !== 'ptr') return { at: UNKNOWN, type: f?.type };
  if (!f) {
    // a struct whose layout we lack: the access touches the element as a whole, when its size is known
    const whole = st0 && st0.ptr === 0 ? sizeOf(st0, run.group.structs) : undefined;
    return whole !== undefined ? { at: b, size: whole } : { at: { ...b, t: b.t.map((t) => ({ ...t, lo: -Infinity, hi: Infinity })) } };
  }
  return { at: shift(b, int(f.off), 1), type: f.type, size: sizeOf(f.type, run.group.structs) };
}

/** The address of an lvalue: a tracked variable (`ref`) or a place in memory (`ptr`). */
export function addrOf(n: N, st: State, fr: Frame, run: Run): Val {
  switch (n.t) {
    case 'parenthesized_expression':
      return n.c[0] ? addrOf(n.c[0], st, fr, run) : UNKNOWN;
    case 'identifier': {
      const key = keyOf(text(fr.file, n), fr, run);
      if (!key) return UNKNOWN;
      const cell = st.vars.get(key);
      if (cell?.type && (cell.type.arr !== undefined || cell.type.arrUnknown)) return cell.v;
      return { k: 'ref', key };
    }
    case 'field_expression': {
      const key = lvalKey(n, fr, run);
      if (key) {
        const cell = st.vars.get(key);
        return cell?.type && (cell.type.arr !== undefined || cell.type.arrUnknown) ? cell.v : { k: 'ref', key };
      }
      const loc = fieldLoc(n, st, fr, run);
      if (loc.at.k === 'ref') {
        const cell = st.vars.get(loc.at.key);
        if (cell?.type && (cell.type.arr !== undefined || cell.type.arrUnknown)) return cell.v;
      }
      return loc.at;
    }
    case 'subscript_expression': {
      const [base, index] = n.c;
      if (!base || !index) return UNKNOWN;
      const p = evalExpr(base, st, fr, run);
      const i = evalExpr(index, st, fr, run);
      if (p.k !== 'ptr') return UNKNOWN;
      const t = staticType(base, fr, run);
      const size = (t && derefType(t) && sizeOf(derefType(t) as CType, run.group.structs)) ?? 1;
      return shift(p, i.k === 'int' ? i : { k: 'int', lo: -Infinity, hi: Infinity, taint: false }, size);
    }
    case 'pointer_expression':
      return n.op === '*' && n.c[0] ? evalExpr(n.c[0], st, fr, run) : UNKNOWN;
    default:
      return UNKNOWN;
  }
}

const isArray = (t: CType | undefined) => Boolean(t && (t.arr !== undefined || t.arrUnknown));

/** Reads `base->f` / `base.f`: an array member is its address, anything else a load. */
export function evalField(n: N, st: State, fr: Frame, run: Run): Val {
  // `(ch = next(&it)).len`: the assignment happens before its member is read
  let base = n.c[0];
  while (base?.t === 'parenthesized_expression' && base.c[0]) base = base.c[0];
  if (base?.t === 'assignment_expression') {
    evalExpr(base, st, fr, run);
    const lhs = base.c[0];
    const field = n.c[1];
    if (lhs && field) return evalField({ ...n, c: [lhs, field] }, st, fr, run);
  }
  const key = lvalKey(n, fr, run);
  if (key) {
    const cell = st.vars.get(key);
    if (cell) return cell.v;
    const baseKey = key.slice(0, key.lastIndexOf('.'));
    const base = st.vars.get(baseKey);
    // a member of a local struct that was never assigned as a whole nor this member: unassigned
    const member = staticType(n, fr, run);
    // (a plain member: an array or a type we cannot see may be filled in ways we do not follow, setjmp's jmp_buf)
    const plain = member && (member.ptr > 0 || (intRange(member) !== undefined && member.arr === undefined));
    if (plain && base && base.init === 0 && !baseKey.startsWith('g:') && !base.type?.cls && run.group.structs.has(base.type?.base ?? '')) {
      report(fr, n, {
        rule: 'c.uninit.use',
        pattern: text(fr.file, n),
        description: `'${text(fr.file, n)}' is read before any value was assigned to it (other members were).`,
        confidence: 0.7,
        trace: [{ line: base.line, note: `'${baseKey.slice(baseKey.indexOf(':') + 1)}' declared without initialiser` }],
      }, run);
      st.vars.set(key, { v: UNKNOWN, init: 2, line: base.line });
      return UNKNOWN;
    }
    if (n.c[0]) evalExpr(n.c[0], st, fr, run);
    // reading a global struct the first time sets up its members
    return st.vars.get(key)?.v ?? UNKNOWN;
  }
  const { at, type, size: bytes } = fieldLoc(n, st, fr, run);
  if (at.k === 'ref') return st.vars.get(at.key)?.v ?? UNKNOWN;
  if (at.k === 'ptr' && isArray(type) && bytes !== undefined) return memberArray(at, bytes, type as CType, n, st, fr, run);
  if (at.k !== 'ptr' || isArray(type)) return at;
  const size = bytes ?? 8;
  checkIndex(at, int(0), size, false, n, st, fr, run);
  return loaded(loadElement(at, int(0), size, n, st, fr, run), at, type, st, run);
}

/**
 * `p->name`, `tab[i].name`: an array member of memory. Its own size is what bounds a copy into it
 * (a helper given `tab[i].name` writes into 24 bytes, not into the whole table), so it is tracked
 * as one block standing for that member (of every element, when i is known only as a range).
 */
function memberArray(at: PtrV, bytes: number, type: CType, n: N, st: State, fr: Frame, run: Run): Val {
  const [t] = at.t;
  if (!t || at.t.length !== 1 || !Number.isFinite(t.lo) || !Number.isFinite(t.hi)) return at;
  const o = st.objs.get(t.o);
  if (!o || o.size === undefined || bytes >= o.size) return at;
  const key = `${o.id}:${text(fr.file, n.c[1] ?? n)}`;
  run.members ??= new Map();
  let id = run.members.get(key);
  if (id === undefined || !st.objs.has(id)) {
    const alias = newObj(run, st, {
      kind: o.kind === 'heap' ? 'unknown' : o.kind, size: bytes, elem: sizeOf({ ...type, arr: undefined, arrUnknown: undefined }, run.group.structs) ?? 1,
      slo: 0, shi: Infinity, taint: o.taint, origin: o.origin, weak: o.weak, freed: NO, init: o.init === NO ? NO : YES, escaped: true, line: o.line,
      name: `'${text(fr.file, n).replace(/\[[^\]]*\]/, '[…]')}' (${bytes} bytes)`, local: false, frame: o.frame,
    });
    id = alias.id;
    run.members.set(key, id);
  }
  return { k: 'ptr', t: [{ o: id, lo: 0, hi: 0 }], nul: NO };
}

/** Writes `base->f = v` / `base.f = v` for a base that is not a tracked variable. */
export function storeField(lhs: N, v: Val, st: State, fr: Frame, run: Run): void {
  const { at, type, size: bytes } = fieldLoc(lhs, st, fr, run);
  if (at.k === 'ref') {
    const cell = st.vars.get(at.key);
    // (facts about its old value go, as for any variable)
    assignVar(st, at.key, { v: clampToType(v, cell?.type ?? type), init: 2, type: cell?.type ?? type, line: cell?.line ?? lhs.line });
    markWritten(at.key.slice(0, at.key.lastIndexOf('.')), st);
    return;
  }
  if (at.k !== 'ptr') {
    escape(v, st);
    return;
  }
  writeElement(at, int(0), bytes ?? 8, bytes !== undefined && !type ? UNKNOWN : v, lhs, st, fr, run);
}

/**
 * The ranges POSIX gives the members of a `struct tm` that localtime/gmtime fill (`tm_` names are
 * the C library's own): a timestamp formatted with `%02d` takes two characters, not eleven.
 */
const TM_RANGES: Record<string, [number, number]> = {
  tm_sec: [0, 60], tm_min: [0, 59], tm_hour: [0, 23], tm_mday: [1, 31], tm_mon: [0, 11],
  tm_wday: [0, 6], tm_yday: [0, 365], tm_isdst: [-1, 1], tm_year: [-2147483648 + 1900, 2147483647 - 1900],
};

export function withTmRange(n: N, v: Val, fr: Frame): Val {
  const name = n.c[1] ? text(fr.file, n.c[1]) : '';
  const r = TM_RANGES[name];
  if (!r || (v.k !== 'int' && v.k !== 'unk') || (v.k === 'int' && (v.taint || (v.lo >= r[0] && v.hi <= r[1])))) return v;
  return { k: 'int', lo: v.k === 'int' ? Math.max(v.lo, r[0]) : r[0], hi: v.k === 'int' ? Math.min(v.hi, r[1]) : r[1], taint: false };
}

