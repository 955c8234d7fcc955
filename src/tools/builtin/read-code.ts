import { readFile, stat } from 'node:fs/promises';
import { z } from 'zod';
import { resolveForRead } from '../root-path.js';
import { suggestPaths } from '../suggest.js';
import { defineTool, type ToolContext, type ToolErrorCode } from '../tool.js';
import { READ_CODE } from '../tool-names.js';
import { MAX_LINE_CHARS, splitLines } from '../truncate.js';

/** Lines shown per file and call; the model pages with `next start_line`. */
export const MAX_READ_LINES = 1000;
/** Characters shown per file and call, so a few huge lines cannot fill the context either. */
const MAX_READ_CHARS = 100_000;
/** Larger files are refused: reading them whole to show a slice costs too much. */
const MAX_FILE_BYTES = 16 * 1024 * 1024;
const BINARY_PROBE = 8000;

const fileRequest = z.strictObject({
  path: z.string().min(1).describe('File path, relative to the working root'),
  start_line: z.number().int().optional().describe('First line to show (1-based, default 1)'),
  end_line: z.number().int().optional().describe('Last line to show, inclusive (default and -1: end of file)'),
});

const params = z.strictObject({
  files: z.array(fileRequest).min(1).max(20).describe('Files (and optional line ranges) to read'),
});

type FileOutcome =
  | { ok: true; text: string; path: string; start: number; end: number; total: number }
  | { ok: false; text: string; path: string; code: ToolErrorCode };

export const readCodeTool = defineTool({
  name: READ_CODE,
  description: [
    'Read text files with line numbers, optionally only a range of lines.',
    `At most ${MAX_READ_LINES} lines per file per call: longer ranges are cut and the reply gives the next start_line.`,
    'Binary files are refused. Line numbers are for reference only: never copy them into edits.',
  ].join(' '),
  params,
  paths: (args) => ({ reads: args.files.map((f) => f.path), writes: [] }),
  async run(args, ctx) {
    const outcomes: FileOutcome[] = [];
    for (const f of args.files) outcomes.push(await readOne(ctx, f));
    const text = outcomes.map((o) => o.text).join('\n\n');
    const data = {
      files: outcomes.map((o) => (o.ok ? { path: o.path, start: o.start, end: o.end, total: o.total } : { path: o.path, error: o.code })),
    };
    const read = outcomes.filter((o) => o.ok).length;
    const forUser = `read ${read}/${outcomes.length} file${outcomes.length > 1 ? 's' : ''}: ${outcomes.map((o) => o.path).join(', ')}`;
    const failed = outcomes.find((o): o is Extract<FileOutcome, { ok: false }> => !o.ok);
    if (read === 0 && failed) return { forModel: text, forUser, data, error: { code: failed.code, message: text } };
    return { forModel: text, forUser, data };
  },
});

async function readOne(ctx: ToolContext, req: z.output<typeof fileRequest>): Promise<FileOutcome> {
  const fail = (code: ToolErrorCode, message: string): FileOutcome => ({ ok: false, path: req.path, code, text: `${req.path}: ${message}` });
  const r = resolveForRead(ctx, req.path);
  if (!r.ok) {
    if (!r.missing) return { ok: false, path: req.path, code: r.error.code, text: r.error.message };
    const near = await suggestPaths(ctx.root, req.path, ctx.env, ctx.signal);
    return fail('not_found', `no such file${near.length ? `; did you mean ${near.join(', ')}?` : ''}`);
  }
  const st = await stat(r.abs);
  if (st.isDirectory()) return fail('refused', 'is a directory; list it with list_files');
  if (!st.isFile()) return fail('refused', 'is not a regular file');
  if (st.size > MAX_FILE_BYTES) {
    return fail('refused', `is too large to read (${(st.size / 1048576).toFixed(1)} MiB); find the lines you need with search_files, then print them with execute_script (sed -n 'A,Bp')`);
  }
  const buf = await readFile(r.abs);
  if (buf.subarray(0, BINARY_PROBE).includes(0)) {
    return fail('refused', 'is a binary file; inspect it with execute_script (for example xxd, objdump or file) instead');
  }
  let content = buf.toString('utf8');
  if (content.charCodeAt(0) === 0xfeff) content = content.slice(1);
  const lines = splitLines(content);
  const total = lines.length;
  if (total === 0) return { ok: true, path: r.shown, start: 0, end: 0, total, text: `=== ${r.shown} (empty file) ===` };

  const notes: string[] = [];
  let start = req.start_line ?? 1;
  if (start < 1) {
    notes.push(`start_line ${start} is before the first line; started at line 1`);
    start = 1;
  }
  if (start > total) return fail('refused', `start_line ${start} is past the end of the file (${total} lines)`);
  let end = req.end_line === undefined || req.end_line === -1 ? total : req.end_line;
  if (end < start) return fail('refused', `end_line ${end} is before start_line ${start}`);
  if (end > total) {
    notes.push(`end_line ${end} is past the end of the file; showed up to line ${total}`);
    end = total;
  }

  const width = String(end).length;
  const shown: string[] = [];
  let chars = 0;
  let last = start - 1;
  for (let n = start; n <= end && n < start + MAX_READ_LINES; n++) {
    let line = lines[n - 1] as string;
    if (line.length > MAX_LINE_CHARS) line = `${line.slice(0, MAX_LINE_CHARS)}[… ${line.length - MAX_LINE_CHARS} more characters]`;
    if (chars + line.length > MAX_READ_CHARS && shown.length > 0) break;
    chars += line.length + width + 4;
    shown.push(`${String(n).padStart(width)} | ${line}`);
    last = n;
  }
  if (last < end) notes.push(`showed lines ${start}-${last} of ${total} (the most one read shows); next start_line=${last + 1}`);
  const header = `=== ${r.shown} (lines ${start}-${last} of ${total}) ===`;
  const text = [header, ...shown, ...notes.map((n) => `[note: ${n}]`)].join('\n');
  return { ok: true, path: r.shown, start, end: last, total, text };
}
