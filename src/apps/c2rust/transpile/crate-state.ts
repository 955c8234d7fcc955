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
  /** A global variable whose type Rust cannot hold (its definition stays C); a function otherwise. */
  variable?: boolean;
}

/** A non-static definition somewhere in the project, by C name. */
export interface GlobalDef {
  kind: 'fn' | 'var';
  module: ModuleBuilder;
  /** A variable's type as clang printed it at the definition. */
  qualType?: string;
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
  /** `file:name` of static functions that C code left in C calls: exported under `staticLinkName`. */
  readonly exportedStatics = new Set<string>();
  /**
   * `file:name` of static variables that C code left in C uses: they stay C too (C cannot
   * declare a reference to another file's static without editing its storage class, which a
   * macro such as zlib's `local` may spell), exported to Rust under `staticLinkName`.
   */
  readonly keptStaticVars = new Set<string>();
  /** Names of non-static globals whose type stays C (`long double g;`): Rust declares them in `ffi.rs`. */
  readonly keptExternVars = new Set<string>();
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

  /** Names of the files whose stems collide, derived from their paths (see `pathNames`). */
  private readonly modPreferred: Map<string, string>;
  private readonly binPreferred: Map<string, string>;

  /**
   * `files` are the project's files that will become modules and `binFiles` those that will be
   * programs, so that names do not depend on the order units are translated in.
   */
  constructor(
    readonly root: string,
    readonly libName: string,
    files: { modules: string[]; bins: string[] } = { modules: [], bins: [] },
  ) {
    this.modPreferred = pathNames(root, files.modules, moduleBase);
    this.binPreferred = pathNames(root, files.bins, fileStem);
  }

  module(absFile: string, isBin: boolean): ModuleBuilder {
    let m = this.modules.get(absFile);
    if (m) return m;
    const rel = relPath(this.root, absFile);
    let name: string;
    if (isBin) {
      name = this.binNames.name(absFile, this.binPreferred.get(absFile) ?? fileStem(absFile));
      this.binaries.push({ name, c_file: rel });
    } else name = this.modNames.name(absFile, this.modPreferred.get(absFile) ?? moduleBase(absFile));
    m = new ModuleBuilder(name, absFile, rel, isBin);
    this.modules.set(absFile, m);
    return m;
  }

  /**
   * The symbol a static function or variable of `absFile` links by across the C/Rust boundary:
   * file-qualified (`puff__bits`), since two files may both have a static `bits`.
   */
  staticLinkName(absFile: string, name: string): string {
    const m = this.modules.get(absFile);
    const prefix = m ? (m.isBin ? `bin_${m.name}` : m.name) : moduleBase(absFile);
    return `${prefix.replace(/^r#/, '')}__${name}`;
  }

  /** Path prefix of a library module as written in references (`LIB` becomes `crate` or the crate name). */
  static libPath(m: ModuleBuilder): string {
    return `LIB::${m.name}`;
  }
}

/** A file's stem as an identifier. */
function fileStem(absFile: string): string {
  return basename(absFile, extname(absFile)).replace(/[^A-Za-z0-9_]/g, '_');
}

/** A library module's name: the stem (`_h` for headers), never starting with a digit. */
function moduleBase(absFile: string): string {
  const stem = fileStem(absFile);
  const base = /^[0-9]/.test(stem) ? `m_${stem}` : stem;
  return /\.h(h|pp|xx)?$/i.test(absFile) ? `${base}_h` : base;
}

/**
 * Names for files whose base names collide (jccc's `codegen/x86/codegen.c` and
 * `codegen/RISCV/codegen.c`): the base name prefixed with as many of the nearest folder names
 * as it takes to tell them apart (`x86_codegen`, `riscv_codegen`). Files whose base name is
 * unique are not in the map: they keep it.
 */
export function pathNames(root: string, files: string[], base: (f: string) => string): Map<string, string> {
  const groups = new Map<string, string[]>();
  for (const f of new Set(files)) groups.set(base(f), [...(groups.get(base(f)) ?? []), f]);
  const out = new Map<string, string>();
  for (const [name, group] of groups) {
    if (group.length < 2) continue;
    const dirs = group.map((f) => relPath(root, f).split('/').slice(0, -1).filter((d) => d !== '..' && d !== '.').map((d) => d.toLowerCase().replace(/[^a-z0-9_]/g, '_')));
    const named = (i: number, k: number) => [...(dirs[i] as string[]).slice(-k), name].join('_').replace(/^(?=[0-9])/, 'm_');
    const deepest = Math.max(...dirs.map((d) => d.length));
    let k = 1;
    while (k < deepest && new Set(group.map((_f, i) => named(i, k))).size < group.length) k++;
    group.forEach((f, i) => out.set(f, named(i, k)));
  }
  return out;
}
