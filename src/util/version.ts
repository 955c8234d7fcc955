import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';

/** The project root: two levels up from this module both in src/util and dist/util. */
export const packageRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

export const version: string = (
  JSON.parse(readFileSync(join(packageRoot, 'package.json'), 'utf8')) as { version: string }
).version;
