import { closeSync, openSync, readFileSync, readSync } from 'node:fs';
import { setImmediate as yieldToLoop } from 'node:timers/promises';
import { join } from 'node:path';
import { byCodeUnit, listFilesUnder, type Backend } from './list.js';
import { findRipgrep, rgSearchFiles, RgRegexUnsupported, type RgMatch } from './ripgrep.js';

export interface CompiledRegex {
  /** As the model wrote it; ripgrep reads this. */
  source: string;
  /** The fallback's equivalent. */
  js: RegExp;
}

/**
 * Checks a model-given regex once, in JavaScript's dialect, so a bad pattern gets the same
 * message whichever backend runs. A leading `(?i)` (ripgrep/PCRE style) becomes the `i` flag.
 */
export function compileRegex(source: string): { ok: true; regex: CompiledRegex } | { ok: false; message: string } {
  const m = /^\(\?i\)/.exec(source);
  const body = m ? source.slice(m[0].length) : source;
  const flags = m ? 'i' : '';
  // Unicode mode first (closer to ripgrep); patterns that are only valid without it still work.
  for (const f of [`${flags}u`, flags]) {
    try {
      return { ok: true, regex: { source, js: new RegExp(body, f) } };
    } catch (e) {
      if (f === flags) return { ok: false, message: (e as Error).message };
    }
  }
  return { ok: false, message: 'invalid regular expression' };
}

export interface SearchOptions {
  glob?: string;
  env: NodeJS.ProcessEnv;
  signal?: AbortSignal;
  /** Matches reported; one more is looked for to know whether there are more. */
  limit: number;
}

export interface SearchResult {
  /** Sorted by path, then line; at most `limit`. */
  matches: RgMatch[];
  /** More matches exist past `limit`. */
  more: boolean;
  filesSearched: number;
  backend: Backend;
}

/**
 * Files per ripgrep run: starts small so a search with many hits stops early, and doubles
 * so a search that finds little pays ripgrep's start-up only a few times.
 */
const FIRST_BATCH = 200;
const MAX_BATCH = 3200;
/** git's heuristic: a NUL byte in the first 8000 bytes makes a file binary. */
const BINARY_PROBE = 8000;
const YIELD_EVERY = 64;

/**
 * Searches the non-ignored, non-binary files under `start` (or the single file `start`, when
 * `relFiles` is given) line by line. Both backends search the same sorted file list and stop
 * at the same place, so their answers are identical.
 */
export async function searchUnder(start: string, regex: CompiledRegex, opts: SearchOptions, relFiles?: string[]): Promise<SearchResult> {
  const files = relFiles ?? (await listFilesUnder(start, opts)).files;
  const rg = findRipgrep(opts.env);
  const perFile = opts.limit + 1;
  const found: RgMatch[] = [];
  let backend: Backend = rg ? 'ripgrep' : 'js';
  for (let i = 0, size = FIRST_BATCH; i < files.length && found.length <= opts.limit; i += size, size = Math.min(size * 2, MAX_BATCH)) {
    const batch = files.slice(i, i + size);
    let got: RgMatch[] | undefined;
    if (backend === 'ripgrep' && rg) {
      try {
        got = await rgSearchFiles(rg, start, batch, regex.source, { env: opts.env, signal: opts.signal, maxPerFile: perFile });
        got = dropBinary(start, got);
      } catch (e) {
        if (!(e instanceof RgRegexUnsupported)) throw e;
        backend = 'js'; // ripgrep's dialect lacks something JS has (look-around…): JS searches from here on
      }
    }
    got ??= await jsSearch(start, batch, regex, perFile, opts.signal);
    got.sort((a, b) => byCodeUnit(a.path, b.path) || a.line - b.line);
    found.push(...got);
  }
  return { matches: found.slice(0, opts.limit), more: found.length > opts.limit, filesSearched: files.length, backend };
}

async function jsSearch(start: string, files: readonly string[], regex: CompiledRegex, perFile: number, signal?: AbortSignal): Promise<RgMatch[]> {
  const re = regex.js;
  const whole = wholeTextFilter(regex);
  const out: RgMatch[] = [];
  for (let k = 0; k < files.length; k++) {
    const rel = files[k] as string;
    // Synchronous reads: under load, a thread-pool round trip per file made this 10-20x slower.
    // Yielding now and then keeps abort signals and streamed output responsive.
    if (k % YIELD_EVERY === YIELD_EVERY - 1) await yieldToLoop();
    signal?.throwIfAborted();
    let buf: Buffer;
    try {
      buf = readFileSync(join(start, rel));
    } catch {
      continue;
    }
    if (buf.subarray(0, BINARY_PROBE).includes(0)) continue;
    let text = buf.toString('utf8');
    if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    if (whole && !whole.test(text)) continue;
    const lines = text.split('\n');
    if (lines[lines.length - 1] === '') lines.pop();
    let n = 0;
    for (let i = 0; i < lines.length && n < perFile; i++) {
      const line = (lines[i] as string).replace(/\r$/, '');
      if (re.test(line)) {
        out.push({ path: rel, line: i + 1, text: line });
        n++;
      }
    }
  }
  return out;
}

/**
 * Most files have no match: one multiline test of the whole text rules them out without
 * splitting lines. Look-around could see across a line break there, so it gets no shortcut.
 */
function wholeTextFilter(regex: CompiledRegex): RegExp | undefined {
  if (/\(\?<?[=!]/.test(regex.js.source)) return undefined;
  return new RegExp(regex.js.source, `${regex.js.flags}m`);
}

function dropBinary(start: string, matches: RgMatch[]): RgMatch[] {
  const verdict = new Map<string, boolean>();
  for (const m of matches) if (!verdict.has(m.path)) verdict.set(m.path, isBinary(join(start, m.path)));
  return matches.filter((m) => !verdict.get(m.path));
}

function isBinary(abs: string): boolean {
  const fd = openSync(abs, 'r');
  try {
    const buf = Buffer.alloc(BINARY_PROBE);
    const bytesRead = readSync(fd, buf, 0, BINARY_PROBE, 0);
    return buf.subarray(0, bytesRead).includes(0);
  } finally {
    closeSync(fd);
  }
}
