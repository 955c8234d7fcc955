import { resolve } from 'node:path';
import type { SyntaxNode, Tree } from '../../../lang/index.js';
import { writeFileAtomicSync } from '../../../util/index.js';
import { innermost, repairPassCandidates, type LocatedError } from './batch-repair.js';
import type { PassInput, PassResult } from './pass.js';
import { leadingTrivia, parseRust } from './rust-syntax.js';
import { findUnsafeCandidates, insideLiteral, unsafeLines, type UnsafeCandidate } from './unsafe-candidates.js';
import { nodeAt, safetyReason } from './safety-reason.js';
import { askSafety, type SafetySite } from './model-safety.js';
import { applyEdits, indentAt, lineStart, type TextEdit } from './text-edits.js';

function hasSafetyComment(text: string, at: number): boolean {
  const start = lineStart(text, at);
  if (/SAFETY/.test(text.slice(start, at))) return true;
  // Comment lines directly above.
  let end = start - 1;
  while (end > 0) {
    const s = lineStart(text, end);
    const line = text.slice(s, end).trim();
    if (!/^(\/\/|\/\*|\*)/.test(line)) return false;
    if (/SAFETY|# Safety/.test(line)) return true;
    end = s - 1;
  }
  return false;
}

/** Removes the unsafe blocks and qualifiers the compiler does not need and documents the rest. */
export async function runUnsafePass(input: PassInput): Promise<PassResult> {
  const trees = new Map<string, Tree>();
  const candidates: UnsafeCandidate[] = [];
  let unsafeBefore = 0;
  try {
    for (const [file, text] of input.texts) {
      const tree = await parseRust(text);
      trees.set(file, tree);
      unsafeBefore += unsafeLines(tree);
      candidates.push(...findUnsafeCandidates(file, text, tree, candidates.length));
    }
    const counts: Record<string, number> = {
      unsafe_candidates: candidates.length,
      unsafe_lines_before: unsafeBefore,
      unsafe_removed: 0,
      unsafe_kept: 0,
      safety_comments_added: 0,
    };
    if (input.dryRun || candidates.length === 0) return { texts: new Map(), counts, notes: [] };

    const reasons = new Map<number, string[]>();
    const blame = (errors: LocatedError[], applied: ReadonlySet<number>): Set<number> => {
      const live = candidates.filter((c) => applied.has(c.id));
      const undo = new Set<number>();
      for (const e of errors) {
        const primary = e.spans.filter((s) => s.primary);
        for (const span of primary.length > 0 ? primary : e.spans) {
          const inner = innermost(live, span);
          if (!inner) continue;
          const tree = trees.get(span.file);
          // The function whose body holds the operation (closures share it; nested fns do not).
          let fnNode: SyntaxNode | null = tree ? nodeAt(tree.rootNode, span.start, span.end) : null;
          while (fnNode && fnNode.type !== 'function_item') fnNode = fnNode.parent;
          const owner = fnNode ? live.find((c) => c.kind === 'fn' && c.node.id === fnNode.id) : undefined;
          // A function whose body needs unsafe keeps its own `unsafe`: callers must keep
          // upholding the precondition. Before edition 2024 its body is then an unsafe
          // context and an inner block adds nothing; from 2024 on the block is required too.
          const undoNow = owner ? (input.edition >= 2024 && inner !== owner ? [owner, inner] : [owner]) : [inner];
          for (const c of undoNow) {
            undo.add(c.id);
            if (tree) reasons.set(c.id, [...(reasons.get(c.id) ?? []), safetyReason(tree.rootNode, span.start, span.end)]);
          }
        }
      }
      return undo;
    };
    // Edition 2024 warns, not errors, on an unsafe operation in an unsafe fn without a block.
    const { originals, result } = await repairPassCandidates(input, candidates, blame, new Set(['unsafe_op_in_unsafe_fn']));
    if (!result.ok) return { texts: result.texts, counts, failure: result.failure, notes: [] };

    // Re-apply the kept removals together with SAFETY comments on what stays.
    const notes: string[] = [];
    // With a model, each comment gets one call for a sharper precondition; a bad reply keeps ours.
    let modelDown = false;
    const sharper = async (site: SafetySite): Promise<string | undefined> => {
      if (!input.agents || modelDown) return undefined;
      const r = await askSafety(input.agents, site);
      // One failed call (bad key, unreachable endpoint) says the rest would fail too.
      modelDown = r.failed === true;
      counts.safety_model_calls = (counts.safety_model_calls ?? 0) + 1;
      if (r.text) counts.safety_model_texts = (counts.safety_model_texts ?? 0) + 1;
      else notes.push(`${site.file}:${site.line}: kept the derived SAFETY text (${r.fallback ?? 'no reply'})`);
      return r.text;
    };
    const texts = new Map<string, string>();
    for (const [file, original] of originals) {
      const tree = trees.get(file) as Tree;
      const edits: TextEdit[] = [];
      const kept = candidates.filter((c) => c.file === file && !result.applied.has(c.id));
      const removed = candidates.filter((c) => c.file === file && result.applied.has(c.id));
      for (const c of removed) edits.push(...c.edits);
      const commentAt = new Map<number, { indent: string; inline: boolean; reasons: string[]; site: SafetySite }>();
      for (const c of kept) {
        const why = [...new Set(reasons.get(c.id) ?? [])];
        const line = lineStart(original, c.keyword);
        const lineNo = original.slice(0, c.keyword).split('\n').length;
        notes.push(`${file}:${lineNo}: kept unsafe ${c.kind === 'fn' ? `fn ${c.name ?? ''}` : 'block'}${why.length ? ` (${why.join('; ')})` : ''}`);
        const site: SafetySite = { file, line: lineNo, kind: c.kind === 'fn' ? 'fn' : 'block', code: c.node.text, reason: why.join('; ') || 'the compiler requires unsafe here' };
        if (c.kind === 'fn') {
          const docs = leadingTrivia(c.node).map((n) => n.text).join('\n');
          if (/#\s*Safety/.test(docs)) continue;
          const indent = indentAt(original, c.node.startIndex);
          const sharp = await sharper(site);
          const text = sharp ? `${sharp}.` : why.length ? `Callers must ensure that ${why.join('; ')}.` : 'Callers must uphold the preconditions of the unsafe operations in its body.';
          edits.push({ start: c.node.startIndex, end: c.node.startIndex, text: `/// # Safety\n${indent}///\n${indent}/// ${text}\n${indent}` });
          counts.safety_comments_added = (counts.safety_comments_added ?? 0) + 1;
          continue;
        }
        if (hasSafetyComment(original, c.keyword)) continue;
        const inline = insideLiteral(tree.rootNode, line);
        const key = inline ? c.keyword : line;
        const entry = commentAt.get(key) ?? { indent: indentAt(original, line), inline, reasons: [], site };
        entry.reasons.push(...(why.length ? why : ['this operation was required by the compiler; state the precondition it relies on']));
        commentAt.set(key, entry);
      }
      for (const [at, entry] of commentAt) {
        // Several blocks on one line share a comment: the model sees the first and all reasons.
        const sharp = await sharper({ ...entry.site, reason: [...new Set(entry.reasons)].join('; ') });
        const text = `SAFETY: ${sharp ?? [...new Set(entry.reasons)].join('; ')}.`;
        edits.push({ start: at, end: at, text: entry.inline ? `/* ${text} */ ` : `${entry.indent}// ${text}\n` });
        counts.safety_comments_added = (counts.safety_comments_added ?? 0) + 1;
      }
      counts.unsafe_removed = (counts.unsafe_removed ?? 0) + removed.length;
      counts.unsafe_kept = (counts.unsafe_kept ?? 0) + kept.length;
      const next = applyEdits(original, edits);
      if (next !== original) {
        texts.set(file, next);
        writeFileAtomicSync(resolve(input.crateDir, file), next);
      }
    }
    let after = 0;
    for (const [file, text] of input.texts) {
      const tree = await parseRust(texts.get(file) ?? text);
      after += unsafeLines(tree);
      tree.delete();
    }
    counts.unsafe_lines_after = after;
    return { texts, counts, notes };
  } finally {
    for (const t of trees.values()) t.delete();
  }
}
