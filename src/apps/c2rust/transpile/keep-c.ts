import { readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { relPath } from '../expansion.js';
import { children, expansionOf, type BareLoc, type ClangNode, type Loc } from './clang-ast.js';
import { spelledFile } from './clang-run.js';
import type { CrateState } from './crate-state.js';
import { bodyOf, hasBody, type UnitScope } from './unit-scope.js';

export interface KeptSources {
  /** Crate-relative path → C text. */
  files: Map<string, string>;
  buildRs?: string;
  notices: string[];
}

interface Edit {
  start: number;
  end: number;
  text: string;
}

/** The file offset of a location as written in the file (macro uses count where they are expanded). */
const at = (l: Loc | undefined): (BareLoc & { offset: number }) | undefined => {
  const e = expansionOf(l);
  return typeof e?.offset === 'number' ? (e as BareLoc & { offset: number }) : undefined;
};

/**
 * The C that stays C: for each file with a function left in C, a copy of the file in which every
 * other function definition becomes a prototype and every non-static file-scope variable an
 * `extern` declaration (their definitions are the Rust ones, exported by name); statics that
 * cross the boundary link under file-qualified names (see `surgery`). `build.rs` compiles these
 * with the system C compiler and archives them.
 */
export function keptCSources(crate: CrateState, scopes: UnitScope[], linkLibs: string[]): KeptSources {
  const files = new Map<string, string>();
  const notices: string[] = [];
  const compiles: { src: string; flags: string[] }[] = [];
  const keptFiles = new Set(crate.kept.map((k) => k.file));
  const headerCopies = new Set<string>();
  for (const s of scopes) {
    const rel = crate.modules.get(s.unit.file)?.relFile;
    if (!rel || !keptFiles.has(rel)) continue;
    let out: string;
    try {
      const { text, edits, aliases } = surgery(crate, s, s.unit.file);
      // `#line` keeps `__FILE__` and `__LINE__` (assert messages, logs) those of the C build.
      out = `#line 1 ${JSON.stringify(spelledFile(s.unit))}\n${applyEdits(text, edits)}` + (aliases.length ? `\n/* Statics of this file that Rust uses, under their file-qualified names. */\n${aliases.join('\n')}\n` : '') + KEPT_NOTE;
    } catch (e) {
      notices.push(`cannot read ${rel} to keep functions in C: ${(e as Error).message}`);
      continue;
    }
    files.set(`c/${rel}`, out);
    // Project headers that define external functions or variables (minizip's skipset.h): the
    // Rust crate defines them, so the C sees a copy with prototypes, found before the original.
    const headers = new Set(s.top.filter((d) => s.fileOf(d) !== s.unit.file && s.isProject(d) && definesExternal(d)).map((d) => s.fileOf(d)));
    const copyDirs = new Set<string>();
    for (const h of headers) {
      const hRel = relPath(crate.root, h);
      if (hRel.startsWith('..')) continue;
      copyDirs.add(`-Ic/${dirname(hRel)}`);
      if (headerCopies.has(h)) continue;
      headerCopies.add(h);
      try {
        const { text, edits } = surgery(crate, s, h);
        files.set(`c/${hRel}`, applyEdits(text, edits) + KEPT_NOTE);
      } catch (e) {
        notices.push(`cannot read ${hRel} to keep functions in C: ${(e as Error).message}`);
      }
    }
    compiles.push({ src: `c/${rel}`, flags: [...copyDirs, ...s.unit.args.filter((a) => !/^-std=c\+\+/.test(a)), `-I${dirname(s.unit.file)}`] });
  }
  if (compiles.length === 0) return { files, notices };
  return { files, buildRs: buildScript(compiles, linkLibs), notices };
}

/**
 * The edits that make a copy of the unit's file hold only its functions that stay C. Static
 * symbols crossing the boundary link under file-qualified names (`puff__bits`: two files may
 * both have a static `bits`), without touching their storage class, which a macro may spell
 * (zlib's `local`): a translated static that C calls is declared with an asm label naming the
 * Rust export, and a static that stays C is exported through an alias appended to the file.
 */
function surgery(crate: CrateState, s: UnitScope, file: string): { text: string; edits: Edit[]; aliases: string[] } {
  const edits: Edit[] = [];
  const aliases = new Set<string>();
  const text = readFileSync(file, 'latin1');
  // In a header only what the crate defines for everyone changes; its statics are each includer's own.
  const header = file !== s.unit.file;
  for (const d of s.top) {
    if (s.fileOf(d) !== file || !d.name) continue;
    const begin = at(d.range?.begin);
    const name = at(d.loc);
    if (!begin || !name) continue;
    const key = `${file}:${d.name}`;
    const isStatic = d.storageClass === 'static';
    if (header && (isStatic || !definesExternal(d))) continue;
    if (d.kind === 'FunctionDecl') {
      const kept = crate.keptKeys.has(key);
      const label = isStatic && crate.exportedStatics.has(key) ? ` __asm__("${crate.staticLinkName(s.unit.file, d.name)}")` : '';
      if (d.name === 'main' && kept) {
        // Linked as `c2rust_c_main` (the Rust program owns `main`) through an asm label on a
        // prototype in front of it, on the same line: `__func__` stays "main", lines stay put.
        const b = at(bodyOf(d)?.range?.begin);
        const proto = b ? oneLine(text.slice(begin.offset, b.offset)) : '';
        if (proto) edits.push({ start: begin.offset, end: begin.offset, text: `${proto} __asm__("c2rust_c_main"); ` });
      }
      if (kept && isStatic && hasBody(d)) aliases.add(alias(d.name, crate.staticLinkName(s.unit.file, d.name)));
      if (!kept && hasBody(d)) {
        const body = bodyOf(d);
        const b = at(body?.range?.begin);
        const e = at(body?.range?.end);
        if (b && e) edits.push({ start: b.offset, end: e.offset + 1, text: `${label};` });
      } else if (!hasBody(d) && label) {
        const end = at(d.range?.end);
        const after = end ? end.offset + (end.tokLen ?? 1) : undefined;
        if (after !== undefined && !/__attribute__|\(\s*\*/.test(text.slice(name.offset, after))) edits.push({ start: after, end: after, text: label });
      }
    } else if (d.kind === 'VarDecl' && d.storageClass !== 'extern') {
      if (isStatic) {
        // Used by the C that stays: the definition stays C. Otherwise Rust has it and C never
        // refers to it: left as C wrote it (an optimising compile drops an unused static).
        if (crate.keptStaticVars.has(key)) aliases.add(alias(d.name, crate.staticLinkName(s.unit.file, d.name)));
        continue;
      }
      // A global whose type stays C keeps its definition here; Rust declares it.
      if (crate.keptExternVars.has(d.name)) continue;
      // `int n = 5;` → `extern int n;` (the Rust static is the definition).
      const init = children(d).find((k) => k.valueCategory !== undefined || k.kind === 'InitListExpr');
      if (init) {
        const ib = at(init.range?.begin);
        const ie = at(init.range?.end);
        if (ib && ie) edits.push({ start: -1, end: ie.offset + (ie.tokLen ?? 1), text: `@init:${ib.offset}` });
      }
      if (!edits.some((e) => e.start === begin.offset && e.text === 'extern ')) edits.push({ start: begin.offset, end: begin.offset, text: 'extern ' });
    }
  }
  return { text, edits, aliases: [...aliases] };
}

/** A definition of an external function or variable (which the crate defines too). */
function definesExternal(d: ClangNode): boolean {
  if (d.storageClass === 'static' || d.storageClass === 'extern') return false;
  return (d.kind === 'FunctionDecl' && hasBody(d)) || d.kind === 'VarDecl';
}

/** An external symbol for a static that stays C, so Rust can link to it. */
function alias(name: string, link: string): string {
  return `extern __typeof__(${name}) ${link} __attribute__((alias("${name}")));`;
}


const KEPT_NOTE = '\n/* jc2r: the functions of this file that stay C (see transpile_report.json); the rest are prototypes of the Rust translation. */\n';

/** A declarator's text on one line, without comments. */
function oneLine(s: string): string {
  return s.replace(/\/\*[\s\S]*?\*\//g, ' ').replace(/\/\/[^\n]*/g, ' ').replace(/\s+/g, ' ').trim();
}

function applyEdits(text: string, edits: Edit[]): string {
  // Initialiser removals know only where the initialiser starts: take back the `=` before it.
  const fixed = edits.map((e) => {
    if (!e.text.startsWith('@init:')) return e;
    const ib = Number(e.text.slice(6));
    let k = ib - 1;
    while (k > 0 && /\s/.test(text[k] as string)) k--;
    return text[k] === '=' ? { start: k, end: e.end, text: '' } : { start: ib, end: ib, text: '' };
  });
  fixed.sort((a, b) => b.start - a.start || b.end - a.end);
  let out = text;
  let lastStart = Number.POSITIVE_INFINITY;
  for (const e of fixed) {
    if (e.end > lastStart) continue; // overlapping edits (macro-made declarations): keep the first
    // As many line breaks as the removed text had, so later lines keep their numbers.
    const lost = (out.slice(e.start, e.end).match(/\n/g)?.length ?? 0) - (e.text.match(/\n/g)?.length ?? 0);
    out = out.slice(0, e.start) + e.text + '\n'.repeat(Math.max(0, lost)) + out.slice(e.end);
    lastStart = e.start;
  }
  return out;
}

function buildScript(compiles: { src: string; flags: string[] }[], libs: string[]): string {
  const q = (s: string) => JSON.stringify(s);
  const list = compiles.map((c) => `        (${q(c.src)}, &[${c.flags.map(q).join(', ')}][..]),`);
  return [
    '//! Compiles the functions that stay C (see `c/`) with the system C compiler and links them.',
    '',
    'use std::path::PathBuf;',
    'use std::process::Command;',
    '',
    'fn main() {',
    '    let out = PathBuf::from(std::env::var("OUT_DIR").expect("cargo sets OUT_DIR"));',
    '    let cc = std::env::var("CC").unwrap_or_else(|_| "cc".to_string());',
    '    let sources: &[(&str, &[&str])] = &[',
    ...list,
    '    ];',
    '    let mut objects = Vec::new();',
    '    for (i, (src, flags)) in sources.iter().enumerate() {',
    '        println!("cargo:rerun-if-changed={src}");',
    '        let obj = out.join(format!("kept{i}.o"));',
    '        let status = Command::new(&cc)',
    '            .args(["-c", "-O2", "-fPIC", "-w"])',
    '            .args(flags.iter())',
    '            .arg(src)',
    '            .arg("-o")',
    '            .arg(&obj)',
    '            .status()',
    '            .unwrap_or_else(|e| panic!("cannot run the C compiler {cc}: {e}"));',
    '        assert!(status.success(), "compiling {src} failed");',
    '        objects.push(obj);',
    '    }',
    '    let lib = out.join("libc2rust_kept.a");',
    '    let _ = std::fs::remove_file(&lib);',
    '    let status = Command::new("ar").arg("crs").arg(&lib).args(&objects).status().expect("cannot run ar");',
    '    assert!(status.success(), "ar failed");',
    '    println!("cargo:rustc-link-search=native={}", out.display());',
    '    println!("cargo:rustc-link-lib=static=c2rust_kept");',
    ...libs.map((l) => `    println!("cargo:rustc-link-lib=${l}");`),
    '}',
    '',
  ].join('\n');
}
