import { accessSync, constants, statSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { JarvisError, runProcess } from '../../util/index.js';

/**
 * Flags that make ripgrep's file set depend on the tree alone: no user config file, no global
 * git excludes, no `.git/info/exclude`, and `.gitignore` honoured outside repositories too.
 * The JavaScript fallback implements exactly these rules.
 */
const BASE_FLAGS = ['--no-config', '--no-require-git', '--no-ignore-global', '--no-ignore-exclude'];
/** Enough for the largest listing or match batch we ask for; past it the answer is unreliable. */
const MAX_RG_OUTPUT = 256 * 1024 * 1024;

/**
 * The ripgrep binary to use, or null for the JavaScript fallback. `JARVIS_RIPGREP=off` forces
 * the fallback; `JARVIS_RIPGREP=/path/to/rg` picks a binary; otherwise `rg` is looked up on PATH.
 */
export function findRipgrep(env: NodeJS.ProcessEnv): string | null {
  const forced = env.JARVIS_RIPGREP?.trim();
  if (forced && /^(off|0|false|no)$/i.test(forced)) return null;
  if (forced) return isExecutable(forced) ? forced : null;
  for (const dir of (env.PATH ?? '').split(delimiter)) {
    if (!dir) continue;
    const candidate = join(dir, 'rg');
    if (isExecutable(candidate)) return candidate;
  }
  return null;
}

function isExecutable(p: string): boolean {
  try {
    accessSync(p, constants.X_OK);
    return statSync(p).isFile();
  } catch {
    return false;
  }
}

export interface RgCommon {
  env: NodeJS.ProcessEnv;
  signal?: AbortSignal;
}

/** `rg --files` under `start`: paths relative to it, unsorted, with ripgrep's own ignore rules applied. */
export async function rgListFiles(rg: string, start: string, opts: RgCommon & { maxDepth?: number }): Promise<string[]> {
  const args = ['--files', ...BASE_FLAGS];
  if (opts.maxDepth !== undefined) args.push('--max-depth', String(opts.maxDepth));
  args.push('--', '.');
  const r = await runProcess(rg, args, { cwd: start, env: opts.env, signal: opts.signal, maxOutputBytes: MAX_RG_OUTPUT });
  opts.signal?.throwIfAborted();
  checkRg(r.exitCode, r.stderr, r.omittedBytes.stdout);
  return r.stdout
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => (l.startsWith('./') ? l.slice(2) : l));
}

export interface RgMatch {
  path: string;
  line: number;
  text: string;
}

/** Thrown when ripgrep's regex engine rejects a pattern JavaScript accepts; the caller searches in JS. */
export class RgRegexUnsupported extends Error {}

/**
 * Searches these files (relative to `cwd`) line by line. Binary detection is off (`--text`):
 * the caller applies its own, so both backends drop the same files.
 */
export async function rgSearchFiles(
  rg: string,
  cwd: string,
  files: readonly string[],
  regex: string,
  opts: RgCommon & { maxPerFile: number },
): Promise<RgMatch[]> {
  const args = ['--json', '--no-config', '--text', '--crlf', '--max-count', String(opts.maxPerFile), '--regexp', regex, '--', ...files];
  const r = await runProcess(rg, args, { cwd, env: opts.env, signal: opts.signal, maxOutputBytes: MAX_RG_OUTPUT });
  opts.signal?.throwIfAborted();
  if (r.exitCode === 2 && /regex parse error|error parsing|regex.*(not allowed|not supported)/i.test(r.stderr)) {
    throw new RgRegexUnsupported(r.stderr.trim());
  }
  checkRg(r.exitCode, r.stderr, r.omittedBytes.stdout);
  const out: RgMatch[] = [];
  for (const line of r.stdout.split('\n')) {
    if (!line.startsWith('{"type":"match"')) continue;
    const rec = JSON.parse(line) as { data: { path: RgText; lines: RgText; line_number: number } };
    out.push({ path: rgText(rec.data.path), line: rec.data.line_number, text: rgText(rec.data.lines).replace(/\r?\n$/, '') });
  }
  return out;
}

/** ripgrep writes non-UTF-8 data as base64 `bytes`. */
type RgText = { text: string } | { bytes: string };

function rgText(t: RgText): string {
  return 'text' in t ? t.text : Buffer.from(t.bytes, 'base64').toString('utf8');
}

/** Exit 1 means "nothing found"; 2 with output means some entries were unreadable, as the JS walker skips them. */
function checkRg(code: number | null, stderr: string, omitted: number): void {
  if (omitted > 0) throw new JarvisError('tool', 'ripgrep printed more than 256 MiB; narrow the search with path or glob');
  if (code === 0 || code === 1) return;
  if (code === 2 && stderr.split('\n').every((l) => l.trim() === '' || /os error|Permission denied|No such file/i.test(l))) return;
  throw new JarvisError('tool', `ripgrep failed (exit ${code ?? 'signal'}): ${stderr.trim().split('\n')[0] ?? ''}`);
}
