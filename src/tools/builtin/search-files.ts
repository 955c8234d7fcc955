import { statSync } from 'node:fs';
import { basename, dirname } from 'node:path';
import { z } from 'zod';
import { compileRegex, searchUnder } from '../files/search.js';
import { resolveForRead } from '../root-path.js';
import { defineTool, toolError } from '../tool.js';
import { SEARCH_FILES } from '../tool-names.js';

/** Matching lines shown per call. */
export const MAX_MATCHES = 100;
const MAX_MATCH_CHARS = 300;

const params = z.strictObject({
  path: z.string().min(1).describe('Directory (or file) to search, relative to the working root ("." for the root)'),
  regex: z.string().min(1).describe('Regular expression matched against each line; case-sensitive unless it starts with (?i)'),
  glob: z.string().min(1).optional().describe('Only files matching this gitignore-style glob, relative to path, e.g. "*.c" or "*.{c,h}"'),
});

export const searchFilesTool = defineTool({
  name: SEARCH_FILES,
  description: `Search file contents line by line with a regular expression, skipping binary and hidden files and whatever .gitignore excludes. Reports path:line: text, sorted by path, at most ${MAX_MATCHES} matches per call.`,
  params,
  paths: (args) => ({ reads: [args.path], writes: [] }),
  async run(args, ctx) {
    const compiled = compileRegex(args.regex);
    if (!compiled.ok) return toolError('invalid_arguments', `regex is not a valid regular expression: ${compiled.message}. Fix the pattern and call ${SEARCH_FILES} again.`);
    const r = resolveForRead(ctx, args.path);
    if (!r.ok) return toolError(r.error.code, r.error.message);
    const isFile = statSync(r.abs).isFile();
    const start = isFile ? dirname(r.abs) : r.abs;
    const opts = { glob: args.glob, env: ctx.env, signal: ctx.signal, limit: MAX_MATCHES };
    const res = await searchUnder(start, compiled.regex, opts, isFile ? [basename(r.abs)] : undefined);

    const base = isFile ? dirname(r.shown) : r.shown;
    const prefix = base === '.' || base === '' ? '' : `${base}/`;
    const files = new Set(res.matches.map((m) => m.path));
    const cut = (t: string) => (t.length > MAX_MATCH_CHARS ? `${t.slice(0, MAX_MATCH_CHARS)}[…]` : t);
    const head =
      res.matches.length === 0
        ? `No matches for /${args.regex}/ in ${res.filesSearched} file${res.filesSearched === 1 ? '' : 's'} under ${r.shown}${args.glob ? ` matching ${args.glob}` : ''}.`
        : `${res.more ? `First ${res.matches.length}` : res.matches.length} match${res.matches.length === 1 ? '' : 'es'} for /${args.regex}/ in ${files.size} file${files.size === 1 ? '' : 's'} under ${r.shown}${args.glob ? ` matching ${args.glob}` : ''}:`;
    const lines = [head, ...res.matches.map((m) => `${prefix}${m.path}:${m.line}: ${cut(m.text)}`)];
    if (res.more) lines.push(`[more matches exist; narrow the search with a deeper path, a glob or a more specific regex]`);
    return {
      forModel: lines.join('\n'),
      forUser: `searched /${args.regex}/ under ${r.shown}: ${res.matches.length}${res.more ? '+' : ''} matches`,
      data: { matches: res.matches.map((m) => ({ ...m, path: prefix + m.path })), more: res.more, backend: res.backend },
    };
  },
});
