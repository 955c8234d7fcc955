import { extname } from 'node:path';
import cliProgress from 'cli-progress';
import type { Command } from 'commander';
import { formatReport, findingsPerKloc, REPORT_FORMATS, type ReportFormat, DEFAULT_TABLE_ROWS, findingsTable, omittedNote, tierCounts, scanPath, type ScanOptions, type ScanResult, baselineOf, type Severity } from '../../apps/sec/index.js';
import type { LanguageId } from '../../lang/index.js';
import { JarvisError, writeFileAtomicSync, colors, formatTable } from '../../util/index.js';

interface ScanFlags {
  languages?: string;
  exclude: string[];
  minConfidence?: string;
  format?: string;
  json?: boolean;
  output?: string;
  jobs?: string;
  failOn?: string;
  baseline?: string;
  writeBaseline?: string;
  outDir?: string;
  artifacts: boolean;
  gitignore: boolean;
  maxFileSize?: string;
  limit?: string;
  all?: boolean;
}

const LANGS: readonly LanguageId[] = ['c', 'cpp', 'rust'];
const RANK: Record<Severity, number> = { high: 3, medium: 2, low: 1 };
/** Below this many files a progress bar only flickers. */
const PROGRESS_MIN_FILES = 200;

const usage = (message: string, hint?: string) => new JarvisError('usage', message, { hint });

function number(value: string | undefined, flag: string, min: number, max: number, integer = false): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isFinite(n) || n < min || n > max || (integer && !Number.isInteger(n))) {
    throw usage(`${flag} must be ${integer ? 'an integer' : 'a number'} from ${min} to ${max}, got "${value}"`);
  }
  return n;
}

function parseFlags(flags: ScanFlags): { options: ScanOptions; format?: ReportFormat; failOn?: Severity; limit: number } {
  const languages = flags.languages?.split(',').map((l) => l.trim().toLowerCase()).filter(Boolean);
  const badLang = languages?.find((l) => !LANGS.includes(l as LanguageId));
  if (badLang) throw usage(`unknown language "${badLang}"`, `use a comma-separated list of: ${LANGS.join(', ')}`);
  let format = flags.format as ReportFormat | undefined;
  if (format !== undefined && !REPORT_FORMATS.includes(format)) throw usage(`unknown format "${flags.format}"`, `use one of: ${REPORT_FORMATS.join(', ')}`);
  if (flags.json) {
    if (format !== undefined && format !== 'json') throw usage(`--json and --format ${format} disagree`, 'give one of them');
    format = 'json';
  }
  if (!format && flags.output) {
    const ext = extname(flags.output).slice(1).toLowerCase();
    format = ext === 'json' ? 'json' : ext === 'sarif' ? 'sarif' : 'md';
  }
  const failOn = flags.failOn?.toLowerCase() as Severity | undefined;
  if (failOn !== undefined && !(failOn in RANK)) throw usage(`--fail-on must be high, medium or low, got "${flags.failOn}"`);
  const maxMb = number(flags.maxFileSize, '--max-file-size', 0.001, 1024);
  return {
    format,
    failOn,
    limit: flags.all ? 0 : (number(flags.limit, '--limit', 0, 1_000_000, true) ?? DEFAULT_TABLE_ROWS),
    options: {
      languages: languages as LanguageId[] | undefined,
      exclude: flags.exclude,
      minConfidence: number(flags.minConfidence, '--min-confidence', 0, 1),
      jobs: number(flags.jobs, '--jobs', 1, 256, true),
      baseline: flags.baseline,
      outDir: flags.outDir,
      writeArtifacts: flags.artifacts,
      gitignore: flags.gitignore,
      ...(maxMb !== undefined ? { maxFileBytes: Math.round(maxMb * 1024 * 1024) } : {}),
    },
  };
}

function progressReporter(): { onProgress: (done: number, total: number) => void; stop: () => void } {
  let bar: cliProgress.SingleBar | undefined;
  return {
    onProgress(done, total) {
      if (!process.stderr.isTTY || total < PROGRESS_MIN_FILES) return;
      if (!bar) {
        bar = new cliProgress.SingleBar({ stream: process.stderr, format: 'jsec scan [{bar}] {value}/{total} files', hideCursor: true, clearOnComplete: true }, cliProgress.Presets.shades_classic);
        bar.start(total, done);
      } else bar.update(done);
    },
    stop: () => bar?.stop(),
  };
}

const sevColor = (s: Severity, text: string) => (s === 'high' ? colors.red(text) : s === 'medium' ? colors.yellow(text) : colors.dim(text));

function summaryText(r: ScanResult, limit: number): string {
  const s = r.summary;
  const sev = (['high', 'medium', 'low'] as const).map((k) => sevColor(k, `${s.bySeverity[k] ?? 0} ${k}`)).join(', ');
  const lines = [
    `${colors.bold(`${s.total} findings`)} (${sev}) in ${r.scannedFiles} files, ${r.lines} lines — ${findingsPerKloc(r)} per 1000 lines, ${(r.durationMs / 1000).toFixed(1)} s`,
  ];
  if (s.total > 0) {
    const { byTier, byLevel } = tierCounts(r.findings);
    lines.push(`${byTier.proven} proven, ${byTier.suspect} suspect; ${byLevel.error} error, ${byLevel.warning} warning, ${byLevel.note} note`);
  }
  if (r.newIds) lines.push(`${r.newIds.size} new, ${r.baselineKnown ?? 0} already in the baseline`);
  if (r.suppressed || r.belowConfidence) lines.push(`${r.suppressed} suppressed inline, ${r.belowConfidence} below --min-confidence${r.belowConfidence ? ' (--min-confidence 0 shows them)' : ''}`);
  if (s.total > 0) {
    lines.push('', 'by category: ' + Object.entries(s.byCategory).map(([k, v]) => `${k} ${v}`).join(', '));
    const files = new Set(r.findings.map((f) => f.file)).size;
    lines.push('', formatTable([['top risk files', 'score', 'findings'], ...s.topRiskFiles.slice(0, 5).map((t) => [t.file, String(t.score), String(t.count)])]));
    if (files > 5) lines.push(`… ${files - 5} more file(s) with findings: see the report (--format md -o report.md)`);
    const table = findingsTable(r, limit);
    // plain cells: colour codes would break the column padding
    lines.push('', formatTable([table.header, ...table.rows]));
    const note = omittedNote(table);
    if (note) lines.push(note);
  }
  if (r.skipped.length > 0) {
    lines.push('', `${r.skipped.length} files not analysed:`, ...r.skipped.slice(0, 10).map((k) => `  ${k.file}: ${k.reason} (${k.detail})`));
    if (r.skipped.length > 10) lines.push(`  … and ${r.skipped.length - 10} more (see the report)`);
  }
  return `${lines.join('\n')}\n`;
}

/** `jsec scan PATH`: the offline heuristic scan, its reports and the CI gate. */
export function registerSecScan(program: Command): void {
  program
    .command('scan')
    .description('scan C/C++/Rust sources offline and report likely vulnerabilities (no model needed)')
    .argument('<path>', 'directory (or single file) to scan')
    .option('--languages <list>', 'only these languages: c,cpp,rust')
    .option('--exclude <glob>', 'skip matching paths (repeatable; a bare name matches at any depth)', (v: string, prev: string[]) => [...prev, v], [] as string[])
    .option('--min-confidence <x>', 'drop findings below this confidence (0..1, default 0.4; 0 shows every finding)')
    .option('--format <fmt>', 'print the report as md, json or sarif')
    .option('--json', 'print the report as JSON (the same as --format json)')
    .option('-o, --output <file>', 'write the report to FILE (format from --format or the extension)')
    .option('--jobs <n>', 'worker threads (default: number of cores)')
    .option('--fail-on <severity>', 'exit 1 if any (new, with --baseline) finding is at least high, medium or low')
    .option('--baseline <file>', 'findings listed in FILE are known: only new ones count for --fail-on')
    .option('--write-baseline <file>', 'record the current findings as the accepted baseline')
    .option('--out-dir <dir>', 'where heuristic_issues.jsonl goes (default PATH/.jarvis/sec)')
    .option('--no-artifacts', 'do not write heuristic_issues.jsonl')
    .option('--no-gitignore', 'scan files that .gitignore excludes')
    .option('--max-file-size <mb>', 'skip (and list) files larger than this many MB (default 5)')
    .option('--limit <n>', `findings listed in the summary table (default ${DEFAULT_TABLE_ROWS}; 0 = all)`)
    .option('--all', 'list every finding in the summary table')
    .action(async (path: string, flags: ScanFlags) => {
      const { options, format, failOn, limit } = parseFlags(flags);
      const progress = progressReporter();
      let result: ScanResult;
      try {
        result = await scanPath(path, { ...options, onProgress: progress.onProgress });
      } finally {
        progress.stop();
      }
      if (result.scannedFiles === 0 && result.skipped.length === 0) {
        // the same answer as jc2r scan (docs/cli.md): a notice, exit 0, nothing written
        process.stderr.write(`jsec scan: no C, C++ or Rust sources under ${path} (after --languages, --exclude and .gitignore); nothing scanned, nothing written\n`);
        return;
      }
      if (flags.output) writeFileAtomicSync(flags.output, formatReport(result, format ?? 'md'));
      if (format && !flags.output) process.stdout.write(formatReport(result, format));
      else {
        process.stdout.write(summaryText(result, limit));
        if (flags.output) process.stdout.write(`report: ${flags.output}\n`);
        if (result.artifact) process.stdout.write(`findings: ${result.artifact}\n`);
      }
      if (flags.writeBaseline) {
        writeFileAtomicSync(flags.writeBaseline, `${JSON.stringify(baselineOf(result.findings), null, 2)}\n`);
        process.stderr.write(`baseline of ${result.findings.length} findings written to ${flags.writeBaseline}\n`);
      }
      if (failOn) {
        const counted = result.findings.filter((f) => RANK[f.severity] >= RANK[failOn] && (!result.newIds || result.newIds.has(f.id)));
        if (counted.length > 0) {
          process.stderr.write(`jsec: ${counted.length} ${result.newIds ? 'new ' : ''}finding(s) at or above ${failOn} (--fail-on ${failOn})\n`);
          process.exitCode = 1;
        }
      }
    });
}
