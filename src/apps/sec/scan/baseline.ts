import { readFileSync } from 'node:fs';
import { JarvisError, describeError } from '../../../util/errors.js';
import type { Finding } from '../finding.js';

/** `--write-baseline` output: the ids of accepted findings, with enough context to review them. */
export interface BaselineFile {
  version: 1;
  tool: 'jsec';
  created: string;
  findings: Array<{ id: string; rule: string; file: string; line: number }>;
}

export function baselineOf(findings: readonly Finding[]): BaselineFile {
  return {
    version: 1,
    tool: 'jsec',
    created: new Date().toISOString(),
    findings: findings.map((f) => ({ id: f.id, rule: f.rule, file: f.file, line: f.line })),
  };
}

/** Reads a baseline, or a `--format json` report (both list `findings[].id`), or a bare id array. */
export function readBaseline(path: string): Set<string> {
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(path, 'utf8'));
  } catch (e) {
    throw new JarvisError('usage', `cannot read baseline ${path}: ${describeError(e)}`, {
      hint: 'create one with: jsec scan PATH --write-baseline FILE',
    });
  }
  const list = Array.isArray(data) ? data : (data as { findings?: unknown })?.findings;
  if (!Array.isArray(list)) {
    throw new JarvisError('usage', `baseline ${path} has no "findings" list`, { hint: 'create one with: jsec scan PATH --write-baseline FILE' });
  }
  const ids = new Set<string>();
  for (const item of list) {
    const id = typeof item === 'string' ? item : (item as { id?: unknown })?.id;
    if (typeof id === 'string') ids.add(id);
  }
  return ids;
}
