import { statSync } from 'node:fs';
import { basename, dirname } from 'node:path';
import { z } from 'zod';
import { IgnoreRules } from '../files/ignore-rules.js';
import { listFilesUnder } from '../files/list.js';
import { resolveForRead } from '../root-path.js';
import { defineTool, toolError } from '../tool.js';
import { LIST_FILES } from '../tool-names.js';

/** Paths shown per call; the count of the rest is given. */
export const MAX_LISTED = 500;

const params = z.strictObject({
  path: z.string().min(1).describe('Directory to list, relative to the working root ("." for the root)'),
  glob: z.string().min(1).optional().describe('Only files matching this gitignore-style glob, relative to path, e.g. "*.c", "*.{c,h}" or "src/**/*.rs"'),
  max_depth: z.number().int().min(1).optional().describe('Only files at most this many directory levels below path (1 = directly in it)'),
});

export const listFilesTool = defineTool({
  name: LIST_FILES,
  description: `List the files under a directory, recursively, sorted by path, skipping hidden files and whatever .gitignore excludes. At most ${MAX_LISTED} paths per call.`,
  params,
  paths: (args) => ({ reads: [args.path], writes: [] }),
  async run(args, ctx) {
    const r = resolveForRead(ctx, args.path);
    if (!r.ok) return toolError(r.error.code, r.error.message);
    if (statSync(r.abs).isFile()) {
      return { forModel: `${r.shown} is a file, not a directory.\n${r.shown}`, data: { files: [r.shown], total: 1 } };
    }
    const { files, backend } = await listFilesUnder(r.abs, { maxDepth: args.max_depth, glob: args.glob, env: ctx.env, signal: ctx.signal });
    const prefix = r.shown === '.' || r.shown === '' ? '' : `${r.shown}/`;
    const shown = files.slice(0, MAX_LISTED).map((f) => prefix + f);
    const filters = [args.glob ? `matching ${args.glob}` : '', args.max_depth ? `at most ${args.max_depth} level(s) deep` : ''].filter(Boolean);
    const head = `${files.length} file${files.length === 1 ? '' : 's'} under ${r.shown || '.'}${filters.length ? ` ${filters.join(', ')}` : ''}:`;
    const lines = [head, ...shown];
    if (files.length > MAX_LISTED) lines.push(`[… ${files.length - MAX_LISTED} more not shown; narrow with a deeper path, glob or max_depth]`);
    if (files.length === 0 && isIgnoredItself(r.abs)) lines.push(`[note: ${r.shown} itself is excluded by an ignore file]`);
    return {
      forModel: lines.join('\n'),
      forUser: `listed ${files.length} files under ${r.shown || '.'}`,
      data: { total: files.length, files: shown, backend },
    };
  },
});

function isIgnoredItself(abs: string): boolean {
  return basename(abs).startsWith('.') || new IgnoreRules(dirname(abs)).isIgnored(abs, true);
}
