/**
 * `npm run bench c2rust-optimize`: jc2r optimize on the unsafe-heavy crates in bench/crates/
 * (raw-pointer ports of small C programs, written for this benchmark). For each crate:
 *  - the unsafe pass alone (batch-and-repair) against the one-at-a-time baseline, both from a
 *    cold target dir: unsafe lines before/after, sites kept, cargo runs, wall time;
 *  - all passes together: what they change and what they cost.
 * Every run ends with `cargo test` passing, or the figures are marked FAILED.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { globSync } from 'tinyglobby';
import { Cargo } from '../src/apps/c2rust/optimize/cargo.js';
import { optimizeCrate } from '../src/apps/c2rust/optimize/optimizer.js';
import { parseRust } from '../src/apps/c2rust/optimize/rust-syntax.js';
import { applyEdits } from '../src/apps/c2rust/optimize/text-edits.js';
import { findUnsafeCandidates, unsafeLines } from '../src/apps/c2rust/optimize/unsafe-candidates.js';
import { formatTable } from '../src/util/output.js';

const here = dirname(fileURLToPath(import.meta.url));
const CRATES = ['utf8_rs', 'dlist_rs', 'strbuf_rs'];

function copyCrate(name: string, root: string, tag: string): string {
  const dest = join(root, `${name}-${tag}`);
  cpSync(join(here, 'crates', name), dest, { recursive: true, filter: (src) => !/[\\/](target|Cargo\.lock|\.jarvis)$/.test(src) });
  return dest;
}

async function countUnsafe(dir: string): Promise<number> {
  let n = 0;
  for (const f of globSync(['src/**/*.rs'], { cwd: dir })) {
    const tree = await parseRust(readFileSync(join(dir, f), 'utf8'));
    n += unsafeLines(tree);
    tree.delete();
  }
  return n;
}

/** The approach the seed describes: drop one `unsafe` at a time and build after each. */
async function oneAtATime(dir: string, env: NodeJS.ProcessEnv): Promise<{ runs: number; kept: number; removed: number; ms: number; ok: boolean }> {
  const started = performance.now();
  const cargo = new Cargo({ crateDir: dir, env });
  let kept = 0;
  let removed = 0;
  for (const f of globSync(['src/**/*.rs'], { cwd: dir }).sort()) {
    const original = readFileSync(join(dir, f), 'utf8');
    const tree = await parseRust(original);
    const cands = findUnsafeCandidates(f, original, tree, 0);
    tree.delete();
    const applied: typeof cands = [];
    for (const c of cands) {
      writeFileSync(join(dir, f), applyEdits(original, [...applied, c].flatMap((x) => x.edits)));
      if ((await cargo.check()).ok) {
        applied.push(c);
        removed++;
      } else kept++;
    }
    writeFileSync(join(dir, f), applyEdits(original, applied.flatMap((x) => x.edits)));
  }
  const ok = (await cargo.test()).ok;
  return { runs: cargo.runs, kept, removed, ms: performance.now() - started, ok };
}

export default async function bench(): Promise<void> {
  const root = mkdtempSync(join(tmpdir(), 'jc2r-opt-bench-'));
  const rows: string[][] = [['crate', 'method', 'unsafe lines before', 'after', 'sites removed', 'kept', 'cargo runs', 'wall s', 'tests']];
  const full: string[][] = [['crate', 'unsafe lines', 'unsafe removed/kept', 'pub narrowed', 'dups tagged', 'docs added', 'cargo runs', 'wall s', 'errors']];
  try {
    for (const name of CRATES) {
      const batchDir = copyCrate(name, root, 'batch');
      const before = await countUnsafe(batchDir);
      const batch = await optimizeCrate({
        cwd: batchDir,
        passes: { unsafe: true, structure: false, visibility: false, doc: false },
        resume: false,
        resetProgress: true,
        maxChecks: 0,
        dryRun: false,
        buildFixRetries: 2,
        gitGuard: true,
        cargoEnv: { CARGO_TARGET_DIR: join(root, `target-${name}-batch`) },
      });
      rows.push([
        name,
        'batch + repair',
        String(before),
        String(batch.unsafe_lines_after),
        String(batch.unsafe_removed),
        String(batch.unsafe_kept),
        String(batch.cargo_runs),
        (batch.duration_ms / 1000).toFixed(1),
        batch.errors.length === 0 ? 'pass' : `FAILED: ${batch.errors.join('; ')}`,
      ]);

      const seqDir = copyCrate(name, root, 'seq');
      const seq = await oneAtATime(seqDir, { CARGO_TARGET_DIR: join(root, `target-${name}-seq`) });
      rows.push([name, 'one at a time', String(before), String(await countUnsafe(seqDir)), String(seq.removed), String(seq.kept), String(seq.runs), (seq.ms / 1000).toFixed(1), seq.ok ? 'pass' : 'FAILED']);

      const allDir = copyCrate(name, root, 'all');
      const all = await optimizeCrate({
        cwd: allDir,
        passes: { unsafe: true, structure: true, visibility: true, doc: true },
        resume: false,
        resetProgress: true,
        maxChecks: 0,
        dryRun: false,
        buildFixRetries: 2,
        gitGuard: true,
        cargoEnv: { CARGO_TARGET_DIR: join(root, `target-${name}-all`) },
      });
      full.push([
        name,
        `${all.unsafe_lines_before} -> ${all.unsafe_lines_after}`,
        `${all.unsafe_removed}/${all.unsafe_kept}`,
        String(all.visibility_narrowed),
        String(all.duplicates_tagged),
        String(all.docs_added),
        String(all.cargo_runs),
        (all.duration_ms / 1000).toFixed(1),
        String(all.errors.length),
      ]);
    }
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
  console.log('unsafe pass alone, cold target dir each (cargo runs include the final cargo test):');
  console.log(formatTable(rows));
  console.log('\nall passes (unsafe, structure, visibility, doc), git guard on:');
  console.log(formatTable(full));
}
