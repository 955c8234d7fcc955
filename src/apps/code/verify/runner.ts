import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import { runProcess } from '../../../util/index.js';
import { formatStepFailure, type StepReport } from './feedback.js';
import type { VerifyPlan, VerifyStep } from './detect.js';
import { parseOutput } from './parsers/index.js';
import { parseJUnitXml } from './parsers/junit.js';
import type { Diagnostic } from './diagnostic.js';

/**
 * Build, then test (a test run after a failed build only repeats the build errors). Every
 * step's full output goes to `<runDir>/verify/<nn>-<step>.log`; the model gets the parsed
 * signal (feedback.ts).
 */

export interface VerifyRunOptions {
  root: string;
  runDir: string;
  /** names the log files; 0 is the baseline before any edit */
  iteration: number;
  env?: NodeJS.ProcessEnv;
  timeoutMs?: number;
  signal?: AbortSignal;
}

export interface VerifyOutcome {
  green: boolean;
  steps: StepReport[];
  /** the failed step, when not green */
  failure?: StepReport;
  /** for the model: the failure signal, or a one-line success */
  message: string;
}

const DEFAULT_TIMEOUT_MS = 15 * 60_000;

export async function runVerify(plan: VerifyPlan, o: VerifyRunOptions): Promise<VerifyOutcome> {
  const steps: StepReport[] = [];
  for (const s of [plan.build, plan.test]) {
    if (!s) continue;
    const r = await runStep(s, o);
    steps.push(r);
    if (!r.ok) return { green: false, steps, failure: r, message: formatStepFailure(r) };
  }
  const ran = steps.map((s) => `\`${s.display}\``).join(' and ');
  return { green: true, steps, message: steps.length > 0 ? `Verification passed: ${ran} succeeded.` : 'Nothing to verify.' };
}

/**
 * Where a test step's JUnit XML reports go, and how the runners are asked for them: googletest
 * through `GTEST_OUTPUT` (also when make or ctest runs the binaries), pytest through
 * `PYTEST_ADDOPTS`, ctest with `--output-junit` when it is the command itself.
 */
function junitRequest(s: VerifyStep, dir: string, env: NodeJS.ProcessEnv): { argv: string[]; env: NodeJS.ProcessEnv } {
  mkdirSync(dir, { recursive: true });
  const argv = [...s.argv];
  if (basename(argv[0] ?? '') === 'ctest' && !argv.includes('--output-junit')) argv.push('--output-junit', join(dir, 'ctest.xml'));
  return {
    argv,
    env: {
      ...env,
      ...(env.GTEST_OUTPUT ? {} : { GTEST_OUTPUT: `xml:${dir}/` }),
      PYTEST_ADDOPTS: [env.PYTEST_ADDOPTS ?? '', `--junitxml=${join(dir, 'pytest.xml')}`].join(' ').trim(),
    },
  };
}

/** The failures of the XML reports in `dir` that the text parsers did not already name. */
function withJUnit(text: Diagnostic[], dir: string): Diagnostic[] {
  let files: string[];
  try {
    files = readdirSync(dir).filter((f) => f.endsWith('.xml'));
  } catch {
    return text;
  }
  const named = text.map((d) => d.test ?? '').filter((t) => t !== '');
  const out = [...text];
  for (const f of files.sort()) {
    for (const d of parseJUnitXml(readFileSync(join(dir, f), 'utf8'), `junit:${f}`)) {
      const t = d.test ?? '';
      if (named.some((n) => n === t || n.endsWith(t) || t.endsWith(n))) continue;
      named.push(t);
      out.push(d);
    }
  }
  return out;
}

async function runStep(s: VerifyStep, o: VerifyRunOptions): Promise<StepReport> {
  const dir = join(o.runDir, 'verify');
  mkdirSync(dir, { recursive: true });
  const stem = `${String(o.iteration).padStart(2, '0')}-${s.name}`;
  const logPath = join(dir, `${stem}.log`);
  const junitDir = join(dir, `${stem}-junit`);
  const baseEnv = englishMessages(o.env ?? process.env);
  const req = s.name === 'test' ? junitRequest(s, junitDir, baseEnv) : { argv: [...s.argv], env: baseEnv };
  const [cmd, ...args] = req.argv as [string, ...string[]];
  let exitCode: number | null = null;
  let timedOut = false;
  let output: string;
  try {
    const r = await runProcess(cmd, args, {
      cwd: o.root,
      env: req.env,
      timeoutMs: o.timeoutMs ?? DEFAULT_TIMEOUT_MS,
      maxOutputBytes: 4 * 1024 * 1024,
      endGroupOnExit: true,
      ...(o.signal ? { signal: o.signal } : {}),
    });
    exitCode = r.exitCode;
    timedOut = r.timedOut;
    output = [r.stdout, r.stderr].filter((t) => t !== '').join('\n');
  } catch (e) {
    output = `${cmd} could not start: ${e instanceof Error ? e.message : String(e)}`;
  }
  writeFileSync(logPath, `$ ${s.display}\n${output}\n[exit ${exitCode ?? (timedOut ? 'timeout' : 'signal')}]\n`);
  const ok = exitCode === 0 && !timedOut;
  return { name: s.name, display: s.display, ok, exitCode, timedOut, diagnostics: ok ? [] : s.name === 'test' ? withJUnit(parseOutput(output), junitDir) : parseOutput(output), output, log: relative(o.root, logPath) };
}

/**
 * The parsers read the compilers' English wording (`error:`, `Failure`): a translated gcc
 * prints `错误：`. Messages go to the C locale; character handling keeps the user's locale,
 * so a build that needs UTF-8 still gets it.
 */
export function englishMessages(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const out = { ...env };
  if (out.LC_ALL) {
    out.LC_CTYPE ??= out.LC_ALL;
    out.LANG ??= out.LC_ALL;
    delete out.LC_ALL;
  }
  delete out.LANGUAGE;
  out.LC_MESSAGES = 'C';
  return out;
}
