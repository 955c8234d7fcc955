import { basename, extname } from 'node:path';
import { relPath } from '../expansion.js';
import { ModuleBuilder } from './module-builder.js';
import { TypeRegistry } from './registry.js';
import { NameAllocator } from './rust-names.js';
import { RustTypes } from './rust-type.js';
import type { ClangNode } from './clang-ast.js';
import type { UnitScope } from './unit-scope.js';

/** A function left in C, and why. */
export interface KeptFunction {
  name: string;
  file: string;
  line: number;
  reason: string;
  isStatic: boolean;
}

/** A non-static definition somewhere in the project, by C name. */
export interface GlobalDef {
  kind: 'fn' | 'var';
  module: ModuleBuilder;
}

const RESERVED_MODULES = ['types', 'ffi', 'std', 'core', 'alloc', 'crate', 'self', 'super', 'main', 'lib', 'build'];

/** Everything shared by the units of one translation. */
export class CrateState {
  readonly reg = new TypeRegistry();
  readonly types = new RustTypes(this.reg);
  readonly modules = new Map<string, ModuleBuilder>();
  readonly globals = new Map<string, GlobalDef>();
  /** `extern "C"` items of `ffi.rs`, by C name. */
  readonly ffi = new Map<string, string>();
  /** The header each `ffi.rs` item was declared in (decides the system libraries to link). */
  readonly ffiFiles = new Map<string, string>();
  readonly kept: KeptFunction[] = [];
  /** `file:name` of functions that stay C (decided before and during translation). */
  readonly keptKeys = new Set<string>();
  /** Functions found untranslatable during this pass (`file:name` → why). */
  readonly discovered = new Map<string, KeptFunction>();
  /** `file:name` of static functions/variables that C code left in C refers to: exported by name. */
  readonly exportedStatics = new Set<string>();
  readonly warnings: string[] = [];
  private readonly modNames = new NameAllocator(RESERVED_MODULES);
  private readonly binNames = new NameAllocator();
  readonly binaries: { name: string; c_file: string }[] = [];
  /** Functions translated with the goto (graph) translation. */
  graphFunctions = 0;
  /** Names locals may not take in any module (enumerators: `let` cannot shadow a const). */
  readonly reservedValues = new Set<string>();
  /** Inline functions of system headers called by translated code, translated after the unit. */
  readonly pendingInline: { scope: UnitScope; decl: ClangNode }[] = [];

  constructor(
    readonly root: string,
    readonly libName: string,
  ) {}

  module(absFile: string, isBin: boolean): ModuleBuilder {
    let m = this.modules.get(absFile);
    if (m) return m;
    const rel = relPath(this.root, absFile);
    const stem = basename(absFile, extname(absFile)).replace(/[^A-Za-z0-9_]/g, '_');
    const isHeader = /\.h(h|pp|xx)?$/i.test(absFile);
    const base = /^[0-9]/.test(stem) ? `m_${stem}` : stem;
    let name: string;
    if (isBin) {
      name = this.binNames.name(absFile, stem);
      this.binaries.push({ name, c_file: rel });
    } else name = this.modNames.name(absFile, isHeader ? `${base}_h` : base);
    m = new ModuleBuilder(name, absFile, rel, isBin);
    this.modules.set(absFile, m);
    return m;
  }

  /** Path prefix of a library module as written in references (`LIB` becomes `crate` or the crate name). */
  static libPath(m: ModuleBuilder): string {
    return `LIB::${m.name}`;
  }
}
