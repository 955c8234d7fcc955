import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { optimizeCrate, type OptimizeOptions } from '../../src/apps/c2rust/optimize/optimizer.js';
import { countingExec, manifest, optimizeOptions, snapshotFiles, targetDirFor, tempDir, writeTree } from './crates.js';

const cargoEnv = targetDirFor('docs');
afterAll(() => rmSync(cargoEnv.CARGO_TARGET_DIR as string, { recursive: true, force: true }));

const GEO = `pub fn area(w: i32, h: i32) -> i32 {
    let r = w * h;
    if r < 0 { 0 } else { r }
}

// Same body as area, other parameter names.
pub fn surface(a: i32, b: i32) -> i32 {
    let r = a * b; // product
    if r < 0 {
        0
    } else {
        r
    }
}

pub fn perimeter(w: i32, h: i32) -> i32 {
    let r = 2 * (w + h);
    if r < 0 { 0 } else { r }
}

/// Already documented.
pub struct Point {
    pub x: i32,
    pub y: i32,
}

#[derive(Debug, Clone, Copy)]
pub enum Dir {
    North,
    South,
}
`;

const C_SOURCE = `#include <stdio.h>

/* Computes the area of a w-by-h rectangle,
 * clamped at zero. */
int area(int w, int h) {
    int r = w * h;
    return r < 0 ? 0 : r;
}
`;

function options(cwd: string, extra: Partial<OptimizeOptions> = {}): OptimizeOptions {
  return optimizeOptions(cwd, { unsafe: false, structure: true, visibility: false, doc: true }, { cargoEnv, ...extra });
}

function project(): { project: string; crate: string } {
  const root = tempDir();
  const projectDir = join(root, 'geo');
  const crate = join(root, 'geo_rs');
  writeTree(crate, { 'Cargo.toml': manifest('geo_rs'), 'src/lib.rs': 'pub mod geo;\n', 'src/geo.rs': GEO });
  writeTree(projectDir, {
    'geo.c': C_SOURCE,
    '.jarvis/c2rust/symbol_map.jsonl': `${JSON.stringify({ c_name: 'area', c_file: 'geo.c', c_start_line: 5, rust_name: 'crate::geo::area', rust_file: 'src/geo.rs' })}\n`,
  });
  return { project: projectDir, crate };
}

describe('jc2r optimize: duplicates and docs', { timeout: 180_000 }, () => {
  it('finds the sibling <dir>_rs crate, tags duplicates and adds docs from the C comment or the signature', async () => {
    const { project: cwd, crate } = project();
    const { exec, calls } = countingExec();
    const report = await optimizeCrate(options(cwd, { exec }));
    expect(report.crate_dir).toBe(crate);
    expect(report.errors).toEqual([]);
    const geo = readFileSync(join(crate, 'src/geo.rs'), 'utf8');
    expect(geo).toContain('/// Takes `a: i32`, `b: i32` and returns `i32`.\n///\n/// Duplicate of crate::geo::area\n// Same body as area, other parameter names.\npub fn surface(');
    expect(geo).not.toMatch(/Duplicate of[^\n]*\npub fn perimeter/);
    expect(report.duplicates_tagged).toBe(1);
    expect(geo).toContain('/// Computes the area of a w-by-h rectangle, clamped at zero.\npub fn area(');
    expect(geo).toContain('/// Takes `w: i32`, `h: i32` and returns `i32`.\npub fn perimeter(');
    expect(geo).toContain('/// Enum with variants `North`, `South`.\n#[derive(Debug, Clone, Copy)]\npub enum Dir');
    expect(geo).toMatch(/^\/\/! Rust port of `geo.c`: `area`, `surface`, `perimeter`, `Point`, `Dir`\.\n/);
    expect(geo).toContain('/// Already documented.\npub struct Point');
    expect(geo.match(/\/\/\//g)?.length).toBe(7);
    expect(readFileSync(join(crate, 'src/lib.rs'), 'utf8')).toBe('//! Module `crate`: `geo`.\npub mod geo;\n');
    expect(report.docs_added).toBe(6);
    // Comment-only passes are verified by one cargo test each.
    expect(calls.map((c) => c[1])).toEqual(['test', 'test']);
    // The report and progress go to the project, not the crate.
    expect(existsSync(join(cwd, '.jarvis/c2rust/optimize_report.json'))).toBe(true);
    expect(existsSync(join(crate, '.jarvis'))).toBe(false);
  });

  it('--dry-run counts what would change and leaves every file unchanged', async () => {
    const { project: cwd, crate } = project();
    const before = { ...snapshotFiles(crate), ...snapshotFiles(cwd) };
    const { exec, calls } = countingExec();
    const report = await optimizeCrate(options(cwd, { dryRun: true, exec, passes: { unsafe: true, structure: true, visibility: true, doc: true } }));
    expect(calls).toEqual([]);
    expect(report.dry_run).toBe(true);
    expect(report.duplicates_tagged).toBe(1);
    expect(report.docs_added).toBe(6);
    expect(report.passes.find((p) => p.name === 'visibility')?.counts.visibility_candidates).toBe(5);
    expect({ ...snapshotFiles(crate), ...snapshotFiles(cwd) }).toEqual(before);
    expect(existsSync(join(cwd, '.jarvis/c2rust/optimize_report.json'))).toBe(false);
    expect(existsSync(join(crate, 'Cargo.lock'))).toBe(false);
  });

  it('--max-files with --resume works through the crate in batches; --reset-progress starts over', async () => {
    const { project: cwd } = project();
    const docOnly = { unsafe: false, structure: false, visibility: false, doc: true };
    const first = await optimizeCrate(options(cwd, { passes: docOnly, maxFiles: 1 }));
    expect(first.files).toEqual(['src/geo.rs']);
    const second = await optimizeCrate(options(cwd, { passes: docOnly, maxFiles: 1 }));
    expect(second.files).toEqual(['src/lib.rs']);
    expect(second.files_skipped).toBe(1);
    const progress = JSON.parse(readFileSync(join(cwd, '.jarvis/c2rust/optimize_progress.json'), 'utf8')) as { processed: string[] };
    expect(progress.processed).toEqual(['src/geo.rs', 'src/lib.rs']);
    const third = await optimizeCrate(options(cwd, { passes: docOnly }));
    expect(third.files_scanned).toBe(0);
    expect(third.cargo_runs).toBe(0);
    const again = await optimizeCrate(options(cwd, { passes: docOnly, resetProgress: true, dryRun: true }));
    expect(again.files).toEqual(['src/geo.rs', 'src/lib.rs']);
  });
});
