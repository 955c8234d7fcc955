/**
 * From a PATCH or REWRITE tag block to a typed request. Errors say which DIFF and what is
 * missing, and `forModel` appends the usage help, so they can be sent back verbatim.
 */
import { JarvisError } from '../util/index.js';
import type { DiffSpec, LineRange, PatchRequest, RewriteRequest } from './types.js';
import { PATCH_USAGE, REWRITE_USAGE } from './usage.js';

/** A block as a streaming tag parser yields it. */
export interface TagBlock {
  name: string;
  attributes: Record<string, string>;
  body: string;
}

export class EditBlockError extends JarvisError {
  readonly usage: string;
  constructor(message: string, usage: string) {
    super('parse', message, { hint: 'see the PATCH/REWRITE format in docs/edit.md' });
    this.name = 'EditBlockError';
    this.usage = usage;
  }

  /** The message and the usage help, ready to be the next message to the model. */
  get forModel(): string {
    return `${this.message}\n\n${this.usage}`;
  }
}

const ELEMENTS = ['RANGE', 'SEARCH_START', 'SEARCH_END', 'SEARCH', 'REPLACE'] as const;
type Element = (typeof ELEMENTS)[number];
const NEXT_TAG = new RegExp(`^\\s*(?:<(?:${ELEMENTS.join('|')})>|</DIFF>)`);

export function parsePatchBlock(input: string | TagBlock): PatchRequest {
  const fail = (m: string): never => {
    throw new EditBlockError(`Invalid <PATCH> block: ${m}.`, PATCH_USAGE);
  };
  const block = typeof input === 'string' ? splitBlock(input, 'PATCH', fail, false) : fromTag(input, 'PATCH', fail);
  const diffs = parseDiffs(block.body, fail);
  if (diffs.length === 0) fail('it contains no <DIFF> block');
  return { file: block.file, diffs };
}

export function parseRewriteBlock(input: string | TagBlock): RewriteRequest {
  const fail = (m: string): never => {
    throw new EditBlockError(`Invalid <REWRITE> block: ${m}.`, REWRITE_USAGE);
  };
  const block = typeof input === 'string' ? splitBlock(input, 'REWRITE', fail, true) : fromTag(input, 'REWRITE', fail);
  return { file: block.file, content: stripLead(block.body) };
}

function fromTag(t: TagBlock, name: string, fail: (m: string) => never): { file: string; body: string } {
  if (t.name.toUpperCase() !== name) fail(`expected a <${name}> block, got <${t.name}>`);
  return { file: fileOf(t.attributes, name, fail), body: t.body };
}

/**
 * Splits `<NAME attrs>body</NAME>`. The close tag is the last one in the text, so file content
 * may itself mention the tag. A missing close tag is tolerated for PATCH (its DIFFs show
 * truncation) but not for REWRITE, where it would mean writing a cut-off file.
 */
function splitBlock(text: string, name: string, fail: (m: string) => never, needClose: boolean): { file: string; body: string } {
  const open = new RegExp(`^\\s*<${name}\\b([^>\\n]*)>`).exec(text);
  if (!open) fail(`it must start with <${name} file=...>`);
  const attrs = parseAttributes((open as RegExpExecArray)[1] ?? '', name, fail);
  const from = (open as RegExpExecArray)[0].length;
  const close = text.lastIndexOf(`</${name}>`);
  if (close < from) {
    if (needClose) fail(`missing </${name}> at the start of a line (the content may be cut off; nothing was written)`);
    return { file: fileOf(attrs, name, fail), body: text.slice(from) };
  }
  return { file: fileOf(attrs, name, fail), body: text.slice(from, close) };
}

function parseAttributes(src: string, name: string, fail: (m: string) => never): Record<string, string> {
  const out: Record<string, string> = {};
  const re = /\s*([A-Za-z_][\w-]*)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/y;
  let pos = 0;
  while (pos < src.length) {
    if (src.slice(pos).trim() === '') break;
    re.lastIndex = pos;
    const m = re.exec(src);
    if (!m) fail(`cannot read the attributes of <${name}${src}>; write <${name} file=path> or <${name} file="path with spaces">`);
    const mm = m as RegExpExecArray;
    out[(mm[1] as string).toLowerCase()] = mm[2] ?? mm[3] ?? mm[4] ?? '';
    pos = re.lastIndex;
  }
  return out;
}

function fileOf(attrs: Record<string, string>, name: string, fail: (m: string) => never): string {
  const file = Object.hasOwn(attrs, 'file') ? attrs.file?.trim() : undefined;
  if (!file) fail(`the <${name}> tag needs a file attribute, e.g. <${name} file=src/main.c>`);
  return file as string;
}

/** One line break right after an opening tag is layout, not content (as in HTML <pre>). */
function stripLead(s: string): string {
  return s.startsWith('\r\n') ? s.slice(2) : s.startsWith('\n') ? s.slice(1) : s;
}

function snippet(s: string): string {
  const line = s.trimStart().split('\n')[0] ?? '';
  return JSON.stringify(line.length > 40 ? `${line.slice(0, 40)}…` : line);
}

function parseDiffs(body: string, fail: (m: string) => never): DiffSpec[] {
  const diffs: DiffSpec[] = [];
  let pos = 0;
  for (;;) {
    pos = skipSpace(body, pos);
    if (pos >= body.length) return diffs;
    const n = diffs.length + 1;
    if (!body.startsWith('<DIFF>', pos)) {
      const tag = /^<([A-Z_]+)>/.exec(body.slice(pos))?.[1];
      if (tag && (ELEMENTS as readonly string[]).includes(tag)) fail(`DIFF ${n}: <${tag}> must be inside <DIFF>...</DIFF>`);
      fail(`expected <DIFF> ${n === 1 ? 'first' : `after DIFF ${n - 1}`}, found ${snippet(body.slice(pos))}`);
    }
    pos += '<DIFF>'.length;
    const fields: Partial<Record<Element, string>> = {};
    for (;;) {
      pos = skipSpace(body, pos);
      if (body.startsWith('</DIFF>', pos)) {
        pos += '</DIFF>'.length;
        break;
      }
      if (pos >= body.length) fail(`DIFF ${n} is not closed: missing </DIFF>`);
      const tag = /^<([A-Z_]+)>/.exec(body.slice(pos, pos + 40))?.[1];
      if (!tag) fail(`DIFF ${n}: expected <SEARCH>, <REPLACE>, <SEARCH_START>, <SEARCH_END> or <RANGE>, found ${snippet(body.slice(pos))}`);
      if (tag === 'DIFF') fail(`DIFF ${n} is not closed before the next <DIFF>: add </DIFF>`);
      if (!(ELEMENTS as readonly string[]).includes(tag as string)) {
        fail(`DIFF ${n}: unknown tag <${tag}>; a DIFF holds <SEARCH>, <REPLACE>, <SEARCH_START>, <SEARCH_END> and <RANGE>`);
      }
      const el = tag as Element;
      if (fields[el] !== undefined) fail(`DIFF ${n} has two <${el}> blocks; start a new <DIFF> for another change`);
      const start = pos + el.length + 2;
      const close = findClose(body, el, start);
      if (close === -1) fail(`DIFF ${n}: <${el}> is not closed: missing </${el}>`);
      fields[el] = stripLead(body.slice(start, close));
      pos = close + el.length + 3;
    }
    diffs.push(buildDiff(fields, n, fail));
  }
}

function skipSpace(s: string, pos: number): number {
  while (pos < s.length && /\s/.test(s[pos] as string)) pos++;
  return pos;
}

/** The first </EL> followed by another DIFF tag, so content may contain the close tag itself. */
function findClose(body: string, el: Element, from: number): number {
  const closeTag = `</${el}>`;
  let first = -1;
  for (let i = body.indexOf(closeTag, from); i !== -1; i = body.indexOf(closeTag, i + 1)) {
    if (first === -1) first = i;
    if (NEXT_TAG.test(body.slice(i + closeTag.length, i + closeTag.length + 200))) return i;
  }
  return first;
}

function buildDiff(f: Partial<Record<Element, string>>, n: number, fail: (m: string) => never): DiffSpec {
  const range = f.RANGE === undefined ? undefined : parseRange(f.RANGE, n, fail);
  const hasSpan = f.SEARCH_START !== undefined || f.SEARCH_END !== undefined;
  if (f.SEARCH !== undefined && hasSpan) fail(`DIFF ${n} mixes <SEARCH> with <SEARCH_START>/<SEARCH_END>; use one form per DIFF`);
  if (f.SEARCH === undefined && !hasSpan) fail(`DIFF ${n} has no <SEARCH> (or <SEARCH_START> and <SEARCH_END>)`);
  if (f.REPLACE === undefined) fail(`DIFF ${n} has no <REPLACE>; an empty <REPLACE></REPLACE> deletes the matched text`);
  const replace = f.REPLACE as string;
  const withRange = <T extends object>(d: T): T & { range?: LineRange } => (range ? { ...d, range } : d);
  if (f.SEARCH !== undefined) return withRange({ kind: 'search' as const, search: f.SEARCH, replace });
  if (f.SEARCH_START === undefined) fail(`DIFF ${n} has <SEARCH_END> but no <SEARCH_START>`);
  if (f.SEARCH_END === undefined) fail(`DIFF ${n} has <SEARCH_START> but no <SEARCH_END>`);
  if ((f.SEARCH_START as string).trim() === '') fail(`DIFF ${n}: <SEARCH_START> is empty`);
  if ((f.SEARCH_END as string).trim() === '') fail(`DIFF ${n}: <SEARCH_END> is empty`);
  return withRange({ kind: 'span' as const, start: f.SEARCH_START as string, end: f.SEARCH_END as string, replace });
}

function parseRange(src: string, n: number, fail: (m: string) => never): LineRange {
  const m = /^\s*(\d+)\s*-\s*(\d+)\s*$/.exec(src);
  if (!m) fail(`DIFF ${n}: <RANGE> must be two line numbers like 10-50 (1-based, inclusive), got ${JSON.stringify(src.trim())}`);
  const mm = m as RegExpExecArray;
  return { start: Number(mm[1]), end: Number(mm[2]) };
}
