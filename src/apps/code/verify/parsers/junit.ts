import { XMLParser } from 'fast-xml-parser';
import type { Diagnostic } from '../diagnostic.js';

/**
 * JUnit XML test reports (docs/jca.md, "Output parsers"): what ctest (`--output-junit`), pytest
 * (`--junitxml`) and googletest (`GTEST_OUTPUT=xml:`) write beside their text output. Each
 * failing or erroring `<testcase>` is one diagnostic: the test's full name, its place (the
 * first `file:line` of the message, where googletest puts the assertion; else the report's
 * `file`/`line` attributes; else the last of the failure text, where pytest puts the failing
 * line) and the message's first lines.
 */

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  textNodeName: '#text',
  // a suite of one case and a case of one failure still come back as lists
  isArray: (name) => ['testsuite', 'testcase', 'failure', 'error'].includes(name),
  parseTagValue: false,
  parseAttributeValue: false,
  // pytest writes the line breaks of a message as &#10;
  htmlEntities: true,
});

type Node = Record<string, unknown>;

const PLACE = /(?:^|\s)([\w./+-]+\.[A-Za-z0-9]+):(\d+)(?::|\s|$)/gm;

export function parseJUnitXml(xml: string, source = 'junit'): Diagnostic[] {
  let doc: Node;
  try {
    doc = parser.parse(xml) as Node;
  } catch {
    // a report cut off by a crash: the text parsers still have the output
    return [];
  }
  const out: Diagnostic[] = [];
  for (const tc of cases(doc)) {
    const problems = [...list(tc.failure), ...list(tc.error)];
    if (problems.length === 0) continue;
    const p = problems[0] as Node | string;
    const message = typeof p === 'string' ? '' : str(p.message);
    const body = typeof p === 'string' ? p : str(p['#text']);
    const name = str(tc.name);
    const cls = str(tc.classname);
    const test = cls && cls !== name ? `${cls}.${name}` : name;
    const fileAttr = str(tc.file);
    const lineAttr = Number(str(tc.line));
    // the assertion's place (googletest's message) beats the test's own (its TEST line)
    const attrPlace = fileAttr ? { file: fileAttr, line: Number.isFinite(lineAttr) && lineAttr > 0 ? lineAttr : undefined } : undefined;
    const place = firstPlace(message) ?? attrPlace ?? lastPlace(body);
    out.push({
      kind: 'test',
      source,
      test,
      ...(place?.file ? { file: place.file } : {}),
      ...(place?.line !== undefined ? { line: place.line } : {}),
      message: summary(message, body, str(tc['system-out'])),
    });
  }
  return out;
}

function cases(doc: Node): Node[] {
  const out: Node[] = [];
  const walk = (n: unknown): void => {
    if (Array.isArray(n)) return n.forEach(walk);
    if (typeof n !== 'object' || n === null) return;
    const node = n as Node;
    for (const tc of list(node.testcase)) if (typeof tc === 'object' && tc !== null) out.push(tc as Node);
    walk(node.testsuites);
    walk(node.testsuite);
  };
  walk(doc);
  return out;
}

function list(v: unknown): unknown[] {
  return v === undefined ? [] : Array.isArray(v) ? v : [v];
}

function str(v: unknown): string {
  if (typeof v === 'string') return v;
  if (typeof v === 'number') return String(v);
  if (typeof v === 'object' && v !== null && '#text' in v) return str((v as Node)['#text']);
  return '';
}

function firstPlace(text: string): { file: string; line: number } | undefined {
  PLACE.lastIndex = 0;
  const m = PLACE.exec(text);
  return m ? { file: m[1] as string, line: Number(m[2]) } : undefined;
}

function lastPlace(text: string): { file: string; line: number } | undefined {
  let last: { file: string; line: number } | undefined;
  for (const m of text.matchAll(PLACE)) last = { file: m[1] as string, line: Number(m[2]) };
  return last;
}

/** The message without its own `file:line` line, up to 4 lines; ctest's bare "Failed" takes the end of the test's output. */
function summary(message: string, body: string, out: string): string {
  const lines = (text: string) =>
    text
      .split('\n')
      .map((l) => l.trimEnd())
      .filter((l) => l.trim() !== '' && !/^[\w./+-]+\.[A-Za-z0-9]+:\d+:?$/.test(l.trim()));
  let picked = lines(message);
  if (picked.length === 0 || /^(failed|failure)$/i.test(picked.join(' ').trim())) {
    const tail = lines(out).slice(-4);
    picked = tail.length > 0 ? tail : lines(body).slice(-4);
  }
  return picked.slice(0, 4).join('\n') || 'failed';
}
