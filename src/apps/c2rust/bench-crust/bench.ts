import { cpSync, existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runProcess } from '../../../util/index.js';
import { addUsage, emptyUsage, type StageUsage } from '../config/index.js';
import { Cargo, type Exec } from '../optimize/cargo.js';
import { parseRust } from '../optimize/rust-syntax.js';
import { unsafeLines } from '../optimize/unsafe-candidates.js';
import { askForAnswer, UsageMeter, type StageModel } from '../pipeline/stage-model.js';
import { cSources, crustProjects, type CrustProject } from './projects.js';
import { IMPLEMENTER_ROLE, implementTask, parseRustFile, publicFunctions, RUST_FILE_TAG, RUST_FILE_USAGE } from './prompt.js';

export interface CrustBenchOptions {
  /** the folder holding CBench/ and RBench/ */
  root: string;
  /** where each project's crate is copied and filled in (one folder per project, replaced on each run) */
  workDir: string;
  agents: StageModel['agents'];
  /** rounds per interface file: the first answer plus repairs from cargo's errors (default 3) */
  rounds?: number;
  only?: readonly string[];
  notes?: string;
  exec?: Exec;
  env?: NodeJS.ProcessEnv;
  onProgress?: (line: string) => void;
}

export interface CrustProjectResult {
  project: string;
  interfaces: number;
  /** `cargo build --all-targets` of the filled-in crate */
  compiles: boolean;
  tests: { passed: number; failed: number };
  /** compiles, at least one test, none failing */
  passesAll: boolean;
  /** lines holding `unsafe` in the interface files */
  unsafeLines: number;
  /** answers asked for (first tries and repairs) */
  rounds: number;
  usage: StageUsage;
  seconds: number;
  /** why the project could not be judged (a model answer never came in form, no interfaces) */
  note?: string;
  /** interface files left out because src/lib.rs does not declare them (no test reaches them) */
  notAsked?: string[];
}

export interface CrustBenchReport {
  root: string;
  projects: CrustProjectResult[];
  totals: { projects: number; passingAll: number; compiling: number; testsPassed: number; testsFailed: number; unsafeLines: number };
  /** C projects without a Rust crate of the same name */
  unpaired: string[];
  usage: StageUsage;
}

const C_BUDGET = 40_000;
const TEST_BUDGET = 8_000;
const OFFLINE: NodeJS.ProcessEnv = { CARGO_NET_OFFLINE: 'true', CARGO_TERM_COLOR: 'never' };

function testsExcerpt(crate: string): string {
  const dir = join(crate, 'src', 'bin');
  if (!existsSync(dir)) return '(none)';
  const text = readdirSync(dir)
    .filter((f) => f.endsWith('.rs'))
    .sort()
    .map((f) => `// ==== src/bin/${f} ====\n${readFileSync(join(dir, f), 'utf8')}`)
    .join('\n');
  return text.length > TEST_BUDGET ? `${text.slice(0, TEST_BUDGET)}\n// … cut for length` : text;
}

/** Sums cargo test's `test result:` lines (one per test binary). */
export function testCounts(output: string): { passed: number; failed: number } {
  let passed = 0;
  let failed = 0;
  for (const m of output.matchAll(/test result: \w+\. (\d+) passed; (\d+) failed/g)) {
    passed += Number(m[1]);
    failed += Number(m[2]);
  }
  return { passed, failed };
}

async function countUnsafe(crate: string, files: readonly string[]): Promise<number> {
  let n = 0;
  for (const f of files) {
    const tree = await parseRust(readFileSync(join(crate, f), 'utf8'));
    n += unsafeLines(tree);
    tree.delete();
  }
  return n;
}

async function benchProject(p: CrustProject, o: CrustBenchOptions): Promise<CrustProjectResult> {
  const t0 = performance.now();
  const crate = join(o.workDir, p.name);
  rmSync(crate, { recursive: true, force: true });
  cpSync(p.rustDir, crate, { recursive: true, filter: (src) => !/[\\/]target$/.test(src) });
  const meter = new UsageMeter();
  const base: Omit<CrustProjectResult, 'compiles' | 'tests' | 'passesAll' | 'unsafeLines' | 'seconds'> = {
    project: p.name,
    interfaces: p.interfaces.length,
    rounds: 0,
    usage: meter.usage,
    ...(p.outsideCrate.length > 0 ? { notAsked: p.outsideCrate } : {}),
  };
  if (p.interfaces.length === 0) return { ...base, compiles: false, tests: { passed: 0, failed: 0 }, passesAll: false, unsafeLines: 0, seconds: 0, note: 'no src/interfaces/*.rs that src/lib.rs declares as a module' };
  const cSource = cSources(p.cDir, C_BUDGET);
  const tests = testsExcerpt(crate);
  const env = { ...OFFLINE, ...o.env };
  const cargo = new Cargo({ crateDir: crate, ...(o.exec ? { exec: o.exec } : {}), env, timeoutMs: 300_000 });
  const maxRounds = o.rounds ?? 3;
  let errors = new Map<string, string>();
  let rounds = 0;
  let note: string | undefined;
  let compiles = false;
  for (let round = 1; round <= maxRounds; round++) {
    const todo = round === 1 ? p.interfaces : p.interfaces.filter((f) => errors.has(f.target));
    for (const { iface: ifacePath, target: file } of todo) {
      o.onProgress?.(`${p.name}: ${file} (round ${round}/${maxRounds})`);
      const iface = readFileSync(join(p.rustDir, ifacePath), 'utf8');
      const current = existsSync(join(crate, file)) ? readFileSync(join(crate, file), 'utf8') : iface;
      const answer = await askForAnswer({ agents: o.agents, meter }, {
        name: 'c2rust-crust-implement',
        role: IMPLEMENTER_ROLE,
        task: implementTask({ project: p.name, file, iface: round === 1 ? iface : current, tests, cSource, ...(errors.get(file) ? { errors: errors.get(file) as string } : {}), notes: o.notes ?? '' }),
        tag: RUST_FILE_TAG,
        usage: RUST_FILE_USAGE,
        parse: (body) => parseRustFile(body, publicFunctions(iface)),
        root: p.cDir,
      });
      rounds++;
      if (answer.kind === 'answer') writeFileSync(join(crate, file), answer.value);
      else note = `${file}: ${answer.reason}`;
    }
    const check = await cargo.check();
    compiles = check.ok;
    if (compiles) break;
    errors = new Map();
    const describe = (d: (typeof check.errors)[number]) => `${d.code ? `error[${d.code}]` : 'error'}${d.spans[0] ? ` at ${d.spans[0].file}:${d.spans[0].lineStart}` : ''}: ${d.message}`;
    for (const d of check.errors) {
      // an error in a test binary comes from the API it uses: every interface hears of it
      const owner = p.interfaces.find((f) => d.spans[0]?.file.endsWith(f.target));
      for (const f of owner ? [owner] : p.interfaces) errors.set(f.target, `${errors.get(f.target) ?? ''}${describe(d)}\n`);
    }
    if (errors.size === 0) for (const f of p.interfaces) errors.set(f.target, check.stderrTail);
  }
  let counts = { passed: 0, failed: 0 };
  let testsRan = false;
  if (compiles) {
    o.onProgress?.(`${p.name}: cargo test`);
    const r = await (o.exec ?? runProcess)('cargo', ['test', '--offline', '--no-fail-fast'], { cwd: crate, env: { ...process.env, ...env }, timeoutMs: 600_000, maxOutputBytes: 16 * 1024 * 1024 });
    counts = testCounts(`${r.stdout}\n${r.stderr}`);
    // a test binary that crashes prints no result line: the exit status still says it failed
    testsRan = r.exitCode === 0 && !r.timedOut;
  }
  return {
    ...base,
    rounds,
    usage: meter.usage,
    compiles,
    tests: counts,
    passesAll: testsRan && counts.passed > 0 && counts.failed === 0,
    unsafeLines: await countUnsafe(crate, p.interfaces.map((f) => f.target).filter((f) => existsSync(join(crate, f)))),
    seconds: Math.round((performance.now() - t0) / 100) / 10,
    ...(note ? { note } : {}),
  };
}

/**
 * `jc2r bench crust DIR` (docs/c2rust-pipeline.md): each CRUST-Bench project's interface
 * files filled in by the model from the C, with cargo's errors fed back for a few rounds, then
 * the project's own Rust tests run offline. Figures per project and in all.
 */
export async function benchCrust(o: CrustBenchOptions): Promise<CrustBenchReport> {
  const { projects, unpaired } = crustProjects(o.root, o.only);
  const results: CrustProjectResult[] = [];
  let usage = emptyUsage();
  for (const p of projects) {
    const r = await benchProject(p, o);
    results.push(r);
    usage = addUsage(usage, r.usage);
  }
  const sum = (f: (r: CrustProjectResult) => number) => results.reduce((a, r) => a + f(r), 0);
  return {
    root: o.root,
    projects: results,
    totals: {
      projects: results.length,
      passingAll: results.filter((r) => r.passesAll).length,
      compiling: results.filter((r) => r.compiles).length,
      testsPassed: sum((r) => r.tests.passed),
      testsFailed: sum((r) => r.tests.failed),
      unsafeLines: sum((r) => r.unsafeLines),
    },
    unpaired,
    usage,
  };
}
