import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Tree } from '../../../lang/index.js';
import { repairPassCandidates, type Candidate, type LocatedError } from './batch-repair.js';
import { crateSources, externalUseFiles, modulePath } from './crate.js';
import type { PassInput, PassResult } from './pass.js';
import { attributes, descendantsOfType, identifiers, parseRust, visibility, visitItems } from './rust-syntax.js';

const NARROWABLE = new Set(['function_item', 'struct_item', 'enum_item', 'union_item', 'type_item', 'const_item', 'static_item', 'trait_item']);

/**
 * Names something outside the library may reach: every identifier of tests, examples,
 * benches, binaries and other workspace members, of `pub use` re-exports, of doc comments
 * (doc-tests compile outside the crate) and of macro bodies (`$crate::…` expands elsewhere).
 */
async function namesNeededOutside(crateDir: string): Promise<{ names: Set<string>; globModules: Set<string> }> {
  const names = new Set<string>();
  const globModules = new Set<string>();
  const hasLib = existsSync(join(crateDir, 'src', 'lib.rs'));
  // Without a library the binaries are the crate itself, not outside users of it.
  const outside = hasLib ? externalUseFiles(crateDir) : externalUseFiles(crateDir).filter((f) => !/[\\/]src[\\/](main\.rs|bin[\\/])/.test(f));
  for (const f of outside) for (const id of identifiers(readFileSync(f, 'utf8'))) names.add(id);
  for (const rel of crateSources(crateDir)) {
    const text = readFileSync(join(crateDir, rel), 'utf8');
    const tree = await parseRust(text);
    try {
      for (const use of descendantsOfType(tree.rootNode, 'use_declaration')) {
        if (!visibility(use)?.text.startsWith('pub')) continue;
        for (const id of identifiers(use.text)) names.add(id);
        const glob = /([A-Za-z_][A-Za-z0-9_]*)\s*::\s*\*/.exec(use.text);
        if (glob?.[1]) globModules.add(glob[1]);
      }
      for (const c of [...descendantsOfType(tree.rootNode, 'line_comment'), ...descendantsOfType(tree.rootNode, 'block_comment')]) {
        if (c.children.some((m) => m?.type === 'outer_doc_comment_marker' || m?.type === 'inner_doc_comment_marker')) {
          for (const id of identifiers(c.text)) names.add(id);
        }
      }
      for (const m of descendantsOfType(tree.rootNode, 'macro_definition')) for (const id of identifiers(m.text)) names.add(id);
    } finally {
      tree.delete();
    }
  }
  return { names, globModules };
}

interface VisCandidate extends Candidate {
  name: string;
}

export function findVisibilityCandidates(
  file: string,
  tree: Tree,
  firstId: number,
  keep: { names: ReadonlySet<string>; globModules: ReadonlySet<string> },
): VisCandidate[] {
  const out: VisCandidate[] = [];
  const fileMod = modulePath(file);
  const isRoot = file === 'src/lib.rs';
  visitItems(tree.rootNode, (node, ctx) => {
    if (!NARROWABLE.has(node.type) || ctx.inTrait || ctx.inFn) return;
    const vis = visibility(node);
    const name = node.childForFieldName('name')?.text;
    if (!vis || vis.text !== 'pub' || !name) return;
    // Items written in lib.rs itself are the crate's declared API.
    if (isRoot && ctx.modPath.length === 0) return;
    if (keep.names.has(name)) return;
    const mod = [...fileMod, ...ctx.modPath];
    if (mod.some((m) => keep.globModules.has(m))) return;
    const attrs = attributes(node).join(' ');
    // Exported symbols are called from C, which we cannot see. (An `extern "C"` ABI alone
    // exports nothing: without `#[no_mangle]` C cannot name the function.)
    if (/no_mangle|export_name/.test(attrs)) return;
    out.push({
      id: firstId + out.length,
      file,
      kind: node.type,
      name,
      region: { start: node.startIndex, end: node.endIndex },
      edits: [{ start: vis.startIndex, end: vis.endIndex, text: 'pub(crate)' }],
    });
  });
  return out;
}

/** Narrows `pub` to `pub(crate)` where no user outside the library needs the item. */
export async function runVisibilityPass(input: PassInput): Promise<PassResult> {
  const keep = await namesNeededOutside(input.crateDir);
  const candidates: VisCandidate[] = [];
  for (const [file, text] of input.texts) {
    const tree = await parseRust(text);
    try {
      candidates.push(...findVisibilityCandidates(file, tree, candidates.length, keep));
    } finally {
      tree.delete();
    }
  }
  const counts: Record<string, number> = { visibility_candidates: candidates.length, visibility_narrowed: 0, visibility_kept: 0 };
  if (input.dryRun || candidates.length === 0) return { texts: new Map(), counts, notes: [] };

  const blame = (errors: LocatedError[], applied: ReadonlySet<number>): Set<number> => {
    const live = candidates.filter((c) => applied.has(c.id));
    const undo = new Set<number>();
    for (const e of errors) {
      const before = undo.size;
      // "defined here" notes point at the narrowed item itself.
      for (const s of e.spans) for (const c of live) if (c.file === s.file && c.region.start <= s.start && s.end <= c.region.end) undo.add(c.id);
      if (undo.size > before) continue;
      const mentioned = new Set([...e.foreign, ...e.spans.map((s) => s.highlighted)].flatMap((t) => [...identifiers(t)]));
      for (const c of live) if (mentioned.has(c.name)) undo.add(c.id);
    }
    return undo;
  };
  // A narrowed type in a signature that stays public makes that API unusable outside.
  const { originals, result } = await repairPassCandidates(input, candidates, blame, new Set(['private_interfaces', 'private_bounds']));
  if (!result.ok) return { texts: result.texts, counts, failure: result.failure, notes: [] };
  counts.visibility_narrowed = result.applied.size;
  counts.visibility_kept = candidates.length - result.applied.size;
  const texts = new Map([...result.texts].filter(([f, t]) => t !== originals.get(f)));
  const notes = candidates.filter((c) => result.applied.has(c.id)).map((c) => `${c.file}: ${c.name} -> pub(crate)`);
  return { texts, counts, notes };
}
