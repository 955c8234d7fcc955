import type { ClangNode, DeclRef } from './clang-ast.js';
import type { CType } from './ctype.js';
import type { TypeRegistry } from './registry.js';
import { bareName, NameAllocator, rustIdent } from './rust-names.js';
import type { RustTypes } from './rust-type.js';
import type { UnitScope } from './unit-scope.js';

/** A construct this translator does not express in Rust: the function using it stays C. */
export class Unsupported extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'Unsupported';
  }
}

/** What expressions and statements need from the module being written. */
export interface ModuleCtx {
  readonly scope: UnitScope;
  readonly reg: TypeRegistry;
  readonly types: RustTypes;
  /** The Rust name of a C function as seen from this module (imports or declares it). */
  refFn(name: string, ref?: DeclRef): string;
  /** The Rust name of a file-scope variable as seen from this module. */
  refVar(name: string, ref?: DeclRef): string;
  /** Names locals must not take (statics and consts in scope cannot be shadowed by `let`). */
  readonly reservedForLocals: Set<string>;
  warn(message: string): void;
  /** Parses a clang `qualType`, with its typedef names resolved in this unit. */
  type(q: { qualType: string } | undefined): CType;
  /** The C source text a node spans (its expansion range), when readable. */
  sourceText(n: ClangNode): string | undefined;
  /** A module-level static holding a compound literal of a static initialiser; returns its name. */
  hoistStatic(rustType: string, init: string): string;
}

export interface LocalVar {
  rust: string;
  type: CType;
  /** A variable-length array: `rust` is a pointer to its elements, `len` their number. */
  vla?: { len: string };
  /** `static` locals are Rust statics inside the function. */
  isStatic?: boolean;
}

/** Per-function state: locals (renamed where Rust needs it), temporaries, hoisted statements. */
export class FnCtx {
  readonly locals = new Map<string, LocalVar>();
  /** The latest local of each C name (VLA sizes are printed as C text and resolved by name). */
  readonly byName = new Map<string, LocalVar>();
  readonly names: NameAllocator;
  /** Statements that must run before the statement being translated (compound literal temporaries). */
  pre: string[] = [];
  /** The goto translation declares every local at the top of the function. */
  hoisted: string[] = [];
  private fresh = 0;

  constructor(
    readonly mod: ModuleCtx,
    readonly fnName: string,
    readonly retType: CType,
  ) {
    this.names = new NameAllocator(mod.reservedForLocals);
  }

  /**
   * A local's Rust name. Block scopes match C's in the structured translation, so names repeat
   * freely (`let` shadows); statics and the hoisted locals of the goto translation are unique.
   */
  declare(decl: ClangNode, type: CType, opts: { isStatic?: boolean; unique?: boolean } = {}): LocalVar {
    const id = decl.id ?? `anon${this.fresh++}`;
    const wanted = decl.name || 'unnamed';
    const plain = rustIdent(wanted);
    const rust = !opts.isStatic && !opts.unique && !this.names.isUsed(bareName(plain)) ? plain : this.names.name(id, wanted);
    const v: LocalVar = { rust, type, ...(opts.isStatic ? { isStatic: true } : {}) };
    this.locals.set(id, v);
    if (decl.name) this.byName.set(decl.name, v);
    return v;
  }

  /** Comments in the C source above `line` not yet written, as Rust comment lines. */
  comments: (line: number) => string[] = () => [];
  /** Statements of a nested block (GNU statement expressions), set by the function translator. */
  blockStmts: (items: ClangNode[]) => string[] = () => [];
  /** `alloca` was called: its buffers live in a vector freed when the function returns, as in C. */
  usesAlloca = false;
  /** Initialisers of statics are constant contexts: compound literals become statics of their own. */
  staticInit = false;

  local(id: string | undefined): LocalVar | undefined {
    return id ? this.locals.get(id) : undefined;
  }

  temp(base = 'fresh'): string {
    return this.names.name(`tmp${this.fresh++}`, `${base}${this.fresh - 1}`);
  }

  takePre(): string[] {
    const p = this.pre;
    this.pre = [];
    return p;
  }
}
