/**
 * `jsec bench juliet`: runs the real scan over a Juliet tree (optionally only some CWE
 * directories) and scores the findings with the shared scorer.
 */
import { readdir, readFile, stat } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { JarvisError } from '../../../util/index.js';
import { scanPath } from '../scan.js';
import { caseCwe, scoreJuliet, type JulietScore, type ScoredFinding } from './juliet.js';

export interface JulietRunOptions {
  /** only cases of these CWEs (directories named `CWE<n>_…`) */
  cwes?: number[];
  jobs?: number;
}

export interface JulietRun {
  score: JulietScore;
  files: number;
  lines: number;
  /** scan wall time only (reading the ground truth is not counted) */
  scanMs: number;
  findings: ScoredFinding[];
}

/** The directories to scan: the whole tree, or the `CWE<n>_*` directories under `testcases/`. */
async function targets(root: string, cwes: number[] | undefined): Promise<string[]> {
  if (!cwes || cwes.length === 0) return [root];
  const base = (await isDir(join(root, 'testcases'))) ? join(root, 'testcases') : root;
  const dirs = (await readdir(base)).filter((d) => cwes.some((c) => d.startsWith(`CWE${c}_`)));
  if (dirs.length === 0) throw new JarvisError('usage', `no CWE${cwes.join('/')}_* directories under ${base}`, { hint: 'check --cwe and --root' });
  return dirs.map((d) => join(base, d));
}

/** Every `CWE<n>_*` directory of the tree. */
async function cweDirs(root: string): Promise<string[]> {
  const base = (await isDir(join(root, 'testcases'))) ? join(root, 'testcases') : root;
  return (await readdir(base)).filter((d) => /^CWE\d+_/.test(d)).map((d) => join(base, d));
}

async function isDir(p: string): Promise<boolean> {
  try {
    return (await stat(p)).isDirectory();
  } catch {
    return false;
  }
}

async function caseFiles(dir: string, out: string[] = []): Promise<string[]> {
  for (const e of await readdir(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) await caseFiles(p, out);
    else if (/\.(c|cpp|h)$/.test(e.name) && caseCwe(e.name) !== undefined) out.push(p);
  }
  return out;
}

/** Case files (named `CWE<n>_…`) under `root`, relative to it; only the given CWEs when set. */
export async function caseFilesOf(root: string, cwes?: number[]): Promise<string[]> {
  const out: string[] = [];
  for (const dir of await targets(root, cwes)) {
    for (const p of await caseFiles(dir)) if (!cwes || cwes.includes(caseCwe(p) ?? -1)) out.push(relative(root, p));
  }
  return out.sort();
}

export async function runJuliet(root: string, options: JulietRunOptions = {}): Promise<JulietRun> {
  if (!(await isDir(root))) throw new JarvisError('usage', `not a directory: ${root}`, { hint: 'give --root the juliet tree (the directory holding testcases/)' });
  const findings: ScoredFinding[] = [];
  const wanted = await targets(root, options.cwes);
  // the cases include the support headers and call io.c: the scan always covers the whole tree
  // (as a user's scan covers their project) and leaves out only the other CWEs' directories
  const all = options.cwes?.length ? await cweDirs(root) : [];
  const exclude = all.filter((d) => !wanted.includes(d)).map((d) => relative(root, d));
  const started = Date.now();
  const result = await scanPath(root, { jobs: options.jobs, writeArtifacts: false, gitignore: false, exclude });
  const scanMs = Date.now() - started;
  const lines = result.lines;
  const files = result.scannedFiles;
  for (const f of result.findings) findings.push({ file: f.file, line: f.line, cwe: f.cwe });
  const sources = new Map<string, string>();
  for (const f of await caseFilesOf(root, options.cwes)) sources.set(f, await readFile(join(root, f), 'utf8'));
  return { score: scoreJuliet(sources, findings), files, lines, scanMs, findings };
}
