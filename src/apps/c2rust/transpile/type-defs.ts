import { readFileSync } from 'node:fs';
import { cCommentAbove } from '../optimize/symbol-map.js';
import { isUnder } from '../expansion.js';
import { canon, intKind, isSignedKind, type CType } from './ctype.js';
import type { EnumInfo, RecordInfo, TypedefInfo } from './registry.js';
import { bareName } from './rust-names.js';
import { FFI_NAMES, type RustTypes } from './rust-type.js';

const HELPERS = `
/// A C string literal as a \`char\` array (\`c_char\` is signed; byte strings are not).
pub const fn c_str<const N: usize>(b: &[u8; N]) -> [c_char; N] {
    let mut a = [0 as c_char; N];
    let mut i = 0;
    while i < N {
        a[i] = b[i] as c_char;
        i += 1;
    }
    a
}

/// Reads \`width\` bits at bit \`off\` of a bitfield storage run (little-endian, as GCC lays them out).
pub const fn bitfield_get<const N: usize>(b: &[u8; N], off: u32, width: u32) -> u128 {
    let mut v: u128 = 0;
    let mut i = 0;
    while i < N {
        v |= (b[i] as u128) << (8 * i);
        i += 1;
    }
    (v >> off) & ((1u128 << width) - 1)
}

/// Sign-extends a \`width\`-bit value read by \`bitfield_get\`.
pub const fn bitfield_signed(v: u128, width: u32) -> i128 {
    ((v << (128 - width)) as i128) >> (128 - width)
}

/// Writes the low \`width\` bits of \`value\` at bit \`off\` of a bitfield storage run.
pub const fn bitfield_set<const N: usize>(b: &mut [u8; N], off: u32, width: u32, value: u128) {
    let mask = ((1u128 << width) - 1) << off;
    let mut v: u128 = 0;
    let mut i = 0;
    while i < N {
        v |= (b[i] as u128) << (8 * i);
        i += 1;
    }
    v = (v & !mask) | ((value << off) & mask);
    let mut j = 0;
    while j < N {
        b[j] = (v >> (8 * j)) as u8;
        j += 1;
    }
}
`;

/** `types.rs`: every struct, union, typedef and enum the crate uses, once. */
export function renderTypes(types: RustTypes, root: string): string {
  const reg = types.reg;
  const blocks: { file: string; line: number; name: string; text: string }[] = [];
  const done = new Set<string>();
  for (let i = 0; i < reg.order.length; i++) {
    const key = reg.order[i] as string;
    if (done.has(key)) continue;
    done.add(key);
    if (key.startsWith('rec:')) {
      const info = reg.records.get(key.slice(4));
      if (info) blocks.push({ file: info.file, line: info.line, name: info.rustName, text: recordText(types, info, root) });
    } else if (key.startsWith('td:')) {
      const info = reg.typedefs.get(key.slice(3));
      if (info?.alias) blocks.push({ file: info.file, line: info.line, name: info.rustName, text: typedefText(types, info, root) });
    } else if (key.startsWith('enum:')) {
      const info = reg.enums.get(key.slice(5));
      if (info) blocks.push({ file: info.file, line: info.line, name: info.rustName ?? info.cName, text: enumText(types, info, root) });
    }
  }
  const own = (f: string) => f !== '' && isUnder(root, f);
  blocks.sort((a, b) => {
    const oa = own(a.file) ? 0 : 1;
    const ob = own(b.file) ? 0 : 1;
    if (oa !== ob) return oa - ob;
    if (oa === 0) return a.file.localeCompare(b.file) || a.line - b.line;
    return a.name.localeCompare(b.name);
  });
  const head = [
    '//! The C types of the program, each defined once and shared by every module: the',
    '//! project\'s structs, unions, typedefs and enums, and those of the system headers it uses.',
    '',
    `pub use core::ffi::{${FFI_NAMES.join(', ')}};`,
  ];
  return [...head, HELPERS, ...blocks.map((b) => b.text)].join('\n');
}

const docCache = new Map<string, string | undefined>();
function docAbove(file: string, line: number, root: string): string[] {
  if (!file || !isUnder(root, file) || line <= 1) return [];
  if (!docCache.has(file)) {
    try {
      docCache.set(file, readFileSync(file, 'latin1'));
    } catch {
      docCache.set(file, undefined);
    }
  }
  const text = docCache.get(file);
  const c = text ? cCommentAbove(text, line) : undefined;
  return c ? [`/// ${c}`] : [];
}

function recordText(types: RustTypes, info: RecordInfo, root: string): string {
  const doc = docAbove(info.file, info.line, root);
  if (!info.complete) {
    return [...doc, `/// Opaque: \`${info.tag} ${info.cName}\` is never defined in what the program includes.`, '#[derive(Copy, Clone)]', '#[repr(C)]', `pub struct ${info.rustName} {`, '    _opaque: [u8; 0],', '}', ''].join('\n');
  }
  const fields: string[] = [];
  for (const e of info.emit ?? []) {
    if (e.kind === 'field') fields.push(`    pub ${e.field.rustName}: ${types.ty(e.field.type)},`);
    else if (e.kind === 'run') fields.push(`    pub ${e.name}: [u8; ${e.end - e.start}],`);
    else fields.push(`    pub ${e.name}: [u8; ${e.bytes}],`);
  }
  if (fields.length === 0 && info.tag === 'struct') fields.push('    _empty: [u8; 0],');
  const out = [...doc, '#[derive(Copy, Clone)]', `#[repr(${info.repr ?? 'C'})]`, `pub ${info.tag} ${info.rustName} {`, ...fields, '}'];
  const acc = accessors(types, info);
  if (acc.length > 0) out.push('', `impl ${info.rustName} {`, ...acc, '}');
  out.push('');
  return out.join('\n');
}

/** Getter and setter per bitfield, named after the C field (`flags()`, `set_flags()`). */
function accessors(types: RustTypes, info: RecordInfo): string[] {
  const out: string[] = [];
  for (const f of info.fields) {
    if (f.bitWidth === undefined || f.run === undefined) continue;
    const run = info.runs?.[f.run];
    if (!run) continue;
    const off = f.bit - run.start * 8;
    const w = f.bitWidth;
    const t: CType = f.type;
    const rt = types.ty(t);
    const k = intKind(t);
    const get = `bitfield_get(&self.${run.name}, ${off}, ${w})`;
    const read = k === 'bool' ? `${get} != 0` : k && isSignedKind(k) ? `bitfield_signed(${get}, ${w}) as ${rt}` : `${get} as ${rt}`;
    const name = bareName(f.rustName);
    out.push(`    pub const fn ${f.rustName}(&self) -> ${rt} {`, `        ${read}`, '    }');
    const val = k === 'bool' ? 'value as u128' : canon(t).k === 'enum' || k ? `value as u128` : 'value as u128';
    out.push(`    pub const fn set_${name}(&mut self, value: ${rt}) {`, `        bitfield_set(&mut self.${run.name}, ${off}, ${w}, ${val});`, '    }');
  }
  return out;
}

function typedefText(types: RustTypes, info: TypedefInfo, root: string): string {
  return [...docAbove(info.file, info.line, root), `pub type ${info.rustName} = ${types.ty(info.target)};`].join('\n');
}

function enumText(types: RustTypes, info: EnumInfo, root: string): string {
  const out = [...docAbove(info.file, info.line, root)];
  // Rendering the constants' type names the enum when they use it.
  const consts = info.consts.map((c) => `pub const ${c.rustName}: ${types.ty(c.type)} = ${c.value < 0n ? `-${-c.value}` : c.value};`);
  if (info.rustName) out.push(`pub type ${info.rustName} = ${types.ty({ k: 'int', kind: info.underlying })};`);
  out.push(...consts);
  out.push('');
  return out.join('\n');
}
