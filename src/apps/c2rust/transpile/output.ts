import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { formatFiles } from './rustfmt.js';

const TMP = '.jc2r-tmp-';
const OLD = '.jc2r-old-';

function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Removes temp and old directories an interrupted earlier run left beside `outDir`. */
function sweep(outDir: string): void {
  const parent = dirname(outDir);
  const base = basename(outDir);
  let names: string[];
  try {
    names = readdirSync(parent);
  } catch {
    return;
  }
  for (const n of names) {
    const m = new RegExp(`^${base.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(${TMP}|${OLD})(\\d+)-`).exec(n);
    if (m && !pidAlive(Number(m[2]))) rmSync(join(parent, n), { recursive: true, force: true });
  }
}

/** Temp directories not yet put in place; removed if the process exits first (Ctrl-C). */
const pending = new Set<string>();
let exitHook = false;

function removePending(): void {
  for (const dir of pending) rmSync(dir, { recursive: true, force: true });
  pending.clear();
}

/** Writes the crate into a fresh directory beside `outDir` and formats it there. */
export async function formatAndWrite(outDir: string, files: Map<string, string>): Promise<{ dir: string; formatNotice?: string }> {
  sweep(outDir);
  const dir = `${outDir}${TMP}${process.pid}-${Date.now()}`;
  if (!exitHook) {
    process.once('exit', removePending);
    exitHook = true;
  }
  pending.add(dir);
  mkdirSync(dir, { recursive: true });
  try {
    for (const [rel, text] of files) {
      const p = join(dir, rel);
      mkdirSync(dirname(p), { recursive: true });
      writeFileSync(p, text);
    }
    const rs = [...files.keys()].filter((f) => f.endsWith('.rs'));
    const fmt = await formatFiles(dir, rs);
    return { dir, formatNotice: fmt.notice };
  } catch (e) {
    rmSync(dir, { recursive: true, force: true });
    pending.delete(dir);
    throw e;
  }
}

/**
 * Puts the finished directory in place with renames: the old crate (if any, with --force) is
 * moved aside first and removed after, so the target is always a complete crate or absent.
 */
export function commitDir(tmp: string, outDir: string): void {
  mkdirSync(dirname(outDir), { recursive: true });
  pending.delete(tmp);
  if (!existsSync(outDir)) {
    renameSync(tmp, outDir);
    return;
  }
  const old = `${outDir}${OLD}${process.pid}-${Date.now()}`;
  renameSync(outDir, old);
  try {
    renameSync(tmp, outDir);
  } catch (e) {
    renameSync(old, outDir);
    throw e;
  }
  rmSync(old, { recursive: true, force: true });
}
