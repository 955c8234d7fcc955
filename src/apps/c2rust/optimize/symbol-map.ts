import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { readJsonl } from '../../../util/index.js';

/**
 * One C → Rust link from `.jarvis/c2rust/symbol_map.jsonl`. The transpiler writes these;
 * we read the few fields docs need and accept the obvious spellings of each.
 */
export interface SymbolLink {
  rustName: string;
  rustFile?: string;
  cName?: string;
  cFile?: string;
  cLine?: number;
  cComment?: string;
}

const str = (r: Record<string, unknown>, ...keys: string[]) => {
  for (const k of keys) if (typeof r[k] === 'string' && r[k] !== '') return r[k] as string;
  return undefined;
};

export function readSymbolMap(path: string): SymbolLink[] {
  const out: SymbolLink[] = [];
  for (const r of readJsonl<Record<string, unknown>>(path)) {
    if (typeof r !== 'object' || r === null) continue;
    const rust = str(r, 'rust_name', 'rust_symbol', 'rust');
    if (!rust) continue;
    const line = r.c_start_line ?? r.start_line ?? r.c_line;
    out.push({
      rustName: rust.split('::').pop() ?? rust,
      rustFile: str(r, 'rust_file'),
      cName: str(r, 'c_name', 'c_symbol', 'name'),
      cFile: str(r, 'c_file', 'file'),
      cLine: typeof line === 'number' ? line : undefined,
      cComment: str(r, 'c_comment', 'comment'),
    });
  }
  return out;
}

/** The comment block right above line `line` (1-based) of a C file, as one line of prose. */
export function cCommentAbove(cText: string, line: number): string | undefined {
  const lines = cText.split('\n');
  let i = line - 2;
  const block: string[] = [];
  if (i >= 0 && /\*\/\s*$/.test(lines[i] ?? '')) {
    while (i >= 0) {
      block.unshift(lines[i] ?? '');
      if (/\/\*/.test(lines[i] ?? '')) break;
      i--;
    }
  } else {
    while (i >= 0 && /^\s*\/\//.test(lines[i] ?? '')) block.unshift(lines[i--] ?? '');
  }
  const prose = block
    .join(' ')
    .replace(/\/\*+|\*+\/|^\s*\/\/+|\s\/\/+/g, ' ')
    .replace(/(^|\s)\*+(?=\s)/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return prose || undefined;
}

/** Looks up the C side of Rust items: `docFor(name, file)` gives the C comment or a "port of" line. */
export class SymbolDocs {
  private readonly cache = new Map<string, string | undefined>();
  constructor(
    private readonly links: SymbolLink[],
    private readonly projectDir: string,
  ) {}

  static load(path: string, projectDir: string): SymbolDocs {
    return new SymbolDocs(existsSync(path) ? readSymbolMap(path) : [], projectDir);
  }

  link(name: string, rustFile: string): SymbolLink | undefined {
    return (
      this.links.find((l) => l.rustName === name && l.rustFile !== undefined && rustFile.endsWith(l.rustFile.replace(/^\.\//, ''))) ??
      this.links.find((l) => l.rustName === name && l.rustFile === undefined)
    );
  }

  cFileOf(rustFile: string): string | undefined {
    return this.links.find((l) => l.rustFile !== undefined && rustFile.endsWith(l.rustFile.replace(/^\.\//, '')) && l.cFile)?.cFile;
  }

  comment(link: SymbolLink): string | undefined {
    if (link.cComment) return link.cComment;
    if (!link.cFile || !link.cLine) return undefined;
    const path = resolve(this.projectDir, link.cFile);
    if (!this.cache.has(path)) this.cache.set(path, existsSync(path) ? readFileSync(path, 'utf8') : undefined);
    const text = this.cache.get(path);
    return text === undefined ? undefined : cCommentAbove(text, link.cLine);
  }
}
