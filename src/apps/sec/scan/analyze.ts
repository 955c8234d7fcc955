import { loadLanguage, parseSource, type LanguageId, type SyntaxNode } from '../../../lang/tree-sitter.js';
import { describeError } from '../../../util/errors.js';
import { analyzeCFiles } from '../c/index.js';
import type { FileInput, RawFinding } from '../finding.js';
import { analyzeHygiene } from '../hygiene/index.js';
import { analyzeRust } from '../rust/index.js';
import { unterminatedComment } from './comments.js';
import { applySuppressions, fileIgnored } from './suppress.js';

/** What the analysis of one file produced; crosses the worker boundary, so plain data only. */
export interface FileOutcome {
  file: string;
  findings: RawFinding[];
  parseErrors: number;
  suppressed: number;
  /** set when a checker failed on this file; the file is listed as skipped */
  error?: string;
}

async function withTree<T>(input: FileInput, fn: (root: SyntaxNode) => T): Promise<T> {
  // Loading the grammar first also initialises the wasm runtime before a Parser is constructed.
  await loadLanguage(input.language);
  const tree = await parseSource(input.source, input.language);
  try {
    return fn(tree.rootNode);
  } finally {
    tree.delete();
  }
}

function countErrors(root: SyntaxNode): number {
  return root.hasError ? root.descendantsOfType('ERROR').length + (root.type === 'ERROR' ? 1 : 0) : 0;
}

/** The data-flow engine on the whole group (so summaries cross files); one file at a time if the group fails. */
async function cEngine(inputs: FileInput[]): Promise<Map<string, { findings: RawFinding[]; parseErrors: number } | string>> {
  const out = new Map<string, { findings: RawFinding[]; parseErrors: number } | string>();
  if (inputs.length === 0) return out;
  try {
    for (const r of await analyzeCFiles(inputs)) out.set(r.file, { findings: r.findings, parseErrors: r.parseErrors });
    return out;
  } catch (groupError) {
    if (inputs.length === 1) {
      out.set(inputs[0]?.file ?? '', `C engine failed: ${describeError(groupError)}`);
      return out;
    }
  }
  for (const input of inputs) {
    try {
      for (const r of await analyzeCFiles([input])) out.set(r.file, { findings: r.findings, parseErrors: r.parseErrors });
    } catch (e) {
      out.set(input.file, `C engine failed: ${describeError(e)}`);
    }
  }
  return out;
}

const isC = (l: LanguageId) => l === 'c' || l === 'cpp';

/** Runs every checker that applies to the group's files; never throws for a bad file. */
export async function analyzeTask(inputs: FileInput[]): Promise<FileOutcome[]> {
  const outcomes: FileOutcome[] = [];
  const live = inputs.filter((i) => {
    if (!fileIgnored(i.source)) return true;
    outcomes.push({ file: i.file, findings: [], parseErrors: 0, suppressed: 0 });
    return false;
  });
  const engine = await cEngine(live.filter((i) => isC(i.language)));
  for (const input of live) {
    const findings: RawFinding[] = [];
    const errors: string[] = [];
    let parseErrors = 0;
    if (isC(input.language)) {
      const res = engine.get(input.file);
      if (typeof res === 'string') errors.push(res);
      else if (res) {
        findings.push(...res.findings);
        parseErrors = res.parseErrors;
      }
    }
    try {
      await withTree(input, (root) => {
        if (isC(input.language)) findings.push(...analyzeHygiene(root, input.file));
        else {
          findings.push(...analyzeRust(root, input.file));
          parseErrors = countErrors(root);
        }
      });
    } catch (e) {
      errors.push(`${input.language === 'rust' ? 'Rust' : 'hygiene'} checks failed: ${describeError(e)}`);
    }
    const open = unterminatedComment(input.source, input.language);
    const visible = open ? findings.filter((f) => f.line < open.line || (f.line === open.line && (f.column ?? 0) < open.column)) : findings;
    const { kept, suppressed } = applySuppressions(input.source, visible);
    outcomes.push({ file: input.file, findings: kept, parseErrors, suppressed, ...(errors.length ? { error: errors.join('; ') } : {}) });
  }
  return outcomes;
}
