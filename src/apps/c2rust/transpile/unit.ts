import { readFileSync } from 'node:fs';
import { children, expansionOf, type ClangNode, type DeclRef, type QualType } from './clang-ast.js';
import { FnCtx, Unsupported, type ModuleCtx } from './contexts.js';
import { CrateState } from './crate-state.js';
import { canon, fnType, unsupportedIn, type CType } from './ctype.js';
import { Exprs } from './expr.js';
import { initValue } from './expr-init.js';
import { ffiFunction, ffiVariable } from './ffi.js';
import { translateFunction } from './func.js';
import { constWrap } from './locals.js';
import { ref, type ModuleBuilder } from './module-builder.js';
import { hasBody, type UnitScope } from './unit-scope.js';
import { intrinsicPath, isIntrinsicHeader } from './simd.js';

const fileCache = new Map<string, string>();
function fileText(path: string): string | undefined {
  if (!fileCache.has(path)) {
    try {
      fileCache.set(path, readFileSync(path, 'latin1'));
    } catch {
      return undefined;
    }
  }
  return fileCache.get(path);
}

/** What expressions need, for one unit writing into one module (its own, or a header's). */
export class UnitModuleCtx implements ModuleCtx {
  readonly reg;
  readonly types;
  readonly reservedForLocals: Set<string>;

  constructor(
    readonly crate: CrateState,
    readonly scope: UnitScope,
    readonly module: ModuleBuilder,
  ) {
    this.reg = crate.reg;
    this.types = crate.types;
    this.reservedForLocals = new Set([...scope.vars.keys(), ...crate.reservedValues]);
  }

  type(q: QualType | undefined): CType {
    return this.scope.typeOf(q);
  }

  warn(message: string): void {
    this.crate.warnings.push(`${this.module.relFile}: ${message}`);
  }

  hoistStatic(rustType: string, init: string): string {
    return this.module.hoistStatic(rustType, constWrap(init));
  }

  sourceText(n: ClangNode): string | undefined {
    const b = expansionOf(n.range?.begin);
    const e = expansionOf(n.range?.end);
    if (!b?.file || b.offset === undefined || e?.offset === undefined) return undefined;
    const text = fileText(this.scope.absFile(b.file));
    if (!text) return undefined;
    let end = e.offset + (e.tokLen ?? 0);
    // A macro use ends at its name in clang's expansion range: take its argument list too.
    if (n.range?.end.expansionLoc) {
      let k = end;
      while (/\s/.test(text[k] ?? '')) k++;
      if (text[k] === '(') {
        let depth = 0;
        for (; k < text.length; k++) {
          if (text[k] === '(') depth++;
          else if (text[k] === ')' && --depth === 0) break;
        }
        end = k + 1;
      }
    }
    return text.slice(b.offset, end);
  }

  /** Where a definition this unit sees lives: its file's module (headers have their own). */
  private homeOf(d: ClangNode): ModuleBuilder {
    return this.crate.module(this.scope.fileOf(d), false);
  }

  private reference(home: ModuleBuilder, cName: string): string {
    const rust = cName === 'main' && home.isBin ? 'main_0' : home.itemName(cName);
    if (home === this.module) return rust;
    if (home.isBin) return ''; // another program's function: reached through ffi
    return ref(CrateState.libPath(home), rust);
  }

  refFn(name: string, r?: DeclRef): string {
    const d = this.scope.functions.get(name);
    if (d && isIntrinsicHeader(this.scope.fileOf(d))) {
      const simd = intrinsicPath(name);
      if (simd) return simd;
    }
    if (d && hasBody(d) && !this.crate.keptKeys.has(`${this.scope.fileOf(d)}:${name}`)) {
      const home = this.homeOf(d);
      // Inline functions of system headers are translated on first use, like project ones.
      if (!this.scope.isProject(d)) this.crate.pendingInline.push({ scope: this.scope, decl: d });
      const via = this.reference(home, name);
      if (via) return via;
    }
    const g = this.crate.globals.get(name);
    if (g && g.kind === 'fn' && !this.crate.keptKeys.has(`${g.module.absFile}:${name}`)) {
      const via = this.reference(g.module, name);
      if (via) return via;
    }
    if (!this.crate.ffi.has(name)) {
      this.crate.ffi.set(name, ffiFunction(this, name, d, r));
      if (d) this.crate.ffiFiles.set(name, this.scope.fileOf(d));
    }
    return ref('LIB::ffi', name);
  }

  refVar(name: string, r?: DeclRef): string {
    const d = this.scope.vars.get(name);
    const g = this.crate.globals.get(name);
    // Tentative definitions of one global in several files (`int n;`) are one variable: the
    // first file's. A program's own globals and static ones are found through the unit.
    if (d && this.scope.isProject(d) && (d.storageClass === 'static' || isDefinition(d)) && !(g?.kind === 'var' && d.storageClass !== 'static' && !this.module.isBin)) {
      const via = this.reference(this.homeOf(d), name);
      if (via) return via;
    }
    if (g && g.kind === 'var') {
      const via = this.reference(g.module, name);
      if (via) return via;
    }
    if (!this.crate.ffi.has(name)) {
      this.crate.ffi.set(name, ffiVariable(this, name, d, r));
      if (d) this.crate.ffiFiles.set(name, this.scope.fileOf(d));
    }
    return ref('LIB::ffi', name);
  }
}

/** A file-scope variable declaration that defines storage (not `extern` without initialiser). */
export function isDefinition(d: ClangNode): boolean {
  return d.storageClass !== 'extern' || d.init !== undefined;
}

/**
 * Translates the project's declarations of one unit: functions and globals of its C file into
 * its module, those of project headers into the header's module (once), types into the registry.
 */
export function translateUnit(crate: CrateState, scope: UnitScope, isBin: boolean): void {
  const own = crate.module(scope.unit.file, isBin);
  for (const d of scope.top) {
    const file = scope.fileOf(d);
    const target = file === scope.unit.file ? own : crate.module(file, false);
    const ctx = new UnitModuleCtx(crate, scope, target);
    switch (d.kind) {
      case 'FunctionDecl':
        if (hasBody(d)) translateFnDecl(crate, ctx, d);
        break;
      case 'VarDecl':
        translateGlobal(crate, ctx, d);
        break;
      case 'RecordDecl':
      case 'EnumDecl':
      case 'TypedefDecl':
        registerType(ctx, d);
        break;
      case 'FileScopeAsmDecl':
        crate.warnings.push(`${target.relFile}: file-scope asm left out`);
        break;
      default:
        break;
    }
  }
}

function registerType(ctx: UnitModuleCtx, d: ClangNode): void {
  try {
    if (d.kind === 'TypedefDecl' && d.name) ctx.types.ty(ctx.scope.typedef(d.name) as CType);
    else if (d.kind === 'RecordDecl' && d.completeDefinition === true && d.name) ctx.types.ty(ctx.scope.declType(d));
    else if (d.kind === 'EnumDecl') {
      const t = ctx.scope.declType(d);
      if (t.k === 'enum') {
        ctx.reg.enumInfo(t);
        ctx.reg.enumType(t);
      }
    }
  } catch (e) {
    ctx.warn(`type ${d.name ?? ''}: ${(e as Error).message}`);
  }
}

function lineRange(scope: UnitScope, d: ClangNode): { start: number; end: number } {
  const start = expansionOf(d.range?.begin)?.line ?? scope.lineOf(d);
  const end = expansionOf(d.range?.end)?.line ?? start;
  return { start, end };
}

export function translateFnDecl(crate: CrateState, ctx: UnitModuleCtx, d: ClangNode): void {
  const m = ctx.module;
  const key = `fn:${d.name}`;
  if (m.done.has(key)) return;
  m.done.add(key);
  const name = d.name ?? '';
  const { start, end } = lineRange(ctx.scope, d);
  const file = ctx.scope.fileOf(d);
  const isMain = name === 'main' && m.isBin;
  if (crate.keptKeys.has(`${file}:${name}`)) {
    m.cursor.before(start);
    m.cursor.skipThrough(end);
    return;
  }
  const isStatic = d.storageClass === 'static';
  const rustName = isMain ? 'main_0' : m.itemName(name);
  const exported = !isMain && (!isStatic || crate.exportedStatics.has(`${file}:${name}`));
  const comments = m.cursor.before(start);
  try {
    const r = translateFunction(ctx, d, { rustName, exported, isMain, comments: m.cursor, pub: m.absFile !== ctx.scope.unit.file });
    if (r.graph) crate.graphFunctions++;
    m.items.push({ kind: 'fn', cName: name, rustName, cFile: m.relFile, cStart: start, cEnd: end, lines: [...comments, ...r.lines], graph: r.graph });
  } catch (e) {
    if (!(e instanceof Unsupported)) throw e;
    m.cursor.skipThrough(end);
    // Callers may already refer to it as Rust: the crate is translated again with it in C.
    crate.discovered.set(`${file}:${name}`, { name, file: m.relFile, line: start, reason: e.reason, isStatic });
  }
}

function translateGlobal(crate: CrateState, ctx: UnitModuleCtx, d: ClangNode): void {
  if (!d.name || !isDefinition(d)) return;
  const m = ctx.module;
  const isStatic = d.storageClass === 'static';
  if (!isStatic) {
    const g = crate.globals.get(d.name);
    if (g && g.module !== m) return; // defined (or tentatively defined) by an earlier unit
  }
  const key = `var:${d.name}`;
  const t = ctx.type(d.type);
  const prev = m.items.find((it) => it.kind === 'static' && it.cName === d.name);
  const init = children(d).find((k) => k.valueCategory !== undefined || k.kind === 'InitListExpr');
  if (m.done.has(key) && (!init || !prev)) return;
  const bad = unsupportedIn(t);
  const { start, end } = lineRange(ctx.scope, d);
  const rustName = m.itemName(d.name);
  const exported = !isStatic || crate.exportedStatics.has(`${ctx.scope.fileOf(d)}:${d.name}`);
  const comments = m.cursor.before(start);
  m.cursor.skipThrough(end);
  let value: string;
  if (bad) throw new Unsupported(`global ${d.name}: ${bad}`);
  const fn = new FnCtx(ctx, `static ${d.name}`, t);
  fn.staticInit = true;
  const x = new Exprs(fn);
  const c = canon(t);
  let rt = ctx.types.ty(t);
  if (init) {
    // `int a[] = {1,2,3}`: clang already sized the declared type from the initialiser.
    value = initValue(x, init, t, true).code;
  } else value = ctx.types.zero(t);
  if (c.k === 'array' && c.size === undefined) rt = ctx.types.ty({ ...c, size: 0 });
  const vis = exported ? '#[no_mangle]\npub ' : m.absFile !== ctx.scope.unit.file ? 'pub ' : '';
  const lines = [...comments, `${vis}static mut ${rustName}: ${rt} = ${constWrap(value)};`];
  m.done.add(key);
  if (prev) {
    prev.lines = lines;
    return;
  }
  m.items.push({ kind: 'static', cName: d.name, rustName, cFile: m.relFile, cStart: start, cEnd: end, lines });
}

export { fnType };
