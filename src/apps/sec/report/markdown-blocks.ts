/** Markdown pieces both jsec reports (scan and agent) are built from. */

/** A table cell: pipes escaped, line breaks folded so one row stays one line. */
export const cell = (s: string): string => s.replace(/\|/g, '\\|').replace(/\r?\n/g, ' ');

export function table(head: string[], rows: string[][]): string {
  return [`| ${head.join(' | ')} |`, `| ${head.map(() => '---').join(' | ')} |`, ...rows.map((r) => `| ${r.map(cell).join(' | ')} |`)].join('\n');
}

/** A fenced code block; a longer fence when the code itself holds one. */
export function fence(code: string, lang: string): string {
  const ticks = code.includes('```') ? '````' : '```';
  return `${ticks}${lang}\n${code}\n${ticks}`;
}

/** Fence language per finding language. */
export const LANG_FENCE: Record<string, string> = { c: 'c', cpp: 'cpp', rust: 'rust' };
