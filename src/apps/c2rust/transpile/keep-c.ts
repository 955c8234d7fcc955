import { readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { children, expansionOf, type BareLoc, type Loc } from './clang-ast.js';
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
 * other function definition becomes a prototype and every file-scope variable an `extern`
 * declaration (their definitions are the Rust ones, exported by name), and `static` is dropped
 * so both sides link. `build.rs` compiles these with the system C compiler and archives them.
 */
export function keptCSources(crate: CrateState, scopes: UnitScope[], linkLibs: string[]): KeptSources {
  const files = new Map<string, string>();
  const notices: string[] = [];
  const compiles: { src: string; flags: string[] }[] = [];
  const keptFiles = new Set(crate.kept.map((k) => k.file));
  for (const s of scopes) {
    const rel = crate.modules.get(s.unit.file)?.relFile;
    if (!rel || !keptFiles.has(rel)) continue;
    let text: string;
    try {
      text = readFileSync(s.unit.file, 'latin1');
    } catch (e) {
      notices.push(`cannot read ${rel} to keep functions in C: ${(e as Error).message}`);
      continue;
    }
    const edits = surgery(crate, s);
    const out = applyEdits(text, edits);
    const dest = `c/${rel}`;
    files.set(dest, out);
    compiles.push({ src: dest, flags: [...s.unit.args.filter((a) => !/^-std=c\+\+/.test(a)), `-I${dirname(s.unit.file)}`] });
  }
  if (compiles.length === 0) return { files, notices };
  return { files, buildRs: buildScript(compiles, linkLibs), notices };
}

function surgery(crate: CrateState, s: UnitScope): Edit[] {
  const edits: Edit[] = [];
  const staticFns = new Set(s.top.filter((d) => d.kind === 'FunctionDecl' && d.storageClass === 'static' && s.fileOf(d) === s.unit.file).map((d) => d.name));
  for (const d of s.top) {
    if (s.fileOf(d) !== s.unit.file) continue;
    const begin = at(d.range?.begin);
    const name = at(d.loc);
    if (!begin || !name) continue;
    if (d.kind === 'FunctionDecl') {
      const kept = crate.keptKeys.has(`${s.unit.file}:${d.name}`);
      if (staticFns.has(d.name)) edits.push(...dropWord(s, begin.offset, name.offset, 'static'));
      if (d.name === 'main' && kept) edits.push({ start: name.offset, end: name.offset + 4, text: 'c2rust_c_main' });
      if (!kept && hasBody(d)) {
        const body = bodyOf(d);
        const b = at(body?.range?.begin);
        const e = at(body?.range?.end);
        if (b && e) edits.push({ start: b.offset, end: e.offset + 1, text: ';' });
      }
    } else if (d.kind === 'VarDecl' && d.storageClass !== 'extern') {
      // `static int n = 5;` → `extern int n;` (the Rust static is the definition).
      const init = children(d).find((k) => k.valueCategory !== undefined || k.kind === 'InitListExpr');
      if (init) {
        const ib = at(init.range?.begin);
        const ie = at(init.range?.end);
        if (ib && ie) edits.push({ start: -1, end: ie.offset + (ie.tokLen ?? 1), text: `@init:${ib.offset}` });
      }
      if (d.storageClass === 'static') edits.push(...dropWord(s, begin.offset, name.offset, 'static', 'extern'));
      else if (!edits.some((e) => e.start === begin.offset && e.text === 'extern ')) edits.push({ start: begin.offset, end: begin.offset, text: 'extern ' });
    }
  }
  return edits;
}

const texts = new Map<string, string>();
function source(file: string): string {
  let t = texts.get(file);
  if (t === undefined) {
    t = readFileSync(file, 'latin1');
    texts.set(file, t);
  }
  return t;
}

function dropWord(s: UnitScope, from: number, to: number, word: string, replacement = ''): Edit[] {
  const text = source(s.unit.file).slice(from, to);
  const m = new RegExp(`\\b${word}\\b`).exec(text);
  if (!m) return [];
  return [{ start: from + m.index, end: from + m.index + word.length, text: replacement }];
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
    out = out.slice(0, e.start) + e.text + out.slice(e.end);
    lastStart = e.start;
  }
  return `/* Functions of this file that stay C (see transpile_report.json); the rest are prototypes of the Rust translation. */\n${out}`;
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
