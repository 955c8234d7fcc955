/**
 * `jsec scan`: the offline stage. Finds C/C++/Rust sources, reads them safely, analyses groups of
 * files (one directory of C/C++ per group, so the C engine's summaries cross files) on worker
 * threads, then assigns ids and scores, applies confidence and baseline filters, and writes
 * `.jarvis/sec/heuristic_issues.jsonl`.
 */
import { stat } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { baselineWasmOnly, type LanguageId } from '../../lang/index.js';
import { JarvisError, writeFileAtomicAsync } from '../../util/index.js';
import { DEFAULT_MIN_CONFIDENCE, type FileInput, type Finding } from './finding.js';
import { readBaseline } from './scan/baseline.js';
import { discoverSources, type SourceFile } from './scan/discover.js';
import { finalizeFindings } from './scan/finalize.js';
import { groupSources } from './scan/groups.js';
import { runTasks, startWorkers } from './scan/pool.js';
import { readSource, type ReadOutcome, type SkippedFile } from './scan/read.js';
import { emptyIndex, finishIndex, indexSource, type ProjectIndex } from './c/project.js';
import { summarize, type ScanSummary } from './scan/summary.js';

export type { SkippedFile } from './scan/read.js';
export type { ScanSummary } from './scan/summary.js';

export const DEFAULT_MAX_FILE_BYTES = 5 * 1024 * 1024;
/** Below this much source, starting worker threads costs more than it saves. */
const WORKER_MIN_BYTES = 256 * 1024;
/** Below this much source, V8's optimising wasm compiler costs more than it saves (lang/tree-sitter.ts, baselineWasmOnly). */
const BASELINE_WASM_MAX_BYTES = 2 * 1024 * 1024;
/** Files per task: bounds the memory a worker holds and keeps the progress bar moving. */
const MAX_GROUP_FILES = 64;

export interface ScanOptions {
  languages?: readonly LanguageId[];
  exclude?: readonly string[];
  /** findings below this confidence are dropped (default DEFAULT_MIN_CONFIDENCE) */
  minConfidence?: number;
  /** worker threads (default: available cores); 1 analyses in this thread */
  jobs?: number;
  /** use workers even for a small tree (tests) */
  forceWorkers?: boolean;
  /** baseline file: findings whose id it lists are marked existing */
  baseline?: string;
  /** where heuristic_issues.jsonl goes (default `<root>/.jarvis/sec`) */
  outDir?: string;
  /** write heuristic_issues.jsonl (default true) */
  writeArtifacts?: boolean;
  gitignore?: boolean;
  maxFileBytes?: number;
  onProgress?: (done: number, total: number) => void;
}

export interface ScanResult {
  root: string;
  findings: Finding[];
  summary: ScanSummary;
  scannedFiles: number;
  lines: number;
  bytes: number;
  skipped: SkippedFile[];
  /** files decoded with replacement characters (invalid UTF-8) */
  invalidUtf8: string[];
  suppressed: number;
  belowConfidence: number;
  parseErrors: number;
  /** ids of findings not in the baseline; undefined without --baseline */
  newIds?: Set<string>;
  baselineKnown?: number;
  artifact?: string;
  durationMs: number;
}

async function resolveTarget(path: string): Promise<{ root: string; only?: string }> {
  const abs = resolve(path);
  let info;
  try {
    info = await stat(abs);
  } catch {
    throw new JarvisError('usage', `path not found: ${path}`, { hint: 'give a directory (or a single source file) to scan' });
  }
  if (info.isDirectory()) return { root: abs };
  if (info.isFile()) return { root: dirname(abs), only: basename(abs) };
  throw new JarvisError('usage', `not a file or directory: ${path}`);
}

async function totalSize(root: string, sources: SourceFile[], limit: number): Promise<number> {
  let sum = 0;
  for (const s of sources) {
    sum += await stat(join(root, s.file)).then((i) => i.size, () => 0);
    if (sum >= limit) break;
  }
  return sum;
}

export async function scanPath(path: string, options: ScanOptions = {}): Promise<ScanResult> {
  const started = Date.now();
  const { root, only } = await resolveTarget(path);
  const baselineIds = options.baseline ? readBaseline(options.baseline) : undefined;
  let sources: SourceFile[] = await discoverSources(root, { ...options, only });
  if (only) {
    sources = sources.filter((s) => s.file === only);
    if (sources.length === 0) {
      throw new JarvisError('usage', `${path} is not a C, C++ or Rust source (or it is excluded)`, {
        hint: 'sources end in .c .h .cc .cpp .cxx .hpp .hh .hxx .rs',
      });
    }
  }

  const skipped: SkippedFile[] = [];
  const invalidUtf8: string[] = [];
  let lines = 0;
  let bytes = 0;
  let scannedFiles = 0;
  let done = 0;
  const maxBytes = options.maxFileBytes ?? DEFAULT_MAX_FILE_BYTES;
  const tasks = groupSources(sources, MAX_GROUP_FILES);
  let jobs = Math.max(1, Math.floor(options.jobs ?? availableParallelism()));
  const size = await totalSize(root, sources, BASELINE_WASM_MAX_BYTES);
  // before any wasm is compiled here or in a worker: the flag holds for the whole process
  if (size < BASELINE_WASM_MAX_BYTES) baselineWasmOnly();
  if (!options.forceWorkers && jobs > 1 && size < WORKER_MIN_BYTES) jobs = 1;
  // the workers load their code and tree-sitter while this thread reads and indexes the sources
  const workers = tasks.length > 1 ? await startWorkers(jobs) : undefined;
  let indexed: ReturnType<typeof indexProject>;
  try {
    // one pass over the C/C++ text first: where each exported function and global is defined, so
    // every group can follow calls into other directories; the text is kept for the analysis when
    // the tree is small enough, so nothing is read twice
    indexed = indexProject(root, sources, maxBytes);
  } catch (e) {
    workers?.close();
    throw e;
  }
  const { project, preread } = indexed;
  const load = async (group: SourceFile[]): Promise<FileInput[]> => {
    const inputs: FileInput[] = [];
    for (const s of group) {
      const r = preread.get(s.file) ?? readSource(join(root, s.file), maxBytes);
      preread.delete(s.file);
      if (!r.ok) {
        skipped.push({ file: s.file, reason: r.reason, detail: r.detail });
        options.onProgress?.((done += 1), sources.length);
        continue;
      }
      if (r.invalidUtf8) invalidUtf8.push(s.file);
      lines += countLines(r.source);
      bytes += r.bytes;
      scannedFiles++;
      inputs.push({ file: s.file, source: r.source, language: s.language });
    }
    return inputs;
  };

  options.onProgress?.(0, sources.length);
  // largest first, so a big group never starts last while the other workers sit idle
  const taskBytes = tasks.map((t) => t.reduce((sum, s) => sum + readBytes(preread.get(s.file)), 0));
  const order = tasks.map((_, i) => i).sort((a, b) => (taskBytes[b] as number) - (taskBytes[a] as number) || a - b);
  const outcomes = (
    await runTasks(tasks.length, {
      jobs,
      project,
      load: (i) => load(tasks[i] ?? []),
      onTaskDone: (n) => options.onProgress?.((done += n), sources.length),
      order,
      weights: taskBytes,
      workers,
    })
  ).flat();

  const language = new Map(sources.map((i) => [i.file, i.language]));
  let suppressed = 0;
  let parseErrors = 0;
  for (const o of outcomes) {
    suppressed += o.suppressed;
    parseErrors += o.parseErrors;
    if (o.error) skipped.push({ file: o.file, reason: 'analysis-failed', detail: o.error });
  }
  const all = finalizeFindings(outcomes.map((o) => ({ file: o.file, language: language.get(o.file) ?? 'c', findings: o.findings })));
  const minConfidence = options.minConfidence ?? DEFAULT_MIN_CONFIDENCE;
  const findings = all.filter((f) => f.confidence >= minConfidence);

  const result: ScanResult = {
    root,
    findings,
    summary: summarize(findings),
    scannedFiles,
    lines,
    bytes,
    skipped: skipped.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0)),
    invalidUtf8: invalidUtf8.sort(),
    suppressed,
    belowConfidence: all.length - findings.length,
    parseErrors,
    durationMs: 0,
  };
  if (baselineIds) {
    result.newIds = new Set(findings.filter((f) => !baselineIds.has(f.id)).map((f) => f.id));
    result.baselineKnown = findings.length - result.newIds.size;
  }
  // nothing to scan is not a result worth a .jarvis/ directory in someone's tree
  if (options.writeArtifacts !== false && sources.length > 0) {
    const dir = options.outDir ? resolve(options.outDir) : join(root, '.jarvis', 'sec');
    result.artifact = join(dir, 'heuristic_issues.jsonl');
    await writeFileAtomicAsync(result.artifact, findings.map((f) => `${JSON.stringify(f)}\n`).join(''));
  }
  result.durationMs = Date.now() - started;
  return result;
}

/** Keeps the text of trees up to this size between indexing and analysis (larger ones are read twice). */
const PREREAD_BYTES = 256 * 1024 * 1024;

function indexProject(root: string, sources: readonly SourceFile[], maxBytes: number): { project: ProjectIndex; preread: Map<string, ReadOutcome> } {
  const project = emptyIndex(root);
  const preread = new Map<string, ReadOutcome>();
  let kept = 0;
  const texts: string[] = [];
  for (const s of sources) {
    if (s.language === 'rust') continue;
    const r = readSource(join(root, s.file), maxBytes);
    if (!r.ok) continue;
    indexSource(project, s.file, r.source);
    // only globals some file defines need the assignment scan; without any, skip it
    texts.push(r.source);
    if (kept + r.bytes <= PREREAD_BYTES) {
      preread.set(s.file, r);
      kept += r.bytes;
    }
  }
  finishIndex(project, texts);
  return { project, preread };
}

const readBytes = (r: ReadOutcome | undefined): number => (r?.ok ? r.bytes : 0);

function countLines(source: string): number {
  if (source.length === 0) return 0;
  let n = 0;
  for (let i = source.indexOf('\n'); i !== -1; i = source.indexOf('\n', i + 1)) n++;
  return source.endsWith('\n') ? n : n + 1;
}
