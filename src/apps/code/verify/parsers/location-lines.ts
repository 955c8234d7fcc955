import { plainLines, type Diagnostic } from '../diagnostic.js';

/**
 * The plain `file:line:col: message` form of checkers without an error/warning word: go
 * build/vet, eslint --format unix, ruff --output-format concise. Used for lint output only,
 * where every such line is a finding.
 */
export function parseLocationLines(output: string): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const l of plainLines(output)) {
    if (l === '' || l.charCodeAt(0) === 32) continue;
    const m = /^(\S[^:\s]*\.\w+):(\d+):(\d+):\s+(.*)$/.exec(l);
    if (!m) continue;
    const message = m[4] as string;
    const code = /^([A-Z]+\d+)\b/.exec(message)?.[1] ?? /\[(?:Error|Warning)\/([-\w@/]+)\]$/.exec(message)?.[1];
    out.push({ kind: /warning/i.test(message) ? 'warning' : 'error', source: 'checker', file: m[1] as string, line: Number(m[2]), column: Number(m[3]), message, ...(code ? { code } : {}) });
  }
  return out;
}
