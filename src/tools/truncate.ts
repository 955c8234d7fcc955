import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { writeFileAtomicSync, shownPath } from '../util/index.js';

/** Past this many lines a tool output is cut (docs/tools.md, "The 60-line rule": the first and last 30 stay). */
export const MAX_OUTPUT_LINES = 60;
export const KEEP_LINES = 30;
/** One minified or binary-ish line must not blow the context either. */
export const MAX_LINE_CHARS = 2000;

export interface TruncateOptions {
  /** Where the full text goes: `<runDir>/outputs/`. */
  runDir: string;
  /** Paths inside the root are shown relative to it, so read_code accepts them as given. */
  root: string;
  /** File name stem, e.g. `stdout`; a time stamp and a random suffix are added. */
  label: string;
  /** The exact file name instead (the caller made it unique). */
  fileName?: string;
}

export interface Truncated {
  /** What the model sees. */
  text: string;
  truncated: boolean;
  totalLines: number;
  /** Where the full text was saved, when it was cut (absolute). */
  savedPath?: string;
  /** savedPath as shown to the model. */
  shownPath?: string;
}

/**
 * Applies the 60-line rule: longer text keeps its first and last 30 lines around a marker
 * line that says how much was left out and where the whole text is saved. Over-long lines
 * are cut too, and also trigger the save, so nothing the tool produced is lost.
 */
export function truncateOutput(text: string, opts: TruncateOptions): Truncated {
  const lines = splitLines(text);
  const total = lines.length;
  const overLines = total > MAX_OUTPUT_LINES;
  const kept = overLines ? [...lines.slice(0, KEEP_LINES), ...lines.slice(total - KEEP_LINES)] : lines;
  const overWide = kept.some((l) => l.length > MAX_LINE_CHARS);
  if (!overLines && !overWide) return { text, truncated: false, totalLines: total };

  const name = opts.fileName ?? `${opts.label}-${Date.now().toString(36)}-${randomBytes(3).toString('hex')}.txt`;
  const savedPath = join(opts.runDir, 'outputs', name);
  writeFileAtomicSync(savedPath, text);
  const shownPath = displayPath(opts.root, savedPath);
  const cut = (l: string) => (l.length > MAX_LINE_CHARS ? `${l.slice(0, MAX_LINE_CHARS)}[… ${l.length - MAX_LINE_CHARS} more characters]` : l);
  const where = `the full output (${total} lines) is saved in ${shownPath}; read parts of it with read_code`;
  let shown: string[];
  if (overLines) {
    const head = lines.slice(0, KEEP_LINES).map(cut);
    const tail = lines.slice(total - KEEP_LINES).map(cut);
    shown = [...head, `[… ${total - 2 * KEEP_LINES} lines omitted; ${where} …]`, ...tail];
  } else {
    shown = [...kept.map(cut), `[long lines were cut; ${where}]`];
  }
  return { text: shown.join('\n'), truncated: true, totalLines: total, savedPath, shownPath };
}

/** Lines of a text; a final newline ends the last line rather than starting an empty one. */
export function splitLines(text: string): string[] {
  if (text === '') return [];
  const lines = text.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  return lines;
}

/** Relative to the root when inside it (`.` for the root itself), else absolute. */
export function displayPath(root: string, abs: string): string {
  return shownPath(root, abs);
}
