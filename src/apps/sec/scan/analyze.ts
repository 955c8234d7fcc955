import { withSyntaxTree, type LanguageId, type SyntaxNode } from '../../../lang/tree-sitter.js';
import { describeError } from '../../../util/errors.js';
import { analyzeCFiles } from '../c/index.js';
import type { ProjectIndex } from '../c/project.js';
import type { FileInput, RawFinding } from '../finding.js';
import { analyzeHygiene, HYGIENE_NODE_TYPES } from '../hygiene/index.js';
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

function withTree<T>(input: FileInput, fn: (root: SyntaxNode) => T): Promise<T> {
  return withSyntaxTree(input.source, input.language, fn);
}

function countErrors(root: SyntaxNode): number {
  return root.hasError ? root.descendantsOfType('ERROR').length + (root.type === 'ERROR' ? 1 : 0) : 0;
}

interface CFileOutcome {
  findings: RawFinding[];
  parseErrors: number;
}
type HygieneOutcome = RawFinding[] | string;

/**
 * The data-flow engine on the whole group (so summaries cross files), with the hygiene rules run
 * on the engine's own tree of each file, so every file is parsed once. One file at a time if the
 * group fails.
 */
async function cEngine(inputs: FileInput[], project: ProjectIndex | undefined): Promise<{ engine: Map<string, CFileOutcome | string>; hygiene: Map<string, HygieneOutcome> }> {
  const engine = new Map<string, CFileOutcome | string>();
  const hygiene = new Map<string, HygieneOutcome>();
  if (inputs.length === 0) return { engine, hygiene };
  // A hygiene failure stays with its file; throwing here would abort the whole group's engine run.
  const onTree = (input: FileInput, root: SyntaxNode, picked?: SyntaxNode[]): void => {
    try {
      hygiene.set(input.file, analyzeHygiene(root, input.file, picked));
    } catch (e) {
      hygiene.set(input.file, `hygiene checks failed: ${describeError(e)}`);
    }
  };
  const run = async (group: FileInput[]): Promise<void> => {
    for (const r of await analyzeCFiles(group, { onTree, project, pick: HYGIENE_NODE_TYPES })) engine.set(r.file, { findings: r.findings, parseErrors: r.parseErrors });
  };
  try {
    await run(inputs);
    return { engine, hygiene };
  } catch (groupError) {
    if (inputs.length === 1) {
      engine.set(inputs[0]?.file ?? '', `C engine failed: ${describeError(groupError)}`);
      return { engine, hygiene };
    }
  }
  for (const input of inputs) {
    try {
      await run([input]);
    } catch (e) {
      engine.set(input.file, `C engine failed: ${describeError(e)}`);
    }
  }
  return { engine, hygiene };
}

const isC = (l: LanguageId) => l === 'c' || l === 'cpp';

/** Runs every checker that applies to the group's files; never throws for a bad file. */
export async function analyzeTask(inputs: FileInput[], project?: ProjectIndex): Promise<FileOutcome[]> {
  const outcomes: FileOutcome[] = [];
  const live = inputs.filter((i) => {
    if (!fileIgnored(i.source)) return true;
    outcomes.push({ file: i.file, findings: [], parseErrors: 0, suppressed: 0 });
    return false;
  });
  const { engine, hygiene } = await cEngine(live.filter((i) => isC(i.language)), project);
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
    // The engine's tree already served the hygiene rules unless it never produced one for this file.
    const shared = isC(input.language) ? hygiene.get(input.file) : undefined;
    if (typeof shared === 'string') errors.push(shared);
    else if (shared) findings.push(...shared);
    else {
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
    }
    const open = unterminatedComment(input.source, input.language);
    const visible = open ? findings.filter((f) => f.line < open.line || (f.line === open.line && (f.column ?? 0) < open.column)) : findings;
    const { kept, suppressed } = applySuppressions(input.source, visible);
    outcomes.push({ file: input.file, findings: kept, parseErrors, suppressed, ...(errors.length ? { error: errors.join('; ') } : {}) });
  }
  return outcomes;
}
