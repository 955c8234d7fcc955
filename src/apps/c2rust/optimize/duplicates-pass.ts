import { resolve } from 'node:path';
import { writeFileAtomicSync } from '../../../util/index.js';
import { duplicatePairs, indexFunctions } from './fn-index.js';
import { mergeDuplicates } from './merge-duplicates.js';
import type { PassInput, PassResult } from './pass.js';
import { applyEdits, type TextEdit } from './text-edits.js';

export { normalisedKey } from './fn-index.js';

/**
 * Tags each function whose normalised body repeats an earlier one with `/// Duplicate of path`;
 * with a model, then merges the pairs that are safe to merge (merge-duplicates.ts). A merge
 * cargo rejects is undone and its tag stays.
 */
export async function runDuplicatesPass(input: PassInput): Promise<PassResult> {
  const tags = new Map<string, TextEdit[]>();
  const notes: string[] = [];
  let tagged = 0;
  for (const { kept, dup } of duplicatePairs(await indexFunctions(input.texts))) {
    if (dup.tagged) continue;
    // First among the item's docs and attributes, so rustdoc shows it as the summary.
    tags.set(dup.file, [...(tags.get(dup.file) ?? []), { start: dup.headStart, end: dup.headStart, text: `/// Duplicate of ${kept.path}\n${dup.indent}` }]);
    notes.push(`${dup.path} duplicates ${kept.path}`);
    tagged++;
  }
  const texts = new Map<string, string>();
  for (const [file, edits] of tags) {
    const next = applyEdits(input.texts.get(file) ?? '', edits);
    texts.set(file, next);
    if (!input.dryRun) writeFileAtomicSync(resolve(input.crateDir, file), next);
  }
  const counts: Record<string, number> = { duplicates_tagged: tagged };
  if (input.dryRun || !input.agents) return { texts: input.dryRun ? new Map() : texts, counts, notes };

  const merge = await mergeDuplicates({ ...input, agents: input.agents, texts: new Map([...input.texts].map(([f, t]) => [f, texts.get(f) ?? t])) });
  for (const [f, t] of merge.texts) texts.set(f, t);
  counts.duplicates_merged = merge.merged;
  counts.merge_model_calls = merge.modelCalls;
  return { texts, counts, notes: [...notes, ...merge.notes], ...(merge.failure ? { failure: merge.failure } : {}) };
}
