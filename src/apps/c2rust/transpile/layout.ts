import { canon, INT_BITS, type CType } from './ctype.js';

export interface SizeAlign {
  size: number;
  align: number;
}

/** Sizes on x86-64 System V (the only target the translation claims: clang ran for this host). */
export function sizeAlign(t: CType, record: (key: string) => SizeAlign): SizeAlign {
  const c = canon(t);
  switch (c.k) {
    case 'int': {
      const b = INT_BITS[c.kind] / 8;
      return { size: b, align: b };
    }
    case 'enum': {
      const b = INT_BITS[c.underlying] / 8;
      return { size: b, align: b };
    }
    case 'float':
      return c.kind === 'float' ? { size: 4, align: 4 } : c.kind === 'double' ? { size: 8, align: 8 } : { size: 16, align: 16 };
    case 'ptr':
      return { size: 8, align: 8 };
    case 'array': {
      const e = sizeAlign(c.of, record);
      return { size: e.size * (c.size ?? 0), align: e.align };
    }
    case 'record':
      return record(c.key);
    case 'vector':
      return { size: c.bytes, align: c.bytes };
    case 'complex': {
      const e = sizeAlign(c.of, record);
      return { size: e.size * 2, align: e.align };
    }
    case 'void':
    case 'fn':
      return { size: 1, align: 1 };
    default:
      return { size: 0, align: 1 };
  }
}

export interface LayoutField {
  type: CType;
  bitWidth?: number;
  /** From `__attribute__((aligned(N)))` on the field. */
  alignAttr?: number;
  /** From `__attribute__((packed))` on the field. */
  packed?: boolean;
}

export interface FieldPlacement {
  /** Bit offset from the start of the record. */
  bit: number;
  /** Bytes the field occupies (bitfields: 0, they live in a storage run). */
  size: number;
}

export interface RecordLayout extends SizeAlign {
  fields: FieldPlacement[];
}

const alignUp = (n: number, a: number) => Math.ceil(n / a) * a;

/**
 * GCC's x86-64 record layout, bitfields included: a bitfield goes at the next free bit unless it
 * would straddle a unit of its declared type's alignment, then it starts the next unit; a
 * zero-width bitfield only aligns; unnamed bitfields do not raise the record's alignment.
 * `maxFieldAlign` is `#pragma pack(N)` / `packed` (1).
 */
export function layoutRecord(
  fields: readonly (LayoutField & { named: boolean })[],
  isUnion: boolean,
  record: (key: string) => SizeAlign,
  opts: { maxFieldAlign?: number; alignAttr?: number } = {},
): RecordLayout {
  let bit = 0;
  let align = 1;
  let maxSize = 0;
  const out: FieldPlacement[] = [];
  for (const f of fields) {
    const sa = sizeAlign(f.type, record);
    let fa = f.alignAttr ? Math.max(sa.align, f.alignAttr) : sa.align;
    if (f.packed) fa = 1;
    if (opts.maxFieldAlign) fa = Math.min(fa, opts.maxFieldAlign);
    if (f.bitWidth !== undefined) {
      const w = f.bitWidth;
      const unit = sa.align * 8;
      if (isUnion) {
        out.push({ bit: 0, size: 0 });
        maxSize = Math.max(maxSize, Math.ceil(w / 8));
        if (f.named) align = Math.max(align, fa);
        continue;
      }
      if (w === 0) {
        bit = alignUp(bit, unit);
        out.push({ bit, size: 0 });
        continue;
      }
      const packed = f.packed || opts.maxFieldAlign === 1;
      if (!packed && Math.floor(bit / unit) !== Math.floor((bit + w - 1) / unit)) bit = alignUp(bit, unit);
      else if (opts.maxFieldAlign && opts.maxFieldAlign > 1 && Math.floor(bit / unit) !== Math.floor((bit + w - 1) / unit)) bit = alignUp(bit, opts.maxFieldAlign * 8);
      out.push({ bit, size: 0 });
      bit += w;
      if (f.named) align = Math.max(align, fa);
      continue;
    }
    if (isUnion) {
      out.push({ bit: 0, size: sa.size });
      maxSize = Math.max(maxSize, sa.size);
    } else {
      bit = alignUp(bit, fa * 8);
      out.push({ bit, size: sa.size });
      bit += sa.size * 8;
    }
    align = Math.max(align, fa);
  }
  if (opts.alignAttr) align = Math.max(align, opts.alignAttr);
  const bytes = isUnion ? maxSize : Math.ceil(bit / 8);
  return { size: alignUp(bytes, align), align, fields: out };
}
