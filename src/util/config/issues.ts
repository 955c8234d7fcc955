import type { z } from 'zod';
import type { LineCounter, YAMLError } from 'yaml';
import { joinKey, valueAt, type ConfigSource, type SourceMap } from './merge.js';

/**
 * Turns YAML and schema failures into the one-line `config error: …` messages users see:
 * the file (or env var, or flag) and the dotted key, first few issues, then "…and N more".
 */

const MAX_ISSUES = 3;

/** `config error: <file>:<line>:<col>: <message>` for a YAML syntax error. */
export function yamlErrorLine(where: string, e: YAMLError, lines: LineCounter): string {
  const pos = e.linePos?.[0] ?? lines.linePos(e.pos[0]);
  // With pretty errors yaml repeats the position and appends an excerpt; keep the first clause.
  const first = (e.message.split('\n')[0] ?? e.message).replace(/ at line \d+, column \d+:?$/, '').trim();
  return `config error: ${where}:${pos.line}:${pos.col}: ${first}`;
}

function typeName(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'list';
  if (typeof v === 'object') return 'mapping';
  return typeof v;
}

interface ZodDefLike {
  type?: string;
  shape?: Record<string, { _zod: { def: ZodDefLike } }>;
  valueType?: { _zod: { def: ZodDefLike } };
  innerType?: { _zod: { def: ZodDefLike } };
}

/** Keys the schema accepts at `path`, for "did you mean" suggestions. */
function knownKeysAt(schema: z.ZodType, path: readonly PropertyKey[]): string[] {
  let def = (schema as unknown as { _zod: { def: ZodDefLike } })._zod.def;
  const unwrap = () => {
    while (def.innerType) def = def.innerType._zod.def;
  };
  unwrap();
  for (const seg of path) {
    if (def.type === 'object' && def.shape && typeof seg === 'string' && def.shape[seg]) def = def.shape[seg]._zod.def;
    else if (def.type === 'record' && def.valueType) def = def.valueType._zod.def;
    else return [];
    unwrap();
  }
  return def.type === 'object' && def.shape ? Object.keys(def.shape) : [];
}

function editDistance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let prev = row[0] as number;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const tmp = row[j] as number;
      row[j] = Math.min((row[j] as number) + 1, (row[j - 1] as number) + 1, prev + (a[i - 1] === b[j - 1] ? 0 : 1));
      prev = tmp;
    }
  }
  return row[b.length] as number;
}

/** The known word `word` is most likely a misspelling of, if any is close enough. */
export function didYouMean(word: string, known: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestD = Infinity;
  for (const k of known) {
    const d = editDistance(word.toLowerCase(), k.toLowerCase());
    if (d < bestD) [best, bestD] = [k, d];
  }
  return best !== undefined && bestD <= Math.max(2, Math.floor(word.length / 3)) ? best : undefined;
}

function suggestion(key: string, known: string[]): string {
  if (key === 'api_key') return ' (keys are read from the environment: set api_key_env to the variable name)';
  const best = didYouMean(key, known);
  return best !== undefined ? ` (did you mean ${best}?)` : '';
}

/** The layer that set `path` or, failing that, its nearest ancestor. */
function sourceOf(sources: SourceMap, path: readonly PropertyKey[]): ConfigSource | undefined {
  for (let n = path.length; n > 0; n--) {
    const s = sources[joinKey(path.slice(0, n).map(String))];
    if (s && s.kind !== 'default') return s;
  }
  return undefined;
}

interface Described {
  where: string;
  text: string;
}

function describe(
  issue: z.core.$ZodIssue,
  input: unknown,
  schema: z.ZodType,
  sources: SourceMap,
  fallbackWhere: string,
): Described[] {
  if (issue.code === 'unrecognized_keys') {
    const known = knownKeysAt(schema, issue.path);
    return issue.keys.map((k) => {
      const full = [...issue.path, k];
      return {
        where: sourceOf(sources, full)?.where ?? fallbackWhere,
        text: `unknown key ${joinKey(full.map(String))}${suggestion(k, known)}`,
      };
    });
  }
  const where = sourceOf(sources, issue.path)?.where ?? fallbackWhere;
  const key = joinKey(issue.path.map(String));
  const value = valueAt(input, issue.path);
  if (issue.code === 'invalid_type') {
    if (value === undefined) return [{ where, text: `key ${key}: required but missing` }];
    const expected = issue.expected === 'object' ? 'mapping' : issue.expected === 'array' ? 'list' : issue.expected;
    return [{ where, text: `key ${key}: expected ${expected}, received ${typeName(value)}` }];
  }
  // zod's own wording for ranges and formats is already specific ("Too small: expected number to be >0").
  return [{ where, text: `key ${key}: ${issue.message}` }];
}

/** One line for all schema issues, each naming the file (or env var, or flag) and the dotted key. */
export function schemaErrorLine(
  issues: readonly z.core.$ZodIssue[],
  input: unknown,
  schema: z.ZodType,
  sources: SourceMap,
  fallbackWhere: string,
): string {
  const all = issues.flatMap((i) => describe(i, input, schema, sources, fallbackWhere));
  const shown = all.slice(0, MAX_ISSUES);
  const parts: string[] = [];
  let lastWhere: string | undefined;
  for (const d of shown) {
    parts.push(d.where === lastWhere ? d.text : `${d.where}: ${d.text}`);
    lastWhere = d.where;
  }
  const more = all.length > MAX_ISSUES ? ` …and ${all.length - MAX_ISSUES} more` : '';
  return `config error: ${parts.join('; ')}${more}`;
}
