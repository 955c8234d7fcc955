import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/** Every file under `dir` (recursively) whose bytes contain `secret`, as paths relative to `dir`. */
export function filesContaining(dir: string, secret: string): string[] {
  if (secret.length === 0) throw new Error('filesContaining: empty secret would match everything');
  const hits: string[] = [];
  const walk = (d: string, rel: string): void => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = join(d, e.name);
      const r = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory()) walk(p, r);
      else if (e.isFile() && readFileSync(p).includes(secret)) hits.push(r);
    }
  };
  walk(dir, '');
  return hits;
}

/** All files under `dir`, relative paths, so a test can check the scan looked at something. */
export function listFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name).slice(dir.length + 1));
}
