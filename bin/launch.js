// Runs the compiled CLI when dist/ exists; otherwise loads the TypeScript sources through tsx,
// so a fresh clone works right after `npm ci` without a build step.
import { existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { dirname, join } from 'node:path';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

export async function launch(name) {
  const built = join(root, 'dist', 'cli', `${name}.js`);
  if (existsSync(built) && !process.env.JARVIS_FROM_SOURCE) {
    await import(pathToFileURL(built).href);
    return;
  }
  const { register } = await import('tsx/esm/api');
  register();
  await import(pathToFileURL(join(root, 'src', 'cli', `${name}.ts`)).href);
}
