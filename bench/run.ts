/**
 * `npm run bench [name…]`: runs every bench/*.bench.ts (or the named ones) in turn.
 * Each module's default export is an async function that prints its figures; BENCHMARKS.md
 * records them with the date and this command. Not part of `npm test`.
 */
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const wanted = process.argv.slice(2);
const all = readdirSync(here)
  .filter((f) => f.endsWith('.bench.ts'))
  .map((f) => f.slice(0, -'.bench.ts'.length))
  .sort();
const unknown = wanted.filter((w) => !all.includes(w));
if (unknown.length > 0) {
  console.error(`unknown benchmark(s): ${unknown.join(', ')}; known: ${all.join(', ')}`);
  process.exit(2);
}
let failed = 0;
for (const name of wanted.length > 0 ? wanted : all) {
  console.log(`\n=== ${name} (${new Date().toISOString().slice(0, 10)}) ===`);
  const mod = (await import(pathToFileURL(join(here, `${name}.bench.ts`)).href)) as { default: () => Promise<void> };
  try {
    await mod.default();
  } catch (e) {
    failed++;
    console.error(`benchmark ${name} failed: ${e instanceof Error ? e.message : String(e)}`);
  }
}
process.exitCode = failed > 0 ? 1 : 0;
