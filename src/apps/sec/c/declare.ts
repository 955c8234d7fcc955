/**
 * Local declarations: arrays (and the array members of struct variables) become stack objects,
 * scalars start unassigned unless initialised or static.
 */
import type { N } from './ast.js';
import type { Frame, Run } from './context.js';
import { checkConversion } from './arith.js';
import { autoType, declareObject } from './cpp.js';
import { evalExpr, quietly, storedArith, storeUninitCopy, uninitCopy } from './eval.js';
import { assignVar, clampToType, newObj } from './memory.js';
import type { State } from './state.js';
import { declType, elemSize, sizeOf, specType, type CType } from './types.js';
import { int, NO, UNKNOWN, YES, type Val } from './values.js';

/** Local declarations: arrays become stack objects, scalars start uninitialised. */
export function declare(n: N, st: State, fr: Frame, run: Run): void {
  const specs = n.c.filter((c) => !c.t.endsWith('declarator') && c.t !== 'identifier');
  const isStatic = specs.some((c) => c.t === 'storage_class_specifier' && (c.op === 'static' || c.op === 'extern'));
  const base = specType(specs, fr.file.src);
  for (const d of n.c) {
    if (!(d.t.endsWith('declarator') || d.t === 'identifier')) continue;
    const decl = declType(d, base, fr.file.src, (e) => constLen(e, st, fr, run));
    const { name, init } = decl;
    if (!name) continue;
    // C++ `auto`: the initialiser's type
    const type = fr.file.cpp && specs.some((c) => c.t === 'placeholder_type_specifier') ? autoType(decl.type, init, fr, run) : decl.type;
    const key = `${fr.id}:${name}`;
    if (isStatic && specs.some((c) => c.op === 'extern')) continue;
    fr.names.set(name, key);
    fr.types.set(name, type);
    if (type.arr !== undefined || type.arrUnknown) {
      declareArray(name, key, type, init, d, st, fr, run, isStatic);
      continue;
    }
    if (declareObject(key, type, init, d, st, fr, run)) continue;
    if (type.ptr === 0) memberArrays(key, type, init !== undefined || isStatic, d, st, fr, run, 0);
    // `T x = y;` with y never assigned: x is unassigned as y is (reading x is the use)
    const copy = init && init.t !== 'initializer_list' ? uninitCopy(init, st, fr, run) : undefined;
    if (copy && storeUninitCopy(key, type, d.line, copy, st, run)) continue;
    if (init) {
      const v = init.t === 'initializer_list' ? UNKNOWN : storedArith(init, type, run, () => evalExpr(init, st, fr, run));
      if (init.t !== 'initializer_list') checkConversion(v, type, init, d, fr, run);
      assignVar(st, key, { v: clampToType(v, type), init: YES, type, line: d.line });
      continue;
    }
    // a C++ struct with a constructor is built by its declaration
    const built = fr.file.cpp && type.ptr === 0 && run.group.structs.get(type.base)?.ctor === true;
    st.vars.set(key, { v: isStatic ? (type.ptr > 0 ? { k: 'ptr', t: [], nul: YES } : int(0)) : UNKNOWN, init: isStatic || built ? YES : NO, type, line: d.line });
  }
}

/** Array members of a struct variable are memory of their own, reached as the variable `s.member`. */
function memberArrays(key: string, type: CType, initialised: boolean, d: N, st: State, fr: Frame, run: Run, depth: number): void {
  const info = run.group.structs.get(type.base);
  if (!info || depth > 2) return;
  for (const [name, f] of info.fields) {
    const fkey = `${key}.${name}`;
    if (f.type.arr !== undefined) {
      const obj = newObj(run, st, {
        kind: 'stack', size: sizeOf(f.type, run.group.structs), elem: elemSize(f.type, run.group.structs) ?? 1, slo: initialised ? 0 : 0, shi: initialised ? 0 : Infinity,
        taint: false, freed: NO, init: initialised ? YES : NO, escaped: false, line: d.line, name: `'${fkey.slice(fkey.indexOf(':') + 1)}'`, local: true, frame: fr.id,
      });
      st.vars.set(fkey, { v: { k: 'ptr', t: [{ o: obj.id, lo: 0, hi: 0 }], nul: NO }, init: YES, type: f.type, line: d.line });
    } else if (f.type.ptr === 0 && !info.union) memberArrays(fkey, f.type, initialised, d, st, fr, run, depth + 1);
  }
}

function declareArray(name: string, key: string, type: CType, init: N | undefined, d: N, st: State, fr: Frame, run: Run, isStaticLocal = false): void {
  const elem = elemSize(type, run.group.structs) ?? 1;
  let size = sizeOf(type, run.group.structs);
  let slo = 0;
  let shi = Infinity;
  let initState = init ? YES : NO;
  let slots: Map<number, Val> | undefined;
  if (init) {
    if (init.t === 'initializer_list') {
      slo = 0;
      shi = 0;
      // `{buf1, buf2}`, `{3, 4, 5}`: each element's value, at its place (the rest is zero)
      const items = init.c.filter((c) => c.t !== 'initializer_pair');
      if (items.length === init.c.length && items.length <= 256) {
        slots = new Map();
        items.forEach((item, i) => {
          const v = item.t === 'initializer_list' ? UNKNOWN : evalExpr(item, st, fr, run);
          if (v.k === 'ptr' || (v.k === 'int' && v.lo === v.hi)) slots?.set(i * elem, v);
        });
        if (slots.size === 0) slots = undefined;
      }
    } else {
      const v = evalExpr(init, st, fr, run);
      const lit = v.k === 'ptr' ? st.objs.get(v.t[0]?.o ?? -1) : undefined;
      if (lit) {
        slo = lit.slo;
        shi = lit.shi;
        if (size === undefined && lit.size !== undefined) size = lit.size;
      } else initState = YES;
    }
  }
  const obj = newObj(run, st, {
    kind: 'stack', size, elem, slo, shi, taint: false, freed: NO, init: initState, escaped: false, line: d.line, name: `'${name}'`, local: true, frame: isStaticLocal ? undefined : fr.id,
    ...(slots ? { slots } : {}),
  });
  st.vars.set(key, { v: { k: 'ptr', t: [{ o: obj.id, lo: 0, hi: 0 }], nul: NO }, init: YES, type, line: d.line });
}

function constLen(e: N, st: State, fr: Frame, run: Run): number | undefined {
  // array lengths are constant expressions: no side effects, so no copy of the state is needed
  const v = quietly(run, () => evalExpr(e, st, fr, run));
  return v.k === 'int' && v.lo === v.hi && Number.isFinite(v.lo) && v.lo >= 0 ? v.lo : undefined;
}

