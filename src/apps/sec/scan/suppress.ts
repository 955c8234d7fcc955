import type { RawFinding } from '../finding.js';

/** `// jsec-ignore: rule-id[,rule-id] reason` (or `/* … *\/`); `*` or `all` matches every rule. */
const LINE_MARK = /(?:\/\/|\/\*)\s*jsec-ignore\s*:\s*([\w.*,-]+)/;
const FILE_MARK = /(?:\/\/|\/\*)\s*jsec-ignore-file\b/;

export function fileIgnored(source: string): boolean {
  // the plain search rules out nearly every file faster than the pattern can
  return source.includes('jsec-ignore-file') && FILE_MARK.test(source);
}

function matches(selector: string, f: RawFinding): boolean {
  if (selector === '*' || selector === 'all') return true;
  if (selector === f.rule || selector === f.category) return true;
  // `c.hygiene.*` or `c.hygiene` silence a whole rule family.
  const prefix = selector.endsWith('.*') ? selector.slice(0, -1) : `${selector}.`;
  return f.rule.startsWith(prefix);
}

/** Drops findings silenced by a marker on their own line or on the line above. */
export function applySuppressions(source: string, findings: RawFinding[]): { kept: RawFinding[]; suppressed: number } {
  if (!source.includes('jsec-ignore')) return { kept: findings, suppressed: 0 };
  const lines = source.split('\n');
  const selectors = (line: number): string[] => {
    const m = LINE_MARK.exec(lines[line - 1] ?? '');
    return m?.[1] ? m[1].split(',').filter(Boolean) : [];
  };
  const kept: RawFinding[] = [];
  let suppressed = 0;
  for (const f of findings) {
    const sel = [...selectors(f.line), ...selectors(f.line - 1)];
    if (sel.some((s) => matches(s, f))) suppressed++;
    else kept.push(f);
  }
  return { kept, suppressed };
}
