import { createHash } from 'node:crypto';
import { readdir, stat, unlink } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type * as Esbuild from 'esbuild';
import { writeFileAtomicAsync } from '../../../util/files.js';

/** Bundles older than this are someone's finished scan; younger ones may still be starting workers. */
const STALE_MS = 60 * 60 * 1000;

let once: Promise<URL | undefined> | undefined;

/**
 * Run from source, a worker would register tsx and send each of its ~40 modules through loader
 * hooks on a hooks thread of its own: about 0.3 s of CPU per worker at the start of every scan.
 * Instead the TypeScript entry is bundled once per process with esbuild (a dev dependency, there
 * whenever the sources are run; ~70 ms) into `node_modules/.cache/jsec/`, named by content hash
 * so concurrent scans share it, and workers load plain JS. Packages stay external and resolve from
 * the project's node_modules as before. Undefined when that is impossible: the caller uses tsx.
 */
export function bundledWorker(entry: URL): Promise<URL | undefined> {
  once ??= bundle(entry).catch(() => undefined);
  return once;
}

async function bundle(entry: URL): Promise<URL | undefined> {
  const req = createRequire(entry);
  const esbuild = (await import(pathToFileURL(req.resolve('esbuild')).href)) as typeof Esbuild;
  const out = await esbuild.build({
    entryPoints: [fileURLToPath(entry)],
    bundle: true,
    packages: 'external',
    format: 'esm',
    platform: 'node',
    target: `node${process.versions.node.split('.')[0] ?? '20'}`,
    write: false,
    logLevel: 'silent',
  });
  const text = out.outputFiles[0]?.text;
  if (!text) return undefined;
  const dir = join(dirname(dirname(req.resolve('esbuild/package.json'))), '.cache', 'jsec');
  const name = `scan-worker-${createHash('sha256').update(text).digest('hex').slice(0, 16)}.mjs`;
  const file = join(dir, name);
  const existing = await stat(file).catch(() => undefined);
  if (!existing) await writeFileAtomicAsync(file, text);
  await removeStale(dir, name);
  return pathToFileURL(file);
}

async function removeStale(dir: string, keep: string): Promise<void> {
  const now = Date.now();
  for (const f of await readdir(dir).catch(() => [])) {
    if (f === keep || !/^scan-worker-[0-9a-f]+\.mjs$/.test(f)) continue;
    const info = await stat(join(dir, f)).catch(() => undefined);
    if (info && now - info.mtimeMs > STALE_MS) await unlink(join(dir, f)).catch(() => undefined);
  }
}
