import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import type { Diagnostic, DiagSpan } from '../optimize/diagnostics.js';
import { crateItems, isBinFile, type ItemInfo } from './rust-items.js';

/**
 * Errors fixed without asking the model, from rustc's codes and spans only:
 * - an unresolved name (E0425, E0412, E0433, E0422, E0423, E0531) the crate defines in exactly one
 *   other module: a `use` line for it;
 * - a private item used from another module (E0603, E0624): the item becomes `pub`;
 * - a module file the crate never declares, named by an unresolved import (E0432, E0433): a
 *   `pub mod` line in `src/lib.rs`.
 * Each fix is one line of the report. What is left goes to the model.
 */

const UNRESOLVED = new Set(['E0425', 'E0412', 'E0433', 'E0422', 'E0423', 'E0531']);
const PRIVATE = new Set(['E0603', 'E0624']);
const IMPORT = new Set(['E0432', 'E0433']);

function primary(d: Diagnostic): DiagSpan | undefined {
  return d.spans.find((s) => s.primary) ?? d.spans[0];
}

function relFile(crateDir: string, file: string): string {
  const abs = resolve(crateDir, file);
  return relative(crateDir, abs).replace(/\\/g, '/');
}

const ident = (s: string) => /^(r#)?[A-Za-z_][A-Za-z0-9_]*$/.test(s);

/** Where a new `use` line goes: after the inner attributes, doc comments and existing `use` lines at the top. */
export function insertUse(text: string, line: string): string {
  if (text.split('\n').some((l) => l.trim() === line)) return text;
  const lines = text.split('\n');
  let at = 0;
  let depth = 0;
  for (let i = 0; i < lines.length; i++) {
    const t = (lines[i] ?? '').trim();
    if (depth > 0) {
      if (t.includes(')]')) depth--;
      at = i + 1;
      continue;
    }
    if (t.startsWith('#![')) {
      if (!t.endsWith(']')) depth++;
      at = i + 1;
    } else if (t.startsWith('//!') || t === '' || t.startsWith('use ') || t.startsWith('pub use ') || t.startsWith('extern crate')) {
      if (t !== '') at = i + 1;
    } else break;
  }
  lines.splice(at, 0, line);
  return lines.join('\n');
}

function itemPath(i: ItemInfo, fromFile: string, libName: string): string {
  const head = isBinFile(fromFile) || fromFile.startsWith('tests/') ? libName : 'crate';
  return [head, ...i.modPath, i.name].join('::');
}

export async function deterministicFixes(crateDir: string, errors: readonly Diagnostic[], libName: string): Promise<string[]> {
  const fixes: string[] = [];
  const items = await crateItems(crateDir);
  const edits = new Map<string, string>();
  const read = (f: string) => edits.get(f) ?? readFileSync(join(crateDir, f), 'utf8');
  for (const d of errors) {
    const span = primary(d);
    if (!d.code || !span) continue;
    const file = relFile(crateDir, span.file);
    const name = span.highlighted.trim().split('::').pop() ?? '';
    if (IMPORT.has(d.code)) {
      // `crate::stats2::f` where src/stats2.rs exists but lib.rs does not declare it
      const mod = /^(?:crate|[A-Za-z_]\w*_rs)::([A-Za-z_]\w*)/.exec(span.highlighted.trim())?.[1] ?? (d.code === 'E0433' && ident(span.highlighted.trim()) ? span.highlighted.trim() : undefined);
      if (mod && existsSync(join(crateDir, 'src', `${mod}.rs`)) && !items.some((i) => i.kind === 'mod' && i.name === mod && i.modPath.length === 0 && i.file === 'src/lib.rs')) {
        const lib = read('src/lib.rs');
        if (!new RegExp(`^\\s*(pub\\s+)?mod\\s+${mod}\\s*;`, 'm').test(lib)) {
          edits.set('src/lib.rs', `${lib.replace(/\n*$/, '\n')}pub mod ${mod};\n`);
          fixes.push(`src/lib.rs: declared the module \`${mod}\` (src/${mod}.rs existed)`);
          continue;
        }
      }
    }
    if (UNRESOLVED.has(d.code) && ident(name) && existsSync(join(crateDir, file))) {
      const fileMod = items.find((i) => i.file === file)?.modPath;
      const candidates = items.filter((i) => i.name === name && i.kind !== 'mod' && !(i.file === file && fileMod && i.modPath.join('::') === fileMod.join('::')) && !i.file.startsWith('tests/') && !isBinFile(i.file));
      if (candidates.length === 1) {
        const c = candidates[0] as ItemInfo;
        const line = `use ${itemPath(c, file, libName)};`;
        const before = read(file);
        const after = insertUse(before, line);
        if (after !== before) {
          edits.set(file, after);
          fixes.push(`${file}: \`${line}\` for the unresolved name \`${name}\``);
        }
        continue;
      }
    }
    if (PRIVATE.has(d.code) && ident(name)) {
      const target = items.filter((i) => i.name === name && i.kind !== 'mod' && i.vis !== 'pub');
      if (target.length === 1) {
        const t = target[0] as ItemInfo;
        // offsets are from the files as they were: one edit per file per round, the next check finds the rest
        if (edits.has(t.file)) continue;
        const text = read(t.file);
        // the item's own text from its start: a restricted `pub(…)` is widened, none becomes `pub `
        const head = text.slice(t.start);
        const widened = t.vis === '' ? `pub ${head}` : head.replace(/^pub\s*\([^)]*\)\s*/, 'pub ');
        if (widened !== head) {
          edits.set(t.file, text.slice(0, t.start) + widened);
          fixes.push(`${t.file}: made \`${name}\` pub (used from another module)`);
        }
      }
    }
  }
  for (const [f, text] of edits) writeFileSync(join(crateDir, f), text);
  return fixes;
}
