import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { relPath } from '../expansion.js';
import { outline } from './rust-scan.js';
import type { CrateState } from './crate-state.js';
import { bareName } from './rust-names.js';

/** One C definition and where its translation landed. */
export interface LocatedItem {
  kind: 'function' | 'variable' | 'struct' | 'union' | 'typedef' | 'enum';
  cName: string;
  cFile: string;
  cStart: number;
  cEnd: number;
  rustPath: string;
  rustFile: string;
  rustStart?: number;
  rustEnd?: number;
}

export interface Located {
  items: LocatedItem[];
  rustLines: number;
  unsafeLines: number;
}

function moduleFile(m: { isBin: boolean; name: string }): string {
  return m.isBin ? `src/bin/${m.name}.rs` : `src/${m.name}.rs`;
}

function scan(text: string): { ranges: Map<string, [number, number]>; unsafe: { size: number } } {
  const o = outline(text);
  return { ranges: o.ranges, unsafe: { size: o.unsafeLines } };
}

/** Finds every translated item in the formatted crate in `dir` (each file parsed once). */
export function locateItems(dir: string, crate: CrateState): Located {
  const items: LocatedItem[] = [];
  let rustLines = 0;
  let unsafeLines = 0;
  for (const m of crate.modules.values()) {
    const file = moduleFile(m);
    let text: string;
    try {
      text = readFileSync(join(dir, file), 'utf8');
    } catch {
      continue;
    }
    const { ranges, unsafe } = scan(text);
    rustLines += text.split('\n').length;
    unsafeLines += unsafe.size;
    for (const it of m.items) {
      const r = ranges.get(`${it.kind === 'fn' ? 'fn' : 'static'}:${bareName(it.rustName)}`);
      items.push({
        kind: it.kind === 'fn' ? 'function' : 'variable',
        cName: it.cName,
        cFile: it.cFile,
        cStart: it.cStart,
        cEnd: it.cEnd,
        rustPath: m.isBin ? `crate::${it.rustName}` : `crate::${m.name}::${it.rustName}`,
        rustFile: file,
        ...(r ? { rustStart: r[0], rustEnd: r[1] } : {}),
      });
    }
  }
  for (const f of ['src/ffi.rs', 'src/lib.rs']) {
    try {
      rustLines += readFileSync(join(dir, f), 'utf8').split('\n').length;
    } catch {
      // Reported by the writer.
    }
  }
  const types = typeItems(dir, crate);
  return { items: [...items, ...types.items], rustLines: rustLines + types.lines, unsafeLines };
}

function typeItems(dir: string, crate: CrateState): { items: LocatedItem[]; lines: number } {
  let text: string;
  try {
    text = readFileSync(join(dir, 'src/types.rs'), 'utf8');
  } catch {
    return { items: [], lines: 0 };
  }
  const { ranges } = scan(text);
  const out: LocatedItem[] = [];
  const cFile = (f: string) => (f ? relPath(crate.root, f) : '');
  const own = (f: string) => f !== '' && !relPath(crate.root, f).startsWith('..');
  for (const r of crate.reg.records.values()) {
    if (!own(r.file)) continue;
    const range = ranges.get(`${r.tag}:${bareName(r.rustName)}`);
    out.push({ kind: r.tag, cName: r.cName, cFile: cFile(r.file), cStart: r.line, cEnd: r.line, rustPath: `crate::types::${r.rustName}`, rustFile: 'src/types.rs', ...(range ? { rustStart: range[0], rustEnd: range[1] } : {}) });
  }
  for (const t of crate.reg.typedefs.values()) {
    if (!own(t.file) || !t.alias) continue;
    const range = ranges.get(`type:${bareName(t.rustName)}`);
    out.push({ kind: 'typedef', cName: t.cName, cFile: cFile(t.file), cStart: t.line, cEnd: t.line, rustPath: `crate::types::${t.rustName}`, rustFile: 'src/types.rs', ...(range ? { rustStart: range[0], rustEnd: range[1] } : {}) });
  }
  for (const e of crate.reg.enums.values()) {
    if (!own(e.file) || !e.rustName) continue;
    const range = ranges.get(`type:${bareName(e.rustName)}`);
    out.push({ kind: 'enum', cName: e.cName, cFile: cFile(e.file), cStart: e.line, cEnd: e.line, rustPath: `crate::types::${e.rustName}`, rustFile: 'src/types.rs', ...(range ? { rustStart: range[0], rustEnd: range[1] } : {}) });
  }
  return { items: out, lines: text.split('\n').length };
}

/** `symbol_map.jsonl`: one line per item, in the fields `jc2r optimize` reads (plus kinds and ranges). */
export function symbolMapLines(located: Located, outDir: string): string {
  return located.items
    .map((it) =>
      JSON.stringify({
        kind: it.kind,
        c_name: it.cName,
        c_file: it.cFile,
        c_start_line: it.cStart,
        c_end_line: it.cEnd,
        rust_name: it.rustPath,
        rust_file: it.rustFile,
        rust_start_line: it.rustStart ?? null,
        rust_end_line: it.rustEnd ?? null,
        crate: outDir,
      }),
    )
    .join('\n')
    .concat(located.items.length > 0 ? '\n' : '');
}
