import { children, type ClangNode } from './clang-ast.js';
import { sameType, type CType, type IntKind } from './ctype.js';
import { evalInt } from './const-eval.js';
import { layoutRecord, sizeAlign, type SizeAlign } from './layout.js';
import { NameAllocator } from './rust-names.js';
import { planEmission, pragmaPack, recordSignature } from './record-plan.js';
import type { UnitScope } from './unit-scope.js';

export interface FieldInfo {
  cName: string;
  rustName: string;
  type: CType;
  bitWidth?: number;
  /** Bit offset in the record. */
  bit: number;
  size: number;
  /** Bitfields: index of the storage run holding it. */
  run?: number;
  comment?: string;
}

export interface RecordInfo {
  key: string;
  tag: 'struct' | 'union';
  cName: string;
  rustName: string;
  complete: boolean;
  fields: FieldInfo[];
  size: number;
  align: number;
  packed?: number;
  alignAttr?: number;
  file: string;
  line: number;
  /** Decl id → field, per unit (MemberExpr names fields by id). */
  byDeclId: Map<string, FieldInfo>;
  /** Bitfield storage runs (`_bitfield_N: [u8; n]`), by run number. */
  runs?: { name: string; start: number; end: number }[];
  /** Explicit padding fields that make the Rust layout match C's. */
  pads?: { name: string; bytes: number }[];
  /** The Rust fields in order. */
  emit?: EmitItem[];
  /** `C`, `C, packed`, `C, align(16)` … */
  repr?: string;
}

export type EmitItem = { kind: 'field'; field: FieldInfo } | { kind: 'run'; name: string; start: number; end: number } | { kind: 'pad'; name: string; bytes: number };

export interface TypedefInfo {
  key: string;
  cName: string;
  rustName: string;
  target: CType;
  /** False when the typedef only names a record/enum (`typedef struct {…} S`): no alias is written. */
  alias: boolean;
  file: string;
  line: number;
}

export interface EnumConstInfo {
  cName: string;
  rustName: string;
  value: bigint;
  type: CType;
}

export interface EnumInfo {
  key: string;
  cName: string;
  rustName?: string;
  underlying: IntKind;
  consts: EnumConstInfo[];
  file: string;
  line: number;
}

interface DeclSite {
  node: ClangNode;
  scope: UnitScope;
}

/**
 * Every type the crate uses, defined once in `types.rs`. Declarations are indexed from all units
 * first (so an opaque `struct foo;` in one file resolves to its definition in another), then
 * named and built on first use, which also decides what `types.rs` contains.
 */
export class TypeRegistry {
  private readonly defs = new Map<string, DeclSite>();
  private readonly completeByTag = new Map<string, string[]>();
  readonly records = new Map<string, RecordInfo>();
  private readonly bySignature = new Map<string, string>();
  readonly typedefs = new Map<string, TypedefInfo>();
  readonly enums = new Map<string, EnumInfo>();
  /** Enumerator key → info, for enumerators referenced by name. */
  private readonly enumConstByKey = new Map<string, EnumConstInfo>();
  readonly typeNames = new NameAllocator(['c_char', 'c_schar', 'c_uchar', 'c_short', 'c_ushort', 'c_int', 'c_uint', 'c_long', 'c_ulong', 'c_longlong', 'c_ulonglong', 'c_void', 'Option', 'Some', 'None']);
  readonly valueNames = new NameAllocator();
  /** Use order, so types.rs lists definitions the way they were first needed. */
  readonly order: string[] = [];
  readonly warnings: string[] = [];

  addScope(scope: UnitScope): void {
    const add = (d: ClangNode) => {
      const key = scope.keyOf(d);
      const prev = this.defs.get(key);
      const complete = d.completeDefinition === true || (d.kind === 'EnumDecl' && !!d.inner) || d.kind === 'TypedefDecl';
      if (!prev || (complete && prev.node.completeDefinition !== true)) this.defs.set(key, { node: d, scope });
      if (d.kind === 'RecordDecl' && d.completeDefinition === true && d.name) {
        const tk = `${d.tagUsed === 'union' ? 'union' : 'struct'} ${d.name}`;
        const list = this.completeByTag.get(tk) ?? [];
        if (!list.includes(key)) list.push(key);
        this.completeByTag.set(tk, list);
      }
    };
    for (const list of scope.tags.values()) for (const d of list) add(d);
    for (const d of scope.anon.values()) add(d);
    for (const d of scope.typedefs.values()) {
      add(d);
      // `typedef struct {…} S`: the record is called S wherever it appears.
      const t = d.name ? scope.typedef(d.name) : undefined;
      const target = t?.k === 'typedef' ? t.target : undefined;
      if ((target?.k === 'record' || target?.k === 'enum') && target.name === '' && !this.anonNames.has(target.key)) this.anonNames.set(target.key, d.name as string);
    }
  }

  /** An opaque key (`opaque:struct foo`) names the one complete definition with that tag, if any. */
  resolveKey(key: string): string {
    if (!key.startsWith('opaque:')) return key;
    const list = this.completeByTag.get(key.slice('opaque:'.length));
    return list && list.length > 0 ? (list[0] as string) : key;
  }

  private use(key: string): void {
    if (!this.order.includes(key)) this.order.push(key);
  }

  record(t: Extract<CType, { k: 'record' }>): RecordInfo {
    const key = this.resolveKey(t.key);
    let info = this.records.get(key);
    if (info) return info;
    const site = this.defs.get(key);
    // The same struct written out in two files is one Rust type (C treats them as compatible).
    const sigName = t.name || this.anonName(key);
    const sig = site && sigName && site.node.completeDefinition === true ? recordSignature(t.tag, sigName, site.node) : undefined;
    const twinKey = sig ? this.bySignature.get(sig) : undefined;
    const twin = twinKey ? this.records.get(twinKey) : undefined;
    if (twin) {
      this.records.set(key, twin);
      return twin;
    }
    if (sig) this.bySignature.set(sig, key);
    const cName = t.name || this.anonName(key);
    info = {
      key,
      tag: t.tag,
      cName,
      rustName: this.typeNames.name(`rec:${key}`, cName || 'C2RustUnnamed'),
      complete: false,
      fields: [],
      size: 0,
      align: 1,
      file: site ? site.scope.fileOf(site.node) : '',
      line: site ? site.scope.lineOf(site.node) : 0,
      byDeclId: new Map(),
    };
    this.records.set(key, info);
    this.use(`rec:${key}`);
    if (site && site.node.completeDefinition === true) this.buildRecord(info, site);
    return info;
  }

  /** Anonymous records named by a typedef take the typedef's name (`typedef struct {…} point`). */
  private readonly anonNames = new Map<string, string>();
  private anonName(key: string): string {
    return this.anonNames.get(key) ?? '';
  }

  private buildRecord(info: RecordInfo, site: DeclSite): void {
    const { node, scope } = site;
    const raw: { node: ClangNode; type: CType; bitWidth?: number; alignAttr?: number; packed?: boolean; named: boolean }[] = [];
    for (const c of children(node)) {
      if (c.kind !== 'FieldDecl') continue;
      const type = scope.typeOf(c.type);
      const bw = c.isBitfield === true ? evalInt(children(c).find((x) => !x.kind.endsWith('Attr')) as ClangNode, scope) : undefined;
      const alignAttr = children(c)
        .filter((a) => a.kind === 'AlignedAttr')
        .map((a) => Number(evalInt(children(a)[0] as ClangNode, scope) ?? 16))[0];
      raw.push({ node: c, type, bitWidth: bw === undefined ? undefined : Number(bw), alignAttr, packed: children(c).some((a) => a.kind === 'PackedAttr'), named: !!c.name });
    }
    const packed = children(node).some((a) => a.kind === 'PackedAttr') ? 1 : children(node).some((a) => a.kind === 'MaxFieldAlignmentAttr') ? pragmaPack(scope, node) : undefined;
    const alignAttr = children(node)
      .filter((a) => a.kind === 'AlignedAttr')
      .map((a) => Number(evalInt(children(a)[0] as ClangNode, scope) ?? 16))[0];
    const lay = layoutRecord(raw, info.tag === 'union', (k) => this.recordSize(k), { maxFieldAlign: packed, alignAttr });
    const names = new NameAllocator();
    let anon = 0;
    let run = -1;
    let runEnd = -1;
    raw.forEach((f, i) => {
      const place = lay.fields[i] as { bit: number; size: number };
      if (f.bitWidth !== undefined && (!f.node.name || f.bitWidth === 0)) return; // padding-only bitfields
      const cName = f.node.name ?? '';
      const rustName = names.name(`f${i}`, cName || `c2rust_unnamed${anon++ ? `_${anon - 1}` : ''}`);
      const fi: FieldInfo = { cName, rustName, type: f.type, bit: place.bit, size: place.size, ...(f.bitWidth !== undefined ? { bitWidth: f.bitWidth } : {}) };
      if (f.bitWidth !== undefined) {
        const startByte = Math.floor(place.bit / 8);
        if (run < 0 || startByte >= runEnd || info.tag === 'union') run++;
        fi.run = run;
        runEnd = Math.max(runEnd, Math.ceil((place.bit + f.bitWidth) / 8));
      } else runEnd = -1;
      info.fields.push(fi);
      if (f.node.id) info.byDeclId.set(f.node.id, fi);
    });
    info.complete = true;
    info.size = lay.size;
    info.align = lay.align;
    if (packed) info.packed = packed;
    if (alignAttr) info.alignAttr = alignAttr;
    planEmission(info, (t) => this.sizeOf(t), (w) => this.warnings.push(w));
  }

  /** Size and alignment of a record (0/1 for an incomplete one). */
  recordSize(key: string): SizeAlign {
    const k = this.resolveKey(key);
    const info = this.records.get(k);
    if (info) return { size: info.size, align: info.align };
    const site = this.defs.get(k);
    if (!site) return { size: 0, align: 1 };
    const t = site.scope.declType(site.node);
    if (t.k !== 'record') return { size: 0, align: 1 };
    const r = this.record(t);
    return { size: r.size, align: r.align };
  }

  sizeOf(t: CType): SizeAlign {
    return sizeAlign(t, (k) => this.recordSize(k));
  }

  /** Field of a MemberExpr's `referencedMemberDecl`, through the unit that printed it. */
  field(scope: UnitScope, declId: string): { record: RecordInfo; field: FieldInfo } | undefined {
    const f = scope.fields.get(declId);
    if (!f) return undefined;
    const t = scope.declType(f.record);
    if (t.k !== 'record') return undefined;
    let rec = this.record(t);
    let fi = rec.byDeclId.get(declId);
    if (!fi) {
      // Another unit built this record: match the field by position among the record's fields.
      const idx = children(f.record).filter((c) => c.kind === 'FieldDecl' && !(c.isBitfield === true && !c.name)).indexOf(f.field);
      fi = rec.fields[idx];
      if (fi) rec.byDeclId.set(declId, fi);
    }
    if (!fi) return undefined;
    rec = this.records.get(rec.key) ?? rec;
    return { record: rec, field: fi };
  }

  typedef(t: Extract<CType, { k: 'typedef' }>): TypedefInfo {
    let info = this.typedefs.get(t.key);
    if (info) return info;
    const site = this.defs.get(t.key);
    const target = t.target;
    const inner = target.k === 'record' || target.k === 'enum' ? target : undefined;
    // `typedef struct node node;` and `typedef struct {…} S;` name the record itself.
    const sameName = inner && (inner.name === t.name || inner.name === '');
    if (inner && sameName) {
      const rkey = inner.k === 'record' ? this.resolveKey(inner.key) : inner.key;
      if (!this.anonNames.has(rkey) && inner.name === '') this.anonNames.set(rkey, t.name);
      const rustName = (inner.k === 'record' ? this.record(inner).rustName : this.enumType(inner)) ?? this.typeNames.name(`td:${t.key}`, t.name);
      info = { key: t.key, cName: t.name, rustName, target, alias: false, file: site ? site.scope.fileOf(site.node) : '', line: site ? site.scope.lineOf(site.node) : 0 };
    } else {
      // The same typedef written in two files (`typedef char Char;`) is one Rust alias.
      const twin = [...this.typedefs.values()].find((o) => o.alias && o.cName === t.name && sameType(o.target, target));
      if (twin) {
        this.typedefs.set(t.key, twin);
        return twin;
      }
      info = { key: t.key, cName: t.name, rustName: this.typeNames.name(`td:${t.key}`, t.name), target, alias: true, file: site ? site.scope.fileOf(site.node) : '', line: site ? site.scope.lineOf(site.node) : 0 };
    }
    this.typedefs.set(t.key, info);
    this.use(`td:${t.key}`);
    return info;
  }

  enumInfo(t: Extract<CType, { k: 'enum' }>): EnumInfo {
    let info = this.enums.get(t.key);
    if (info) return info;
    const site = this.defs.get(t.key);
    info = { key: t.key, cName: t.name, underlying: t.underlying, consts: [], file: site ? site.scope.fileOf(site.node) : '', line: site ? site.scope.lineOf(site.node) : 0 };
    this.enums.set(t.key, info);
    this.use(`enum:${t.key}`);
    if (site) {
      for (const c of children(site.node)) {
        if (c.kind !== 'EnumConstantDecl' || !c.name) continue;
        const v = site.scope.enumConsts.get(c.name)?.value ?? 0n;
        // Named enums: constants have the enum's type (switch patterns and enum variables need no casts).
        const own = t.name || this.anonNames.get(t.key) ? t : site.scope.typeOf(c.type);
        const ci: EnumConstInfo = { cName: c.name, rustName: this.valueNames.name(`ec:${site.scope.keyOf(c)}`, c.name), value: v, type: own };
        info.consts.push(ci);
        this.enumConstByKey.set(site.scope.keyOf(c), ci);
      }
    }
    return info;
  }

  /** Rust name of an enum type: its alias, or (anonymous enums) the underlying integer. */
  enumType(t: Extract<CType, { k: 'enum' }>): string | undefined {
    const info = this.enumInfo(t);
    if (info.rustName) return info.rustName;
    const name = info.cName || this.anonNames.get(t.key);
    if (!name) return undefined;
    info.rustName = this.typeNames.name(`enum:${t.key}`, name);
    return info.rustName;
  }

  /** Names an anonymous enum after the typedef that introduces it. */
  nameAnonEnum(key: string, name: string): void {
    if (!this.anonNames.has(key)) this.anonNames.set(key, name);
  }

  /** The Rust name of an enumerator referenced in unit `scope`. */
  enumConst(scope: UnitScope, name: string): EnumConstInfo | undefined {
    const e = scope.enumConsts.get(name);
    if (!e) return undefined;
    const key = scope.keyOf(e.node);
    const got = this.enumConstByKey.get(key);
    if (got) return got;
    const t = scope.declType(e.owner);
    if (t.k === 'enum') this.enumInfo(t);
    return this.enumConstByKey.get(key);
  }

  isEnumUsed(key: string): boolean {
    return this.enums.has(key);
  }
}

