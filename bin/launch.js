// Which code a command runs. An installed package ships only the compiled dist/. In a checkout,
// dist/ runs only while it is current: every source under src/ has its compiled file, at least
// as new as the source. Otherwise (never built, or edited since the last `npm run build`) the
// TypeScript sources run through tsx, so `node bin/<command>.js` always runs the code you see.
// JARVIS_FROM_SOURCE=1 forces the sources. A subcommand with a bundle of its own (dist/bundle/,
// see scripts/bundle.mjs: `jsec scan`) runs that while it is current.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
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
 * `dist/bundle/<name>.js` when it serves this command line and is current. scripts/bundle.mjs
 * (run by `npm run build`) writes it with `<name>.json`: the subcommand it serves (`jsec scan`'s
 * start-up is the one worth a bundle) and the sources it was built from. In a checkout it is
 * current while none of those is newer than it: an edited source is, and a new one matters only
 * through an edited one that imports it. An installed package has no sources and runs its bundle.
 */
export function currentBundle(base, name, argv = process.argv.slice(2)) {
  const dir = join(base, 'dist', 'bundle');
  // no manifest (never bundled, a build from before manifests, a failed bundle step) or one this
  // launcher cannot read: the bundle is not trusted, dist/ or the sources run
  let manifest;
  try {
    manifest = JSON.parse(readFileSync(join(dir, `${name}.json`), 'utf8'));
  } catch {
    return undefined;
  }
  if (typeof manifest?.command !== 'string' || !Array.isArray(manifest.sources) || !manifest.sources.every((s) => typeof s === 'string')) return undefined;
  // the subcommand as src/cli/jsec.ts finds it: the first argument that is not an option
  if (argv.find((a) => !a.startsWith('-')) !== manifest.command) return undefined;
  const bundle = join(dir, `${name}.js`);
  const builtTime = statSync(bundle, { throwIfNoEntry: false })?.mtimeMs;
  if (builtTime === undefined) return undefined;
  if (!existsSync(join(base, 'src'))) return bundle;
  // a listed source that is gone counts as newer: the bundle was built from something else
  return manifest.sources.every((rel) => (statSync(join(base, rel), { throwIfNoEntry: false })?.mtimeMs ?? Infinity) <= builtTime) ? bundle : undefined;
}

const forcedSource = (env) => env.JARVIS_FROM_SOURCE !== undefined && env.JARVIS_FROM_SOURCE !== '' && env.JARVIS_FROM_SOURCE !== '0';

/** Which code `name` runs from `base`: 'dist', 'source', or 'missing' (an install without its build). */
export function chooseCode(base, env = process.env) {
  const hasSource = existsSync(join(base, 'src'));
  if (!hasSource) return existsSync(join(base, 'dist')) ? 'dist' : 'missing';
  return !forcedSource(env) && distIsCurrent(base) ? 'dist' : 'source';
}

export async function launch(name) {
  // the bundle is checked first: it stats its own sources where the whole dist/ needs two stats per source
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
