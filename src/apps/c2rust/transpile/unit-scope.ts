import { resolve } from 'node:path';
import type { TranslationUnit } from '../compile-db.js';
import { isUnder } from '../expansion.js';
import { children, expansionOf, type ClangNode, type QualType } from './clang-ast.js';
import type { CType, IntKind } from './ctype.js';
import { evalEnumValues } from './const-eval.js';
import { parseCType, TypeParseError, type TypeLookup } from './type-parse.js';

/**
 * What one translation unit declares, indexed for the translator: the project's own top-level
 * declarations (in source order) and lookup tables over everything else clang saw (system
 * headers included), so types and library prototypes can be resolved on demand.
 */
export class UnitScope implements TypeLookup {
  readonly top: ClangNode[] = [];
  readonly typedefs = new Map<string, ClangNode>();
  readonly tags = new Map<string, ClangNode[]>();
  readonly anon = new Map<string, ClangNode>();
  readonly byId = new Map<string, ClangNode>();
  readonly fields = new Map<string, { record: ClangNode; field: ClangNode }>();
  readonly functions = new Map<string, ClangNode>();
  readonly vars = new Map<string, ClangNode>();
  readonly enumConsts = new Map<string, { node: ClangNode; owner: ClangNode; value: bigint }>();
  private readonly typeCache = new Map<string, CType>();
  private readonly typedefCache = new Map<string, CType>();
  private readonly absCache = new Map<string, string>();

  constructor(
    readonly unit: TranslationUnit,
    readonly root: string,
    tu: ClangNode,
  ) {
    for (const d of children(tu)) {
      this.index(d, true);
      if (this.isProject(d)) this.top.push(d);
    }
  }

  absFile(f: string): string {
    let a = this.absCache.get(f);
    if (a === undefined) {
      a = resolve(this.unit.cwd, f);
      this.absCache.set(f, a);
    }
    return a;
  }

  /** The absolute file a declaration is in (its expansion site), or '' for built-ins. */
  fileOf(n: ClangNode): string {
    const l = expansionOf(n.loc) ?? expansionOf(n.range?.begin);
    return l?.file ? this.absFile(l.file) : '';
  }

  lineOf(n: ClangNode): number {
    return (expansionOf(n.loc) ?? expansionOf(n.range?.begin))?.line ?? 0;
  }

  isProject(n: ClangNode): boolean {
    const f = this.fileOf(n);
    return f !== '' && isUnder(this.root, f);
  }

  /** Same declaration in every unit that includes the same header: file, line and column. */
  keyOf(n: ClangNode): string {
    const l = expansionOf(n.loc);
    return l?.file ? `${this.absFile(l.file)}:${l.line}:${l.col}` : `builtin:${n.name ?? n.id}`;
  }

  private index(d: ClangNode, topLevel: boolean): void {
    if (d.id) this.byId.set(d.id, d);
    switch (d.kind) {
      case 'TypedefDecl':
        if (d.name) this.typedefs.set(d.name, d);
        break;
      case 'RecordDecl':
      case 'EnumDecl': {
        const tag = d.kind === 'EnumDecl' ? 'enum' : String(d.tagUsed ?? 'struct');
        if (d.name) {
          const k = `${tag} ${d.name}`;
          const list = this.tags.get(k) ?? [];
          list.push(d);
          this.tags.set(k, list);
        } else {
          const l = expansionOf(d.loc);
          if (l?.file) this.anon.set(`${this.absFile(l.file)}:${l.line}:${l.col}`, d);
        }
        if (d.kind === 'EnumDecl') {
          evalEnumValues(d, this, (c, value) => this.enumConsts.set(c.name ?? '', { node: c, owner: d, value }));
        }
        for (const c of children(d)) {
          if (c.kind === 'FieldDecl' && c.id) this.fields.set(c.id, { record: d, field: c });
          else if (c.kind === 'RecordDecl' || c.kind === 'EnumDecl') this.index(c, false);
        }
        break;
      }
      case 'FunctionDecl': {
        const prev = d.name ? this.functions.get(d.name) : undefined;
        if (d.name && (!prev || !hasBody(prev) || hasBody(d))) this.functions.set(d.name, d);
        // Types declared inside function bodies are global to the translation.
        if (topLevel) this.indexLocalTypes(d);
        break;
      }
      case 'VarDecl':
        if (d.name && topLevel) {
          const prev = this.vars.get(d.name);
          if (!prev || d.init !== undefined || prev.storageClass === 'extern') this.vars.set(d.name, d);
        }
        break;
      default:
        break;
    }
  }

  private indexLocalTypes(n: ClangNode): void {
    for (const c of children(n)) {
      if (c.kind === 'RecordDecl' || c.kind === 'EnumDecl' || c.kind === 'TypedefDecl') this.index(c, false);
      else if (c.inner) this.indexLocalTypes(c);
    }
  }

  /** The record or enum a typedef's structured type names (`typedef struct {…} S`). */
  private typedefTagDecl(td: ClangNode): ClangNode | undefined {
    const stack = [...children(td)];
    while (stack.length > 0) {
      const x = stack.shift() as ClangNode;
      const decl = (x.ownedTagDecl ?? x.decl) as { id?: string } | undefined;
      if (decl?.id && (x.kind === 'RecordType' || x.kind === 'EnumType' || x.kind === 'ElaboratedType')) {
        const found = this.byId.get(decl.id);
        if (found) return found;
      }
      if (x.kind === 'ElaboratedType' || x.kind === 'ParenType') stack.push(...children(x));
    }
    return undefined;
  }

  // ---- TypeLookup ----

  parse(qualType: string): CType {
    let t = this.typeCache.get(qualType);
    if (!t) {
      try {
        t = parseCType(qualType, this);
      } catch (e) {
        if (!(e instanceof TypeParseError)) throw e;
        t = { k: 'unknown', text: qualType };
      }
      this.typeCache.set(qualType, t);
    }
    return t;
  }

  /** A node's type, falling back to clang's desugared spelling (`typeof(x)`, odd sugar). */
  typeOf(q: QualType | undefined): CType {
    const t = this.parse(q?.qualType ?? 'int');
    if (t.k === 'unknown' && q?.desugaredQualType) return this.parse(q.desugaredQualType);
    return t;
  }

  typedef(name: string): CType | undefined {
    const cached = this.typedefCache.get(name);
    if (cached) return cached;
    const td = this.typedefs.get(name);
    if (!td) return undefined;
    const placeholder: CType = { k: 'typedef', key: this.keyOf(td), name, target: { k: 'unknown', text: name } };
    this.typedefCache.set(name, placeholder);
    const tagDecl = this.typedefTagDecl(td);
    const target = tagDecl && !tagDecl.name ? this.declType(tagDecl) : this.typeOf(td.type);
    (placeholder as { target: CType }).target = target;
    return placeholder;
  }

  tag(tag: 'struct' | 'union' | 'enum', name: string): CType | undefined {
    const list = this.tags.get(`${tag} ${name}`);
    if (list && list.length > 0) {
      const def = list.find((d) => d.completeDefinition === true || (d.kind === 'EnumDecl' && d.inner)) ?? list[list.length - 1];
      return this.declType(def as ClangNode);
    }
    // `typedef struct {…} S` prints its record as `struct S`.
    const td = this.typedefs.get(name);
    const owned = td ? this.typedefTagDecl(td) : undefined;
    return owned ? this.declType(owned) : undefined;
  }

  anonymous(_tag: 'struct' | 'union' | 'enum' | undefined, loc: string): CType | undefined {
    const m = /^(.*):(\d+):(\d+)$/.exec(loc);
    if (!m) return undefined;
    const d = this.anon.get(`${this.absFile(m[1] as string)}:${m[2]}:${m[3]}`);
    return d ? this.declType(d) : undefined;
  }

  /** The CType of a record or enum declaration (its complete definition when this unit has one). */
  declType(d: ClangNode): CType {
    if (d.kind === 'EnumDecl') {
      const def = d.name ? (this.tags.get(`enum ${d.name}`)?.find((x) => x.inner) ?? d) : d;
      return { k: 'enum', key: def.inner ? this.keyOf(def) : `opaque:enum ${d.name}`, name: d.name ?? '', underlying: this.enumUnderlying(def) };
    }
    const tag = d.tagUsed === 'union' ? 'union' : 'struct';
    let def = d;
    if (d.completeDefinition !== true && d.name) def = this.tags.get(`${tag} ${d.name}`)?.find((x) => x.completeDefinition === true) ?? d;
    const key = def.completeDefinition === true ? this.keyOf(def) : `opaque:${tag} ${d.name ?? this.keyOf(d)}`;
    return { k: 'record', key, tag, name: d.name ?? '' };
  }

  enumUnderlying(d: ClangNode): IntKind {
    const fixed = d.fixedUnderlyingType as { qualType?: string } | undefined;
    if (fixed?.qualType) {
      const t = this.parse(fixed.qualType);
      if (t.k === 'int') return t.kind;
      if (t.k === 'typedef' && t.target.k === 'int') return t.target.kind;
    }
    let min = 0n;
    let max = 0n;
    for (const c of children(d)) {
      const v = this.enumConsts.get(c.name ?? '')?.value;
      if (v === undefined) continue;
      if (v < min) min = v;
      if (v > max) max = v;
    }
    if (min < 0n) return min >= -(1n << 31n) && max < 1n << 31n ? 'int' : 'long';
    return max < 1n << 32n ? 'uint' : 'ulong';
  }
}

export function hasBody(d: ClangNode): boolean {
  return children(d).some((c) => c.kind === 'CompoundStmt');
}

export function bodyOf(d: ClangNode): ClangNode | undefined {
  return children(d).find((c) => c.kind === 'CompoundStmt');
}
