import { plainLines, type Diagnostic } from '../diagnostic.js';

/**
 * gcc and clang (and everything that imitates them: cppcheck --template=gcc, clang-tidy):
 * `file:line[:col]: error|warning|fatal error: message`, plus the linker's
 * "undefined reference" lines, which have no source line of their own.
 */
const DIAG = /^(.+?):(\d+):(?:(\d+):)?\s+(fatal error|error|warning):\s+(.*)$/;
const UNDEFINED = /undefined reference to [`'‘](.+?)['’]/;
const LD_ERROR = /^(?:\/\S+\/)?(?:ld|collect2|ld\.lld|clang|gcc|cc)(?:\.\w+)?: error: (.*)$/;

export function parseGcc(output: string): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const line of plainLines(output)) {
    // the regexes only on lines that can match: a log is mostly source excerpts and carets
    if (!line.includes('error') && !line.includes('warning:') && !line.includes('undefined reference')) continue;
    const m = DIAG.exec(line);
    if (m) {
      const [, file, ln, col, level, message] = m as unknown as [string, string, string, string | undefined, string, string];
      const rule = /\s\[([-\w.,=]+)\]$/.exec(message);
      out.push({
        kind: level === 'warning' ? 'warning' : 'error',
        source: 'gcc',
        file,
        line: Number(ln),
        ...(col ? { column: Number(col) } : {}),
        message: level === 'fatal error' ? `fatal error: ${message}` : message,
        ...(rule ? { code: rule[1] } : {}),
      });
      continue;
    }
    const u = UNDEFINED.exec(line);
    if (u) {
      const where = /^(.+?):(?:\(\.text\S*\)|(\d+)):?/.exec(line);
      out.push({ kind: 'error', source: 'ld', ...(where?.[1] && !where[1].includes(' ') ? { file: where[1] } : {}), message: `undefined reference to '${u[1]}'` });
      continue;
    }
    const l = LD_ERROR.exec(line);
    if (l && !/returned 1 exit status/.test(l[1] as string)) out.push({ kind: 'error', source: 'ld', message: l[1] as string });
  }
  return out;
}
