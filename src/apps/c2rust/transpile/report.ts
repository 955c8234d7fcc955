import { formatTable } from '../../../util/output.js';
import type { CrateState, KeptFunction } from './crate-state.js';
import type { FileProblem } from './front.js';
import type { Located } from './symbol-map.js';

export interface TranspileReport {
  project: string;
  crate: string;
  compile_commands: string | null;
  files: { file: string; status: 'translated' | 'error'; module?: string; error?: string }[];
  functions: { translated: number; kept_in_c: number; goto_structured: number };
  kept_in_c: KeptFunction[];
  globals: number;
  types: number;
  rust_lines: number;
  unsafe_lines: number;
  binaries: { name: string; c_file: string }[];
  link_libraries: string[];
  warnings: string[];
  notices: string[];
  /** Wall time; `clang_wait` is time waiting on clang not hidden behind our own work. */
  seconds: { total: number; clang_wait: number; load: number; translate: number; write: number; locate: number };
  retranslations: number;
}

export interface ReportInput {
  root: string;
  outDir: string;
  crate: CrateState;
  problems: FileProblem[];
  located: Located;
  seconds: TranspileReport['seconds'];
  retries: number;
  compileCommands: string | null;
  linkLibs: string[];
  notices: string[];
}

const round = (n: number) => Math.round(n * 1000) / 1000;

export function buildReport(r: ReportInput): TranspileReport {
  const mods = [...r.crate.modules.values()];
  const fns = mods.reduce((n, m) => n + m.items.filter((i) => i.kind === 'fn').length, 0);
  const globals = mods.reduce((n, m) => n + m.items.filter((i) => i.kind === 'static').length, 0);
  const ownFiles = mods.filter((m) => !m.relFile.startsWith('..'));
  return {
    project: r.root,
    crate: r.outDir,
    compile_commands: r.compileCommands,
    files: [
      ...ownFiles.map((m) => ({ file: m.relFile, status: 'translated' as const, module: m.isBin ? `bin ${m.name}` : m.name })),
      ...r.problems.map((p) => ({ file: p.file, status: 'error' as const, error: p.error })),
    ].sort((a, b) => a.file.localeCompare(b.file)),
    functions: { translated: fns, kept_in_c: r.crate.kept.length, goto_structured: r.crate.graphFunctions },
    kept_in_c: r.crate.kept,
    globals,
    types: r.crate.reg.records.size + [...r.crate.reg.typedefs.values()].filter((t) => t.alias).length + r.crate.reg.enums.size,
    rust_lines: r.located.rustLines,
    unsafe_lines: r.located.unsafeLines,
    binaries: r.crate.binaries,
    link_libraries: r.linkLibs,
    warnings: [...r.crate.warnings, ...r.crate.reg.warnings],
    notices: r.notices,
    seconds: Object.fromEntries(Object.entries(r.seconds).map(([k, v]) => [k, round(v)])) as TranspileReport['seconds'],
    retranslations: r.retries,
  };
}

/** The table `jc2r transpile` prints. */
export function summaryTable(rep: TranspileReport): string {
  const errors = rep.files.filter((f) => f.status === 'error');
  const rows = [
    ['crate', rep.crate],
    ['C files translated', String(rep.files.length - errors.length)],
    ['C files with errors', String(errors.length)],
    ['functions translated', String(rep.functions.translated)],
    ['functions kept in C', String(rep.functions.kept_in_c)],
    ['  structured from goto/switch graph', String(rep.functions.goto_structured)],
    ['globals', String(rep.globals)],
    ['types', String(rep.types)],
    ['binaries', rep.binaries.map((b) => b.name).join(', ') || 'none'],
    ['Rust lines (unsafe)', `${rep.rust_lines} (${rep.unsafe_lines})`],
    ['time', `${rep.seconds.total.toFixed(2)} s (clang ${rep.seconds.clang_wait.toFixed(2)} s waited)`],
  ];
  const out = [formatTable([['transpile', 'value'], ...rows])];
  if (rep.kept_in_c.length > 0) out.push('', formatTable([['kept in C', 'file:line', 'reason'], ...rep.kept_in_c.map((k) => [k.name, `${k.file}:${k.line}`, k.reason])]));
  if (errors.length > 0) out.push('', formatTable([['file', 'error'], ...errors.map((e) => [e.file, (e.error ?? '').slice(0, 120)])]));
  return out.join('\n');
}
