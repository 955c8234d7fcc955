// Which code a command runs. An installed package ships only the compiled dist/. In a checkout,
// dist/ runs only while it is current: every source under src/ has its compiled file, at least
// as new as the source. Otherwise (never built, or edited since the last `npm run build`) the
// TypeScript sources run through tsx, so `node bin/<command>.js` always runs the code you see.
// JARVIS_FROM_SOURCE=1 forces the sources. A command with a bundle of its own (dist/bundle/, see
// scripts/bundle.mjs) runs that while it is current.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** Calls `visit(path, mtimeMs)` for every source under `base/src` (tests and declarations aside) until it returns false. */
function eachSource(base, visit) {
  const src = join(base, 'src');
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      // plain concatenation: join() would normalise each of ~1000 names on every command's start
      const path = `${dir}/${entry.name}`;
      if (entry.isDirectory()) {
        if (!walk(path)) return false;
        continue;
      }
      if (!entry.name.endsWith('.ts') || entry.name.endsWith('.test.ts') || entry.name.endsWith('.d.ts')) continue;
      if (!visit(path, statSync(path).mtimeMs)) return false;
    }
    return true;
  };
  return walk(src);
}

/** Whether `dist/` under `base` holds a build of every source under `base/src`, none older than its source. */
export function distIsCurrent(base) {
  const src = join(base, 'src');
  const dist = join(base, 'dist');
  return (
    existsSync(dist) &&
    eachSource(base, (path, mtimeMs) => {
      const built = join(dist, path.slice(src.length + 1, -'.ts'.length) + '.js');
      const builtTime = statSync(built, { throwIfNoEntry: false })?.mtimeMs;
      return builtTime !== undefined && builtTime >= mtimeMs;
    })
  );
}

/**
 * `dist/bundle/<name>.js` (scripts/bundle.mjs: one file for `jsec scan`'s start-up) when it is no
 * older than any source. `npm run build` writes it after compiling, from that build, so a source
 * edited or added since is newer; an installed package has no sources and runs its bundle.
 */
export function currentBundle(base, name) {
  const bundle = join(base, 'dist', 'bundle', `${name}.js`);
  const builtTime = statSync(bundle, { throwIfNoEntry: false })?.mtimeMs;
  if (builtTime === undefined) return undefined;
  if (!existsSync(join(base, 'src'))) return bundle;
  return eachSource(base, (_, mtimeMs) => mtimeMs <= builtTime) ? bundle : undefined;
}

const forcedSource = (env) => env.JARVIS_FROM_SOURCE !== undefined && env.JARVIS_FROM_SOURCE !== '' && env.JARVIS_FROM_SOURCE !== '0';

/** Which code `name` runs from `base`: 'dist', 'source', or 'missing' (an install without its build). */
export function chooseCode(base, env = process.env) {
  const hasSource = existsSync(join(base, 'src'));
  if (!hasSource) return existsSync(join(base, 'dist')) ? 'dist' : 'missing';
  return !forcedSource(env) && distIsCurrent(base) ? 'dist' : 'source';
}

export async function launch(name) {
  // the bundle is checked first: it needs one stat per source where the whole dist/ needs two
  const bundle = forcedSource(process.env) ? undefined : currentBundle(root, name);
  if (bundle) {
    await import(pathToFileURL(bundle).href);
    return;
  }
  const code = chooseCode(root);
  if (code === 'missing') {
    process.stderr.write(`error: ${name} is installed without its compiled code (${join(root, 'dist')} is missing)\nhint: reinstall the package; from a checkout, run npm run build first\n`);
    process.exitCode = 1;
    return;
  }
  if (code === 'dist') {
    await import(pathToFileURL(join(root, 'dist', 'cli', `${name}.js`)).href);
    return;
  }
  const { register } = await import('tsx/esm/api');
  register();
  await import(pathToFileURL(join(root, 'src', 'cli', `${name}.ts`)).href);
}
