import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SyntaxNode } from '../../../lang/tree-sitter.js';
import { relPath } from '../expansion.js';
import { parseRust } from '../optimize/rust-syntax.js';
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

/** Top-level item name → 1-based line range, and the lines inside unsafe code. */
async function scan(text: string): Promise<{ ranges: Map<string, [number, number]>; unsafe: Set<number> }> {
  const tree = await parseRust(text);
  const ranges = new Map<string, [number, number]>();
  const unsafe = new Set<number>();
  try {
    const add = (n: SyntaxNode) => {
      for (let l = n.startPosition.row + 1; l <= n.endPosition.row + 1; l++) unsafe.add(l);
    };
    const walk = (n: SyntaxNode, top: boolean) => {
      for (const c of n.namedChildren) {
        if (!c) continue;
        const name = c.childForFieldName('name')?.text;
        if (top && name && /_item$/.test(c.type) && !ranges.has(`${c.type}:${name}`)) {
          ranges.set(`${c.type}:${bareName(name)}`, [c.startPosition.row + 1, c.endPosition.row + 1]);
        }
        if (c.type === 'function_item' && /\bunsafe\b/.test(c.childForFieldName('body') ? c.text.slice(0, c.text.indexOf('{')) : c.text)) {
          const body = c.childForFieldName('body');
          if (body) add(body);
          continue;
        }
        if (c.type === 'unsafe_block') {
          add(c);
          continue;
        }
        walk(c, top && c.type === 'declaration_list');
      }
    };
    walk(tree.rootNode, true);
  } finally {
    tree.delete();
  }
  return { ranges, unsafe };
}

/** Finds every translated item in the formatted crate in `dir`. */
export async function locateItems(dir: string, crate: CrateState): Promise<Located> {
  const items: LocatedItem[] = [];
  let rustLines = 0;
  let unsafeLines = 0;
  const files: string[] = [];
  for (const m of crate.modules.values()) {
    const file = moduleFile(m);
    files.push(file);
    let text: string;
    try {
      text = readFileSync(join(dir, file), 'utf8');
    } catch {
      continue;
    }
    const { ranges } = await scan(text);
    for (const it of m.items) {
      const r = ranges.get(`${it.kind === 'fn' ? 'function_item' : 'static_item'}:${bareName(it.rustName)}`);
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
  for (const f of [...files, 'src/types.rs', 'src/ffi.rs', 'src/lib.rs']) {
    try {
      const text = readFileSync(join(dir, f), 'utf8');
      rustLines += text.split('\n').length;
      if (files.includes(f)) unsafeLines += (await scan(text)).unsafe.size;
    } catch {
      // A module that failed to write is reported elsewhere.
    }
  }
  items.push(...(await typeItems(dir, crate)));
  return { items, rustLines, unsafeLines };
}

async function typeItems(dir: string, crate: CrateState): Promise<LocatedItem[]> {
  let text: string;
  try {
    text = readFileSync(join(dir, 'src/types.rs'), 'utf8');
  } catch {
    return [];
  }
  const { ranges } = await scan(text);
  const out: LocatedItem[] = [];
  const cFile = (f: string) => (f ? relPath(crate.root, f) : '');
  const own = (f: string) => f !== '' && !relPath(crate.root, f).startsWith('..');
  for (const r of crate.reg.records.values()) {
    if (!own(r.file)) continue;
    const range = ranges.get(`${r.tag === 'union' ? 'union_item' : 'struct_item'}:${bareName(r.rustName)}`);
    out.push({ kind: r.tag, cName: r.cName, cFile: cFile(r.file), cStart: r.line, cEnd: r.line, rustPath: `crate::types::${r.rustName}`, rustFile: 'src/types.rs', ...(range ? { rustStart: range[0], rustEnd: range[1] } : {}) });
  }
  for (const t of crate.reg.typedefs.values()) {
    if (!own(t.file) || !t.alias) continue;
    const range = ranges.get(`type_item:${bareName(t.rustName)}`);
    out.push({ kind: 'typedef', cName: t.cName, cFile: cFile(t.file), cStart: t.line, cEnd: t.line, rustPath: `crate::types::${t.rustName}`, rustFile: 'src/types.rs', ...(range ? { rustStart: range[0], rustEnd: range[1] } : {}) });
  }
  for (const e of crate.reg.enums.values()) {
    if (!own(e.file) || !e.rustName) continue;
    const range = ranges.get(`type_item:${bareName(e.rustName)}`);
    out.push({ kind: 'enum', cName: e.cName, cFile: cFile(e.file), cStart: e.line, cEnd: e.line, rustPath: `crate::types::${e.rustName}`, rustFile: 'src/types.rs', ...(range ? { rustStart: range[0], rustEnd: range[1] } : {}) });
  }
  return out;
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
