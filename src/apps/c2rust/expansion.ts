import { isAbsolute, relative, resolve, sep } from 'node:path';

/**
 * Source text ready for tree-sitter plus, for every line of it, the original file and line.
 * Lines that belong to files outside the project (system headers) are dropped: nothing there is
 * ours to translate, and leaving them out keeps parsing fast.
 */
export interface Expansion {
  text: string;
  /** Files, relative to the root (`/`-separated); index -1 in `lineFile` means "not a project file". */
  files: string[];
  lineFile: Int32Array;
  lineNo: Int32Array;
  /** Typedef names declared in the blanked (system) regions: `(size_t)(x)` is a cast, not a call. */
  externalTypes: Set<string>;
  /** Header regions left out because an earlier unit already parsed the identical text. */
  reused: string[];
  /** Header regions parsed here that later units may reuse (rows of `text`, inclusive). */
  runs: HeaderRun[];
}

/** A stretch of consecutive lines from one project header, keyed by file and exact text. */
export interface HeaderRun {
  key: string;
  file: string;
  startRow: number;
  endRow: number;
  firstLine: number;
  lastLine: number;
}

export function isUnder(root: string, file: string): boolean {
  const rel = relative(root, file);
  return rel !== '' && !rel.startsWith('..') && !isAbsolute(rel);
}

export function relPath(root: string, file: string): string {
  return relative(root, file).split(sep).join('/');
}

const pathCache = new Map<string, string | undefined>();

/** The root-relative path of a marker's file name, or undefined outside the root (cached: every unit names the same headers). */
function projectPath(raw: string, cwd: string, root: string): string | undefined {
  const key = `${root}\0${cwd}\0${raw}`;
  if (pathCache.has(key)) return pathCache.get(key);
  const name = raw.replace(/\\(.)/g, '$1');
  const abs = name.startsWith('<') ? '' : resolve(cwd, name);
  const rel = abs && isUnder(root, abs) ? relPath(root, abs) : undefined;
  if (pathCache.size > 50_000) pathCache.clear();
  pathCache.set(key, rel);
  return rel;
}

const MARKER = /^#(?:line)?\s*(\d+)\s+"((?:[^"\\]|\\.)*)"/;

/**
 * Builds an Expansion from `cc -E` output, following its `# <line> "<file>" flags` markers
 * (https://gcc.gnu.org/onlinedocs/cpp/Preprocessor-Output.html).
 */
export function fromPreprocessed(output: string, cwd: string, root: string, reusable: ReadonlySet<string> = new Set()): Expansion {
  // Only project lines are kept (system headers are most of the output and nothing of ours);
  // each kept line remembers its origin, so rows of the parsed text map straight back.
  // The output is walked with indexOf: system-header stretches are never split into lines.
  const kept: string[] = [];
  const lineFile: number[] = [];
  const lineNo: number[] = [];
  const files: string[] = [];
  const fileIndex = new Map<string, number>();
  const externalTypes = new Set<string>();
  const typedefs = new TypedefCollector(externalTypes);
  let cur = -1;
  let line = 1;
  const n = output.length;
  for (let pos = 0; pos < n; ) {
    if (output.charCodeAt(pos) === 35 /* # */) {
      let end = output.indexOf('\n', pos);
      if (end < 0) end = n;
      const m = MARKER.exec(output.slice(pos, end));
      if (m) {
        line = Number(m[1]);
        cur = projectIndex(m[2] as string);
      }
      // Markers and leftover #pragma / #ident lines are no C syntax for the parser.
      pos = end + 1;
      continue;
    }
    if (cur < 0) {
      // Up to the next line that starts with '#': only its typedef names matter.
      let next = output.indexOf('\n#', pos);
      if (next < 0) next = n;
      typedefs.feed(output.slice(pos, next));
      pos = next + 1;
      continue;
    }
    let end = output.indexOf('\n', pos);
    if (end < 0) end = n;
    if (end > pos) {
      kept.push(output.slice(pos, end));
      lineFile.push(cur);
      lineNo.push(line);
    }
    line++;
    pos = end + 1;
  }
  return dropReused({ kept, lineFile, lineNo, files, externalTypes }, reusable);

  function projectIndex(raw: string): number {
    let known = fileIndex.get(raw);
    if (known !== undefined) return known;
    const rel = projectPath(raw, cwd, root);
    known = rel === undefined ? -1 : files.push(rel) - 1;
    fileIndex.set(raw, known);
    return known;
  }
}

/**
 * The same project header is usually included, unchanged, by every unit. Its stretches of lines
 * that an earlier unit already parsed (`reusable` keys: file + exact text) are left out here and
 * their facts reused; the rest are listed as runs so later units can reuse them in turn.
 * Lines of the unit's own file (index 0) are always kept.
 */
function dropReused(
  e: { kept: string[]; lineFile: number[]; lineNo: number[]; files: string[]; externalTypes: Set<string> },
  reusable: ReadonlySet<string>,
): Expansion {
  const n = e.kept.length;
  const out: { kept: string[]; lineFile: number[]; lineNo: number[] } = { kept: [], lineFile: [], lineNo: [] };
  const reused: string[] = [];
  const runs: HeaderRun[] = [];
  // Nesting depth of the text kept so far: a header included inside a struct or an initializer
  // (X-macros) is never left out, even if the same text stood alone in an earlier unit.
  let depth = 0;
  for (let i = 0; i < n; ) {
    const f = e.lineFile[i] as number;
    let j = i + 1;
    if (f !== 0) {
      while (j < n && e.lineFile[j] === f && (e.lineNo[j] as number) > (e.lineNo[j - 1] as number)) j++;
      const file = e.files[f] as string;
      const key = `${file}\n${e.kept.slice(i, j).join('\n')}`;
      if (depth === 0 && reusable.has(key)) {
        reused.push(key);
        i = j;
        continue;
      }
      runs.push({ key, file, startRow: out.kept.length, endRow: out.kept.length + (j - i) - 1, firstLine: e.lineNo[i] as number, lastLine: e.lineNo[j - 1] as number });
    } else {
      while (j < n && e.lineFile[j] === 0) j++;
    }
    for (let k = i; k < j; k++) {
      const text = e.kept[k] as string;
      out.kept.push(text);
      out.lineFile.push(e.lineFile[k] as number);
      out.lineNo.push(e.lineNo[k] as number);
      depth += nesting(text);
    }
    i = j;
  }
  return {
    text: out.kept.join('\n'),
    files: e.files,
    lineFile: Int32Array.from(out.lineFile),
    lineNo: Int32Array.from(out.lineNo),
    externalTypes: e.externalTypes,
    reused,
    runs,
  };
}

/** Net `{`/`(` minus `}`/`)` on a line of preprocessed C, string and character literals skipped. */
function nesting(line: string): number {
  let d = 0;
  for (let i = 0; i < line.length; i++) {
    const c = line.charCodeAt(i);
    if (c === 123 || c === 40) d++;
    else if (c === 125 || c === 41) d--;
    else if (c === 34 || c === 39) {
      // Skip to the closing quote, honouring backslash escapes.
      for (i++; i < line.length && line.charCodeAt(i) !== c; i++) if (line.charCodeAt(i) === 92) i++;
    }
  }
  return d;
}

/** An Expansion that is the file itself, line for line (raw-source fallback). */
export function identity(text: string, relFile: string): Expansion {
  const n = text.split('\n').length;
  const lineFile = new Int32Array(n);
  const lineNo = new Int32Array(n);
  for (let i = 0; i < n; i++) lineNo[i] = i + 1;
  return { text, files: [relFile], lineFile, lineNo, externalTypes: new Set(), reused: [], runs: [] };
}

/**
 * Finds the names that top-level `typedef` statements declare, from text fed line by line. Only
 * what a cast check needs: the statement is split at `;` outside braces and its declared name
 * taken from `(*name)` or the last identifier once attributes and array bounds are removed.
 */
class TypedefCollector {
  private stmt = '';
  private depth = 0;
  private inTypedef = false;

  constructor(private readonly out: Set<string>) {}

  feed(line: string): void {
    let start = 0;
    for (let i = 0; i < line.length; i++) {
      const c = line.charCodeAt(i);
      if (c === 123 /* { */) this.depth++;
      else if (c === 125 /* } */) this.depth = Math.max(0, this.depth - 1);
      else if (c === 59 /* ; */ && this.depth === 0) {
        this.take(line.slice(start, i));
        this.finish();
        start = i + 1;
      }
    }
    this.take(line.slice(start));
  }

  private take(part: string): void {
    if (this.stmt === '' && !this.inTypedef) {
      const t = part.trimStart();
      if (t === '') return;
      this.inTypedef = /^(__extension__\s+)?typedef\b/.test(t);
      if (!this.inTypedef) {
        this.stmt = ' ';
        return;
      }
    }
    if (this.inTypedef) this.stmt += ` ${part}`;
  }

  private finish(): void {
    if (this.inTypedef) {
      const s = this.stmt.replace(/__attribute__\s*\(\((?:[^()]|\([^()]*\))*\)\)/g, ' ').replace(/\{[\s\S]*\}/, ' ');
      const fnPtr = /\(\s*\*\s*([A-Za-z_]\w*)\s*\)/.exec(s);
      const names = s.replace(/\[[^\]]*\]/g, ' ').match(/[A-Za-z_]\w*/g);
      const name = fnPtr?.[1] ?? names?.[names.length - 1];
      if (name) this.out.add(name);
    }
    this.stmt = '';
    this.inTypedef = false;
  }
}
