import { readFileSync } from 'node:fs';
import { children, type ClangNode } from './clang-ast.js';
import type { CType } from './ctype.js';
import type { SizeAlign } from './layout.js';
import type { EmitItem, RecordInfo } from './registry.js';
import type { UnitScope } from './unit-scope.js';

/**
 * The Rust fields that reproduce C's layout: bitfield runs as byte arrays, explicit padding
 * wherever C places a field past Rust's natural offset (field `aligned` attributes), tail
 * padding, and `align(N)` / `packed` on the record.
 */
export function planEmission(info: RecordInfo, sizeOf: (t: CType) => SizeAlign, warn: (w: string) => void): void {
  const runs: { name: string; start: number; end: number }[] = [];
  for (const f of info.fields) {
    if (f.run === undefined) continue;
    const start = Math.floor(f.bit / 8);
    const end = Math.ceil((f.bit + (f.bitWidth ?? 0)) / 8);
    const r = runs[f.run];
    if (r) {
      r.start = Math.min(r.start, start);
      r.end = Math.max(r.end, end);
    } else runs[f.run] = { name: `_bitfield_${f.run}`, start, end };
  }
  const emit: EmitItem[] = [];
  const pads: { name: string; bytes: number }[] = [];
  const addPad = (bytes: number) => {
    const p = { name: `_pad_${pads.length}`, bytes };
    pads.push(p);
    emit.push({ kind: 'pad', ...p });
  };
  const maxAlign = info.packed ?? Number.POSITIVE_INFINITY;
  let cur = 0;
  let rustAlign = 1;
  const seenRuns = new Set<number>();
  const isUnion = info.tag === 'union';
  for (const f of info.fields) {
    let offset: number;
    let size: number;
    let align: number;
    let item: EmitItem;
    if (f.run !== undefined) {
      if (seenRuns.has(f.run)) continue;
      seenRuns.add(f.run);
      const r = runs[f.run] as { name: string; start: number; end: number };
      offset = r.start;
      size = r.end - r.start;
      align = 1;
      item = { kind: 'run', ...r };
    } else {
      const sa = sizeOf(f.type);
      offset = f.bit / 8;
      size = sa.size;
      align = Math.min(sa.align, maxAlign);
      item = { kind: 'field', field: f };
    }
    if (!isUnion) {
      const natural = Math.ceil(cur / align) * align;
      if (offset > natural) addPad(offset - cur);
      else if (offset < natural) warn(`record ${info.cName}: field at offset ${offset} cannot be placed exactly in Rust`);
      cur = offset + size;
    } else cur = Math.max(cur, size);
    rustAlign = Math.max(rustAlign, align);
    emit.push(item);
  }
  const finalAlign = Math.max(rustAlign, info.packed ? 1 : info.align);
  const rustSize = Math.ceil(cur / finalAlign) * finalAlign;
  if (rustSize < info.size) {
    if (isUnion) addPad(info.size);
    else addPad(info.size - cur);
  }
  info.runs = runs;
  info.pads = pads;
  info.emit = emit;
  info.repr = info.packed ? (info.packed === 1 ? 'C, packed' : `C, packed(${info.packed})`) : info.align > rustAlign ? `C, align(${info.align})` : 'C';
}


export function recordSignature(tag: string, name: string, node: ClangNode): string {
  const fields = children(node)
    .filter((c) => c.kind === 'FieldDecl')
    .map((c) => `${c.name ?? ''}:${c.type?.qualType ?? ''}:${c.isBitfield === true ? 'b' : ''}`);
  const attrs = children(node)
    .filter((c) => c.kind.endsWith('Attr'))
    .map((c) => c.kind);
  return `${tag} ${name}{${fields.join(';')}}${attrs.join(',')}`;
}

/** The `#pragma pack` value in force at a record, read from its file (clang does not print it). */
export function pragmaPack(scope: UnitScope, node: ClangNode): number | undefined {
  const file = scope.fileOf(node);
  const offset = node.range?.begin.offset ?? node.loc?.offset;
  if (!file || offset === undefined) return undefined;
  let text: string;
  try {
    text = readFileSync(file, 'latin1').slice(0, offset);
  } catch {
    return undefined;
  }
  const stack: (number | undefined)[] = [];
  let cur: number | undefined;
  for (const m of text.matchAll(/#\s*pragma\s+pack\s*\(([^)]*)\)/g)) {
    const args = (m[1] ?? '').split(',').map((s) => s.trim());
    const num = args.map(Number).find((n) => Number.isInteger(n) && n > 0);
    if (args[0] === 'push') {
      stack.push(cur);
      if (num) cur = num;
    } else if (args[0] === 'pop') cur = stack.pop();
    else cur = num;
  }
  return cur;
}


