/**
 * Values of an entry function's parameters. `main` gets the command line and environment as
 * program inputs; an exported function nothing in the scan calls gets values its unseen callers
 * control (a weaker, lower-confidence source); any other function analysed on its own gets
 * unknown values. Pointer parameters point to an object of unknown size, so its members, frees
 * and writes are tracked like any other memory.
 */
import type { FnDef, Frame, Run } from './context.js';
import { paramObject, refKey } from './cpp.js';
import { newObj } from './memory.js';
import type { State } from './state.js';
import { derefType, intRange, isFloat, type CType } from './types.js';
import { anyInt, MAYBE, NO, YES, type Origin, type Val } from './values.js';

export type EntryKind = 'main' | 'exported' | 'internal';

const BYTES = new Set(['char', 'void', 'uint8_t', 'int8_t', 'wchar_t', 'u_char', 'u8', 'guchar', 'gchar', 'Bytef', 'byte', 'BYTE', 'UChar', 'xmlChar']);

/** a pointer to characters or raw bytes: its contents are data, not a structure */
export function bytePointer(t: CType): boolean {
  return t.ptr === 1 && BYTES.has(t.base);
}

function placeholder(name: string, t: CType, st: State, fr: Frame, run: Run, taint: Origin | undefined, weak: boolean): Val {
  const pointee = derefType(t);
  const o = newObj(run, st, {
    kind: 'unknown', elem: pointee && pointee.ptr === 0 ? { char: 1, wchar_t: 4, short: 2, int: 4, long: 8 }[pointee.base] ?? 1 : 8,
    slo: 0, shi: Infinity, taint: taint !== undefined, taintLine: taint ? fr.fn.line : undefined, origin: taint, weak: weak || undefined,
    freed: NO, init: YES, escaped: true, line: fr.fn.line, name: `the memory '${name}' points to`, local: false,
    ...(taint === 'argv' || taint === 'env' ? { strv: taint, taint: false, taintLine: undefined, origin: undefined } : {}),
  });
  // the caller may pass NULL, but nothing says it does: no finding unless a test of it says so
  return { k: 'ptr', t: [{ o: o.id, lo: 0, hi: 0 }], nul: taint === 'argv' || taint === 'env' ? NO : MAYBE };
}

export function entryParams(fn: FnDef, kind: EntryKind, fr: Frame, st: State, run: Run): void {
  fn.params.forEach((p, i) => {
    // a C++ reference parameter names the caller's object, not a local of this frame
    const key = p.type.ref && fr.file.cpp ? refKey(fr, p.name) : `${fr.id}:${p.name}`;
    fr.names.set(p.name, key);
    fr.types.set(p.name, p.type);
    let v: Val;
    // C++ objects (strings, containers, classes of the scan), by value or by reference
    const obj = fr.file.cpp ? paramObject(key, p.name, p.type, kind === 'exported', fr, st, run) : undefined;
    if (obj) v = obj;
    else if (kind === 'main' && i === 0 && p.type.ptr === 0) v = { k: 'int', lo: 1, hi: 2 ** 31 - 1, taint: true, origin: 'argv', src: fn.line, srcNote: 'argument count' };
    else if (kind === 'main' && (i === 1 || i === 2) && p.type.ptr >= 2) v = placeholder(p.name, p.type, st, fr, run, i === 1 ? 'argv' : 'env', false);
    else if (p.type.ptr > 0 || p.type.arr !== undefined) {
      const caller = kind === 'exported' && bytePointer(p.type);
      v = placeholder(p.name, p.type, st, fr, run, caller ? 'caller' : undefined, caller);
    } else {
      const r = intRange(p.type);
      v = kind === 'exported' && r && !isFloat(p.type)
        ? { k: 'int', lo: r[0], hi: r[1], taint: true, weak: true, origin: 'caller', src: fn.line, srcNote: `parameter '${p.name}' of an exported function` }
        : anyInt();
    }
    st.vars.set(key, { v, init: YES, type: p.type, line: fn.line });
  });
  pairLengths(fn, fr, st);
}

/**
 * `parse(const uint8_t *buf, size_t len)`: a buffer of bytes and the integer after it, its length.
 * Memory of unknown size the buffer points to becomes paired (the program knows where it ends) and
 * the length names it (IntV.szOf), so a test of a count from the data against it (or against what
 * is left of it) bounds that count (IntV.bnd); access.ts reports counts from the data no test held
 * below the length.
 */
export function pairLengths(fn: FnDef, fr: Frame, st: State): void {
  fn.params.forEach((p, i) => {
    const q = fn.params[i + 1];
    if (!q || !bytePointer(p.type) || p.type.arr !== undefined || q.type.ptr !== 0 || q.type.arr !== undefined || !intRange(q.type) || isFloat(q.type)) return;
    const pk = fr.names.get(p.name);
    const qk = fr.names.get(q.name);
    const buf = pk ? st.vars.get(pk) : undefined;
    const len = qk ? st.vars.get(qk) : undefined;
    if (!qk || !len || buf?.v.k !== 'ptr' || (len.v.k !== 'int' && len.v.k !== 'unk')) return;
    const ids: number[] = [];
    for (const t of buf.v.t) {
      const o = st.objs.get(t.o);
      if (!o || o.size !== undefined || o.kind === 'literal' || o.strv || o.dataSized) continue;
      if (!o.paired) st.updateObj(o.id, { paired: true });
      ids.push(o.id);
    }
    if (ids.length === 0) return;
    const v = len.v.k === 'int' ? len.v : anyInt();
    // one place in one buffer: the length is exactly what lies from there to the buffer's end
    const at = buf.v.t.length === 1 && ids.length === 1 ? buf.v.t[0] : undefined;
    const end = at && at.lo === at.hi ? { end: { o: at.o, off: at.lo } } : {};
    st.vars.set(qk, { ...len, v: { ...v, szOf: [...new Set([...(v.szOf ?? []), ...ids])], ...end } });
  });
}

/** The string an element of argv/envp holds: created on first read, the same object after. */
export function argvString(origin: Origin, line: number, run: Run, st: State): Val {
  const o = newObj(run, st, {
    kind: 'unknown', elem: 1, slo: 0, shi: Infinity, taint: true, taintLine: line, origin, freed: NO, init: YES, escaped: true, line,
    name: origin === 'argv' ? 'a command-line argument' : 'an environment entry', local: false,
  });
  return { k: 'ptr', t: [{ o: o.id, lo: 0, hi: 0 }], nul: NO };
}
