import { readFileSync } from 'node:fs';
import { LineCounter, parseDocument } from 'yaml';
import type { z } from 'zod';
import { valueAt } from './merge.js';
import { JarvisError } from '../errors.js';

/**
 * Definition files (an agent, a team) are small YAML documents checked by a strict zod schema.
 * What they share lives here: reading the file, YAML syntax errors with line:col, the line of
 * a key, and turning the first schema issue into "key: message". Each caller owns its wording
 * around that ("agent definition <file>…", its hint) and any checks beyond the schema.
 */

export interface YamlDefinition {
  /** the document as plain JS; `null` for an empty file */
  value: unknown;
  /** `:<line>` of the value at `path`, or '' when there is no such value */
  lineOf(path: readonly PropertyKey[]): string;
}

/** Reads a definition file; an unreadable file is a usage error naming it. */
export function readDefinitionFile(label: string, file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    throw new JarvisError('usage', `${label} ${file}: cannot read (${code === 'ENOENT' ? 'no such file' : (code ?? String(e))})`);
  }
}

/**
 * Parses the YAML (duplicate keys are errors). A syntax error goes to `fail` with
 * `:<line>:<col>` and the first clause of the parser's message.
 */
export function parseYamlDefinition(text: string, fail: (where: string, message: string) => never): YamlDefinition {
  const lines = new LineCounter();
  const doc = parseDocument(text, { prettyErrors: false, uniqueKeys: true, lineCounter: lines });
  const yamlErr = doc.errors[0];
  if (yamlErr) {
    const pos = lines.linePos(yamlErr.pos[0]);
    fail(`:${pos.line}:${pos.col}`, (yamlErr.message.split('\n')[0] ?? '').replace(/ at line \d+, column \d+:?$/, ''));
  }
  return {
    value: doc.toJS() as unknown,
    lineOf(path) {
      // only a value that is there has a line; a missing key's parent line would mislead
      if (path.length === 0) return '';
      const node = doc.getIn(path as (string | number)[], true) as { range?: [number, number, number] } | undefined;
      return node && typeof node === 'object' && node.range ? `:${lines.linePos(node.range[0]).line}` : '';
    },
  };
}

export interface DescribedIssue {
  /** where the problem is; for an unknown key, the key itself */
  path: readonly PropertyKey[];
  /** `<dotted.key>: <message>` */
  text: string;
}

/**
 * One schema issue in users' words: an unknown key lists the keys allowed there, a missing
 * required key says so instead of zod's "expected string, received undefined".
 */
export function describeIssue(
  issue: z.core.$ZodIssue,
  value: unknown,
  knownKeys: (path: readonly PropertyKey[]) => readonly string[],
): DescribedIssue {
  let path = issue.path;
  let message = issue.message;
  if (issue.code === 'unrecognized_keys') {
    path = [...issue.path, issue.keys[0] ?? ''];
    message = `unknown key; known keys: ${knownKeys(path).join(', ')}`;
  } else if (issue.code === 'invalid_type' && valueAt(value, path) === undefined) {
    message = 'is required but missing';
  }
  const key = path.length > 0 ? path.map(String).join('.') : '(top level)';
  return { path, text: `${key}: ${message}` };
}
