import { mkdirSync, mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pLimit from 'p-limit';
import { JarvisError } from '../../../util/errors.js';
import { c2rustDir } from '../artifacts.js';
import { relPath } from '../expansion.js';
import { compileProject, linkProgram } from './build-c.js';
import { buildRust } from './build-rust.js';
import { compareRuns, statusText, type Difference } from './compare.js';
import { isTestProgram, pairPrograms, programsIn, readCommands, substitute } from './plan.js';
import { runInSandbox, seedManifest, type RunOutcome } from './sandbox.js';

export interface EquivOptions {
  /** The C project. */
  root: string;
  /** The Rust crate (default `<root>_rs`). */
  crate?: string;
  runs?: string[];
  commandsFile?: string;
  /** The binary a bare `{bin}` means when the crate has several. */
  bin?: string;
  /** Prebuilt C programs by binary name, instead of building them from the compile commands. */
  cPrograms?: Map<string, string>;
  /** Files every run starts with: a directory, `null` for none; default the project root. */
  seed?: string | null;
  timeoutMs?: number;
  release?: boolean;
  /** 2 (default): run the C program twice to see which output varies by itself; 1: once. */
  cRuns?: 1 | 2;
  jobs?: number;
  /** Keep the run directories (their path is in the report). */
  keep?: boolean;
  env?: NodeJS.ProcessEnv;
  onProgress?: (message: string) => void;
}

export interface SideSummary {
  status: string;
  exitCode: number | null;
  signal: string | null;
  stdoutBytes: number;
  stderrBytes: number;
  filesWritten: string[];
  ms: number;
}

export interface CommandResult {
  index: number;
  command: string;
  equal: boolean;
  c: SideSummary;
  rust: SideSummary;
  differences: Difference[];
  notes: string[];
}

export interface EquivReport {
  root: string;
  crate: string;
  programs: { name: string; cFile: string; c: string; rust: string }[];
  cBuild: { source: string; failed: { file: string; error: string }[] } | null;
  rustBuild: { profile: 'debug' | 'release'; seconds: number };
  commands: CommandResult[];
  equal: number;
  different: number;
  firstDifference?: { index: number; command: string; difference: Difference };
  runDir?: string;
  notices: string[];
}

const DEFAULT_TIMEOUT_MS = 10_000;

/**
 * Builds both sides, runs every command once as C (twice, to learn what varies by itself) and
 * once as Rust in the same fresh directory, and compares what each wrote. See docs/c2rust-equiv.md.
 */
export async function runEquiv(opts: EquivOptions): Promise<EquivReport> {
  const root = resolve(opts.root);
  const crate = resolve(opts.crate ?? `${root}_rs`);
  const env = opts.env ?? process.env;
  const progress = opts.onProgress ?? (() => undefined);
  const notices: string[] = [];

  progress(`building the Rust crate (${opts.release ? 'release' : 'debug'})`);
  const rust = await buildRust(crate, { release: opts.release, env });
  const single = opts.bin ?? (rust.bins.size === 1 ? [...rust.bins.keys()][0] : undefined);
  if (opts.bin && !rust.bins.has(opts.bin)) throw usage(`--bin ${opts.bin}: the crate has no such binary (it has ${[...rust.bins.keys()].join(', ')})`);

  const cPrebuilt = opts.cPrograms ?? new Map<string, string>();
  let project: Awaited<ReturnType<typeof compileProject>> | undefined;
  const needC = () => {
    if (!project) throw new JarvisError('internal', 'C project not compiled');
    return project;
  };
  let commands = readCommands(opts.runs ?? [], opts.commandsFile);
  const wanted = new Set(commands.flatMap((c) => programsIn(c, single)));
  const mustBuild = commands.length === 0 || [...wanted].some((n) => !cPrebuilt.has(n));
  if (mustBuild) {
    progress('compiling the C project');
    project = await compileProject(root, join(c2rustDir(root), 'equiv', 'c'), env);
    notices.push(...project.notices);
  }
  const pairs = pairPrograms(root, rust.bins.keys(), project?.mains ?? []);
  if (commands.length === 0) {
    const tests = [...pairs.values()].filter((p) => isTestProgram(root, p.cFile)).map((p) => p.name);
    if (tests.length === 0) throw usage(`no test programs found: no binary of the crate comes from a C file under test/ or named *test* (binaries: ${[...rust.bins.keys()].join(', ')})`, 'pass the commands to run with --run "{bin} ARGS" or --commands FILE');
    commands = tests.map((t) => `{bin:${t}}`);
    for (const t of tests) wanted.add(t);
  }

  const programs: EquivReport['programs'] = [];
  for (const name of [...wanted].sort()) {
    const rustExe = rust.bins.get(name);
    if (!rustExe) throw usage(`the crate has no binary \`${name}\` (it has ${[...rust.bins.keys()].join(', ')})`);
    const pre = cPrebuilt.get(name);
    const pair = pairs.get(name);
    if (!pre && !pair) throw usage(`no C program for the Rust binary \`${name}\`: no C file with main() named ${name}.c, and no transpile_report.json entry`, 'give the C binary with --c-bin NAME=PATH');
    const cExe = pre ? resolve(pre) : await linkProgram(needC(), pair?.cFile as string, name, env);
    programs.push({ name, cFile: pair ? relPath(root, pair.cFile) : '', c: cExe, rust: rustExe });
  }

  const base = realpathSync(mkdtempSync(join(tmpdir(), 'jc2r-equiv-')));
  const seedRoot = opts.seed === null ? undefined : resolve(opts.seed ?? root);
  const seed = seedRoot ? { root: seedRoot, manifest: seedManifest(seedRoot) } : undefined;
  const cRuns = opts.cRuns ?? 2;
  const timeoutMs = opts.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const limit = pLimit(Math.max(1, opts.jobs ?? 2));
  let done = 0;
  try {
    const results = await Promise.all(
      commands.map((command, index) =>
        limit(async () => {
          const dir = join(base, String(index));
          mkdirSync(dir, { recursive: true });
          const names = programsIn(command, single);
          const sideOf = (side: 'c' | 'rust') => new Map(names.map((n) => [n, (programs.find((p) => p.name === n) as EquivReport['programs'][number])[side]]));
          const text = substitute(command, join(dir, 'bin'), single);
          const run = (side: 'c' | 'rust', keepAs: string) => runInSandbox({ dir, programs: sideOf(side), command: text, seed, timeoutMs, env, keepAs: join(dir, keepAs) });
          const c = await run('c', 'c1');
          const cAgain = cRuns === 2 ? await run('c', 'c2') : undefined;
          const r = await run('rust', 'rust');
          const cmp = compareRuns(c, r, cAgain);
          progress(`${++done}/${commands.length} ${cmp.differences.length === 0 ? 'same' : 'DIFFERENT'}: ${command}`);
          return { index, command, equal: cmp.differences.length === 0, c: summary(c), rust: summary(r), differences: cmp.differences, notes: cmp.notes };
        }),
      ),
    );
    const first = results.find((r) => !r.equal);
    return {
      root,
      crate,
      programs,
      cBuild: project ? { source: project.compileSource, failed: project.failed.map((f) => ({ file: relPath(root, f.file), error: f.error })) } : null,
      rustBuild: { profile: rust.profile, seconds: rust.seconds },
      commands: results,
      equal: results.filter((r) => r.equal).length,
      different: results.filter((r) => !r.equal).length,
      ...(first ? { firstDifference: { index: first.index, command: first.command, difference: first.differences[0] as Difference } } : {}),
      ...(opts.keep ? { runDir: base } : {}),
      notices,
    };
  } finally {
    if (!opts.keep) rmSync(base, { recursive: true, force: true });
  }
}

function summary(o: RunOutcome): SideSummary {
  return {
    status: statusText(o.status),
    exitCode: o.status.code,
    signal: o.status.signal,
    stdoutBytes: o.stdout.length,
    stderrBytes: o.stderr.length,
    filesWritten: [...o.written.keys()].sort(),
    ms: Math.round(o.ms),
  };
}

function usage(message: string, hint?: string): JarvisError {
  return new JarvisError('usage', message, { hint, exitCode: 2 });
}
