import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { delimiter, extname, join, relative } from 'node:path';
import { runProcess } from '../../util/index.js';
import type { Diagnostic } from './verify/diagnostic.js';
import { parseGcc, parseLocationLines, parseRustcJson, parseTsc } from './verify/parsers/index.js';

/**
 * Static checkers by file type. jca always names the installed ones that fit the changed files
 * (a hint to the model); with `--lint` it runs them once after the edits and sends their
 * findings back like build errors.
 */

export interface LintChecker {
  name: string;
  /** the command as shown */
  display: string;
  argv: string[];
  parse: (output: string) => Diagnostic[];
}

const C_LIKE = new Set(['.c', '.h', '.cc', '.cpp', '.cxx', '.hpp', '.hh', '.hxx']);
const JS_LIKE = new Set(['.ts', '.tsx', '.mts', '.cts', '.js', '.jsx', '.mjs', '.cjs']);

export function onPath(cmd: string, env: NodeJS.ProcessEnv = process.env): string | undefined {
  for (const dir of (env.PATH ?? '').split(delimiter)) {
    if (dir && existsSync(join(dir, cmd))) return join(dir, cmd);
  }
  return undefined;
}

/** The installed checkers for `files` (paths relative to `root`). */
export function checkersFor(root: string, files: readonly string[], env: NodeJS.ProcessEnv = process.env): LintChecker[] {
  const exts = new Set(files.map((f) => extname(f).toLowerCase()));
  const pick = (set: Set<string>) => files.filter((f) => set.has(extname(f).toLowerCase()) && existsSync(join(root, f)));
  const out: LintChecker[] = [];
  const cFiles = pick(C_LIKE);
  if (cFiles.length > 0) {
    if (onPath('cppcheck', env)) {
      const argv = ['cppcheck', '--quiet', '--enable=warning,portability', '--template=gcc', ...cFiles];
      out.push({ name: 'cppcheck', display: argv.join(' '), argv, parse: parseGcc });
    }
    const tidy = onPath('clang-tidy', env) ? 'clang-tidy' : undefined;
    if (tidy) {
      const argv = [tidy, '--quiet', ...cFiles, '--'];
      out.push({ name: 'clang-tidy', display: argv.join(' '), argv, parse: parseGcc });
    }
  }
  if (exts.has('.rs') && existsSync(join(root, 'Cargo.toml')) && onPath('cargo-clippy', env)) {
    const argv = ['cargo', 'clippy', '--quiet', '--message-format=json'];
    out.push({ name: 'cargo clippy', display: argv.join(' '), argv, parse: parseRustcJson });
  }
  const jsFiles = pick(JS_LIKE);
  if (jsFiles.length > 0) {
    const bin = (n: string) => (existsSync(join(root, 'node_modules', '.bin', n)) ? join('node_modules', '.bin', n) : undefined);
    const tsc = bin('tsc');
    if (tsc && existsSync(join(root, 'tsconfig.json')) && jsFiles.some((f) => /\.[cm]?tsx?$/.test(f))) {
      const argv = [tsc, '--noEmit', '--pretty', 'false'];
      out.push({ name: 'tsc', display: 'tsc --noEmit', argv, parse: parseTsc });
    }
    const eslint = bin('eslint');
    if (eslint) {
      const argv = [eslint, '--format', 'json', ...jsFiles];
      out.push({ name: 'eslint', display: `eslint ${jsFiles.join(' ')}`, argv, parse: parseEslintJson });
    }
  }
  const pyFiles = files.filter((f) => extname(f) === '.py' && existsSync(join(root, f)));
  if (pyFiles.length > 0 && onPath('ruff', env)) {
    const argv = ['ruff', 'check', '--output-format', 'concise', ...pyFiles];
    out.push({ name: 'ruff', display: argv.join(' '), argv, parse: parseLocationLines });
  }
  return out;
}

/** One line for the model: which checkers fit what it changed. */
export function lintHint(checkers: readonly LintChecker[]): string {
  if (checkers.length === 0) return '';
  return `Checkers installed for the files you changed: ${checkers.map((c) => `\`${c.display}\``).join(', ')}. Once all edits are done, run them in one go and fix what they report.`;
}

export interface LintOutcome {
  checker: string;
  diagnostics: Diagnostic[];
  log: string;
}

export async function runLint(root: string, checkers: readonly LintChecker[], o: { runDir: string; env?: NodeJS.ProcessEnv }): Promise<LintOutcome[]> {
  const out: LintOutcome[] = [];
  mkdirSync(join(o.runDir, 'verify'), { recursive: true });
  for (const c of checkers) {
    const [cmd, ...args] = c.argv as [string, ...string[]];
    let text: string;
    try {
      const r = await runProcess(cmd, args, { cwd: root, env: o.env ?? process.env, timeoutMs: 10 * 60_000, maxOutputBytes: 4 * 1024 * 1024 });
      text = [r.stdout, r.stderr].filter((t) => t).join('\n');
    } catch (e) {
      text = `${cmd} could not start: ${e instanceof Error ? e.message : String(e)}`;
    }
    const log = join(o.runDir, 'verify', `lint-${c.name.replace(/\W+/g, '-')}.log`);
    writeFileSync(log, `$ ${c.display}\n${text}\n`);
    out.push({ checker: c.name, diagnostics: c.parse(text), log: relative(root, log) });
  }
  return out;
}

function parseEslintJson(output: string): Diagnostic[] {
  const start = output.indexOf('[');
  if (start === -1) return [];
  try {
    const files = JSON.parse(output.slice(start)) as { filePath: string; messages: { line?: number; column?: number; message: string; ruleId?: string | null; severity: number }[] }[];
    return files.flatMap((f) =>
      f.messages.map((m) => ({
        kind: m.severity >= 2 ? ('error' as const) : ('warning' as const),
        source: 'eslint',
        file: f.filePath,
        ...(m.line ? { line: m.line } : {}),
        ...(m.column ? { column: m.column } : {}),
        message: m.message,
        ...(m.ruleId ? { code: m.ruleId } : {}),
      })),
    );
  } catch {
    return [];
  }
}
