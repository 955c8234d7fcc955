import type { CrateState } from './crate-state.js';
import type { ModuleBuilder } from './module-builder.js';
import { renderTypes } from './type-defs.js';

/** The crate's files, relative path → content (before rustfmt). */
export type CrateFiles = Map<string, string>;

/** Lints a translation from C trips by construction (C names, `static mut`, explicit casts). */
export const ALLOWS = [
  'non_camel_case_types',
  'non_snake_case',
  'non_upper_case_globals',
  'dead_code',
  'unused_mut',
  'unused_assignments',
  'unused_variables',
  'unused_parens',
  'unused_unsafe',
  'unused_labels',
  'unused_braces',
  'unused_imports',
  'unreachable_code',
  'unreachable_patterns',
  'static_mut_refs',
  'clashing_extern_declarations',
  'improper_ctypes',
  'dangerous_implicit_autorefs',
  'unpredictable_function_pointer_comparisons',
  'unnecessary_transmutes',
  'unknown_lints',
  // C's constant division by zero or overflow compiles (and misbehaves at run time) as in C.
  'unconditional_panic',
  'arithmetic_overflow',
];

const allowLine = `#![allow(${ALLOWS.join(', ')})]`;

export interface CrateLayout {
  packageName: string;
  libName: string;
  /** `cargo:rustc-link-lib` names (system libraries the C links against). */
  linkLibs: string[];
  /** build.rs text when some functions stay C. */
  buildRs?: string;
  /** Extra files (the C kept in C), path → content. */
  extra?: Map<string, string>;
}

export function writeCrate(crate: CrateState, layout: CrateLayout): CrateFiles {
  const files: CrateFiles = new Map();
  const libMods = [...crate.modules.values()].filter((m) => !m.isBin).sort((a, b) => a.name.localeCompare(b.name));
  const bins = [...crate.modules.values()].filter((m) => m.isBin).sort((a, b) => a.name.localeCompare(b.name));
  for (const m of libMods) files.set(`src/${m.name}.rs`, moduleText(m, 'crate'));
  for (const m of bins) files.set(`src/bin/${m.name}.rs`, binText(m, layout.libName));
  files.set('src/ffi.rs', ffiText(crate, layout.linkLibs));
  files.set('src/types.rs', renderTypes(crate.types, crate.root));
  files.set('src/lib.rs', libText(libMods));
  files.set('Cargo.toml', cargoToml(layout, bins));
  if (layout.buildRs) files.set('build.rs', layout.buildRs);
  for (const [k, v] of layout.extra ?? []) files.set(k, v);
  return files;
}

function moduleText(m: ModuleBuilder, lib: string): string {
  const head = [`//! Translated from \`${m.relFile}\`.`, '', `use ${lib}::types::*;`];
  return m.render(lib, head);
}

function binText(m: ModuleBuilder, lib: string): string {
  const head = [`//! The \`${m.name}\` program, translated from \`${m.relFile}\`.`, '', '#![no_main]', allowLine, '', `use ${lib}::types::*;`];
  const main = m.items.find((i) => i.kind === 'fn' && i.rustName === 'main_0');
  const body = m.render(lib, head);
  return `${body}\n${mainWrapper(main?.lines.find((l) => l.includes('fn main_0(')) ?? '', main !== undefined)}`;
}

/**
 * The program's entry point. The binary is `#![no_main]`: the C runtime calls this `main` with
 * `argc`/`argv` exactly as it calls a C program's, with no Rust runtime set-up before it (no
 * allocations that shift the heap, SIGPIPE left at its default).
 */
function mainWrapper(sig: string, translated: boolean): string {
  const params = /fn main_0\(([^)]*)\)/.exec(sig)?.[1] ?? '';
  const n = params.trim() === '' ? 0 : params.split(',').length;
  const args = ['argc', 'argv as _', 'envp as _'].slice(0, n).join(', ');
  const call = translated ? `main_0(${args})` : 'c2rust_c_main(argc, argv, envp)';
  return [
    ...(translated ? [] : ['extern "C" {', '    fn c2rust_c_main(argc: c_int, argv: *mut *mut c_char, envp: *mut *mut c_char) -> c_int;', '}', '']),
    '#[no_mangle]',
    'pub unsafe extern "C" fn main(argc: c_int, argv: *mut *mut c_char, envp: *mut *mut c_char) -> c_int {',
    `    ${call}`,
    '}',
    '',
  ].join('\n');
}

function ffiText(crate: CrateState, libs: string[]): string {
  const items = [...crate.ffi.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([, v]) => `    ${v}`);
  return [
    '//! Functions and variables the program uses but does not define in Rust: the C library,',
    '//! other system libraries, and functions left in C.',
    '',
    'use crate::types::*;',
    '',
    ...libs.map((l) => `#[link(name = "${l}")]\nextern "C" {}\n`),
    'extern "C" {',
    ...items,
    '}',
    '',
  ].join('\n');
}

function libText(mods: ModuleBuilder[]): string {
  return [
    '//! Rust translation of a C project (jc2r transpile). Each C file is a module; the types',
    '//! they share are in `types`, what the program calls but does not define is in `ffi`.',
    '',
    allowLine,
    '',
    'pub mod ffi;',
    'pub mod types;',
    ...mods.map((m) => `pub mod ${m.name};`),
    '',
  ].join('\n');
}

function cargoToml(layout: CrateLayout, bins: ModuleBuilder[]): string {
  return [
    '[package]',
    `name = "${layout.packageName}"`,
    'version = "0.1.0"',
    'edition = "2021"',
    'publish = false',
    ...(layout.buildRs ? ['build = "build.rs"'] : []),
    '',
    '[lib]',
    `name = "${layout.libName}"`,
    'path = "src/lib.rs"',
    '# C comments become doc comments; they are prose, not Rust examples.',
    'doctest = false',
    '',
    // The programs define the C `main` themselves (#![no_main]): no test harness for them.
    ...bins.flatMap((b) => ['[[bin]]', `name = "${b.name}"`, `path = "src/bin/${b.name}.rs"`, 'test = false', '']),
    '# C compilers wrap signed overflow in practice; the translation uses plain operators there,',
    '# so overflow checks stay off in every profile to behave like the C build.',
    '[profile.dev]',
    'overflow-checks = false',
    '',
    '[profile.release]',
    'overflow-checks = false',
    '',
    '[workspace]',
    '',
  ].join('\n');
}
