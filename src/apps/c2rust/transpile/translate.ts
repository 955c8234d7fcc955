import { children, type ClangNode } from './clang-ast.js';
import { CrateState, type KeptFunction } from './crate-state.js';
import { keepInCReason, staticsUsedBy } from './keep-c-scan.js';
import { hasBody, type UnitScope } from './unit-scope.js';
import { isDefinition, translateFnDecl, translateUnit, UnitModuleCtx } from './unit.js';

export interface TranslateResult {
  crate: CrateState;
  /** Units that define `main` (their modules are binaries). */
  bins: Set<UnitScope>;
  /** Times the crate was translated again because a function turned out to need C. */
  retries: number;
}

/** A unit is a program when its own file defines `main`. */
function definesMain(s: UnitScope): boolean {
  return s.top.some((d) => d.kind === 'FunctionDecl' && d.name === 'main' && hasBody(d) && s.fileOf(d) === s.unit.file);
}

/**
 * Translates every unit into one crate. Functions that must stay C are found first by what they
 * contain (inline asm, setjmp, variadic bodies…); one the translator only rejects on the way is
 * added to them and the crate is translated again, so every caller links to the C version.
 */
export function translateAll(scopes: UnitScope[], root: string, libName: string): TranslateResult {
  const bins = new Set(scopes.filter(definesMain));
  const kept = new Map<string, KeptFunction>();
  for (const s of scopes) {
    for (const d of s.top) {
      if (d.kind !== 'FunctionDecl' || !hasBody(d) || !d.name) continue;
      const why = keepInCReason(s, d);
      if (why) kept.set(`${s.fileOf(d)}:${d.name}`, { name: d.name, file: relFile(root, s.fileOf(d)), line: s.lineOf(d), reason: why, isStatic: d.storageClass === 'static' });
    }
  }
  for (let retries = 0; ; retries++) {
    const crate = new CrateState(root, libName);
    for (const [k, v] of kept) {
      crate.keptKeys.add(k);
      crate.kept.push(v);
    }
    prepare(crate, scopes, bins);
    for (const s of scopes) {
      translateUnit(crate, s, bins.has(s));
      drainInline(crate);
    }
    const fresh = [...crate.discovered].filter(([k]) => !kept.has(k));
    if (fresh.length === 0) return { crate, bins, retries };
    if (retries >= 5) {
      for (const [k, v] of fresh) {
        crate.keptKeys.add(k);
        crate.kept.push(v);
      }
      return { crate, bins, retries };
    }
    for (const [k, v] of fresh) kept.set(k, v);
  }
}

function prepare(crate: CrateState, scopes: UnitScope[], bins: Set<UnitScope>): void {
  for (const s of scopes) crate.reg.addScope(s);
  for (const s of scopes) {
    crate.module(s.unit.file, bins.has(s));
    for (const d of s.top) {
      // Project enumerators are known up front: locals must not take their names.
      if (d.kind === 'EnumDecl') {
        const t = s.declType(d);
        if (t.k === 'enum') for (const c of crate.reg.enumInfo(t).consts) crate.reservedValues.add(c.rustName);
      }
      // A program's own definitions are its own: two programs may both define `usage`.
      if (!d.name || d.storageClass === 'static' || (bins.has(s) && s.fileOf(d) === s.unit.file)) continue;
      if (d.kind === 'FunctionDecl' && hasBody(d) && !crate.globals.has(d.name)) {
        crate.globals.set(d.name, { kind: 'fn', module: crate.module(s.fileOf(d), false) });
      } else if (d.kind === 'VarDecl' && isDefinition(d) && !crate.globals.has(d.name)) {
        crate.globals.set(d.name, { kind: 'var', module: crate.module(s.fileOf(d), false) });
      }
    }
  }
  // C left in C calls static functions and reads static variables of its file by name.
  for (const s of scopes) {
    for (const d of s.top) {
      if (d.kind !== 'FunctionDecl' || !d.name || !crate.keptKeys.has(`${s.fileOf(d)}:${d.name}`)) continue;
      for (const name of staticsUsedBy(s, d)) crate.exportedStatics.add(`${s.unit.file}:${name}`);
    }
  }
}

/** Inline functions of system headers that translated code called. */
function drainInline(crate: CrateState): void {
  while (crate.pendingInline.length > 0) {
    const { scope, decl } = crate.pendingInline.shift() as { scope: UnitScope; decl: ClangNode };
    const m = crate.module(scope.fileOf(decl), false);
    if (m.done.has(`fn:${decl.name}`)) continue;
    translateFnDecl(crate, new UnitModuleCtx(crate, scope, m), decl);
  }
}

function relFile(root: string, f: string): string {
  return f.startsWith(`${root}/`) ? f.slice(root.length + 1) : f;
}

export { children };
