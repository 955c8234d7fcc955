import { runProcess, type RunOptions, type RunResult } from '../../../util/index.js';
import { parseCargoMessages, isError, type Diagnostic } from './diagnostics.js';

/** How a cargo command is run; tests wrap the real one to count invocations. */
export type Exec = (cmd: string, args: readonly string[], opts: RunOptions) => Promise<RunResult>;

export interface CheckResult {
  ok: boolean;
  errors: Diagnostic[];
  /** Every diagnostic, warnings included. */
  all: Diagnostic[];
  /** Tail of stderr, for the report when cargo failed without a diagnostic (manifest errors…). */
  stderrTail: string;
}

export interface TestResult {
  ok: boolean;
  output: string;
}

/** Thrown when `--max-checks` would be exceeded; the pass in progress is rolled back. */
export class BudgetExhausted extends Error {
  constructor(readonly limit: number) {
    super(`cargo run budget of ${limit} exhausted`);
    this.name = 'BudgetExhausted';
  }
}

export interface CargoOptions {
  crateDir: string;
  exec?: Exec;
  /** 0 = unlimited. */
  maxRuns?: number;
  timeoutMs?: number;
  /** Extra environment, e.g. CARGO_TARGET_DIR shared between runs. */
  env?: NodeJS.ProcessEnv;
}

/**
 * `cargo check` with JSON diagnostics and `cargo test`, over the whole workspace and all
 * targets (tests, examples, binaries and dependent members see every change), counting runs.
 */
export class Cargo {
  runs = 0;
  readonly log: { argv: string[]; ok: boolean; durationMs: number }[] = [];
  private readonly exec: Exec;

  constructor(private readonly opts: CargoOptions) {
    this.exec = opts.exec ?? runProcess;
  }

  get remaining(): number {
    const max = this.opts.maxRuns ?? 0;
    return max === 0 ? Number.POSITIVE_INFINITY : max - this.runs;
  }

  private async run(args: string[]): Promise<RunResult> {
    if (this.remaining <= 0) throw new BudgetExhausted(this.opts.maxRuns ?? 0);
    this.runs++;
    const r = await this.exec('cargo', args, {
      cwd: this.opts.crateDir,
      env: { ...process.env, CARGO_TERM_COLOR: 'never', ...this.opts.env },
      timeoutMs: this.opts.timeoutMs ?? 15 * 60_000,
      maxOutputBytes: 64 * 1024 * 1024,
    });
    this.log.push({ argv: r.argv, ok: r.exitCode === 0, durationMs: Math.round(r.durationMs) });
    return r;
  }

  async check(): Promise<CheckResult> {
    const r = await this.run(['check', '--workspace', '--all-targets', '--message-format=json']);
    const all = parseCargoMessages(r.stdout);
    return {
      ok: r.exitCode === 0,
      errors: all.filter(isError),
      all,
      stderrTail: r.stderr.split('\n').slice(-20).join('\n'),
    };
  }

  async test(): Promise<TestResult> {
    const r = await this.run(['test', '--workspace']);
    const output = `${r.stdout}\n${r.stderr}`;
    return { ok: r.exitCode === 0 && !r.timedOut, output: output.split('\n').slice(-40).join('\n') };
  }
}
