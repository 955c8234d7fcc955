// `npm run build`, after tsc: bundles the start-up path of `jsec scan` from dist/ into
// dist/bundle/, which bin/launch.js runs for `jsec scan` instead of dist/cli/jsec.js while no
// source it was built from is newer (dist/bundle/jsec.json lists them).
//
// Why: Node 20 loads an ES module graph file by file (resolve, read, compile, link), about a
// millisecond per module here, and a scan of one file needs ~110 of them; a pre-commit hook
// pays that on every commit. One bundle (with a few chunks shared with the worker) loads in a
// fraction of that. Only the scan is bundled: `jsec agent`, `report` and `bench` run
// dist/cli/jsec.js and the plain dist/ graph behind it, as before (and so does the bundle itself
// for them when it is run directly: jsec-program.js is left out of it).
//
// What keeps working from dist/bundle/ (test/cli/package.test.ts runs the packed package):
// - the package root: util/version.ts goes two directories up from its module, and
//   dist/bundle/ is as deep as dist/util/;
// - the worker: scan/pool.ts starts `./worker.js` beside its own module, and the worker is an
//   entry of this bundle written beside the chunk that holds pool.ts;
// - the grammars and web-tree-sitter's own wasm: web-tree-sitter and the grammar packages stay
//   external and are resolved from node_modules as before, as is every package not in INLINED.
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const outdir = join(root, 'dist', 'bundle');

/**
 * Packages of the scan's path copied into the bundle. Imported from an ES module, a CommonJS
 * package (commander, picocolors, ignore, picomatch) costs Node a lexer pass over its source to
 * find its exports, and each package its own resolution: ~60 ms of CPU at start-up here. None of
 * them looks for files beside its own code. Every other dependency stays an import of node_modules.
 */
const INLINED = ['commander', 'picocolors', 'ignore', 'tinyglobby', 'picomatch'];
const dependencies = Object.keys(JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).dependencies);

/**
 * Modules the scan never loads, left out of the bundle: the rest of the jsec command line stays
 * the plain dist/ modules it always was (see src/cli/jsec.ts), and so does the agent pipeline
 * that apps/sec/index.ts loads on demand. Keyed by importer, then specifier; the value is the
 * module's path from dist/bundle/.
 */
const LEFT_OUT = {
  'dist/cli/jsec.js': { './jsec-program.js': '../cli/jsec-program.js' },
  'dist/apps/sec/index.js': { './agent/pipeline.js': '../apps/sec/agent/pipeline.js' },
};
const leaveOut = {
  name: 'leave-out',
  setup(build) {
    build.onResolve({ filter: /^\./ }, (args) => {
      const path = LEFT_OUT[args.importer.slice(root.length + 1).split('\\').join('/')]?.[args.path];
      return path ? { path, external: true } : undefined;
    });
  },
};

/**
 * commander requires node:child_process when it loads, for executable subcommands, which jsec
 * does not have: that module (with net and dgram behind it) is 5-10 ms of a scan's start-up. In
 * the bundle it is required when commander first uses it, if ever.
 */
const CHILD_PROCESS = "const childProcess = require('node:child_process');";
const LAZY_CHILD_PROCESS = "const childProcess = new Proxy({}, { get: (_, key) => require('node:child_process')[key] });";
const lazyChildProcess = {
  name: 'lazy-child-process',
  setup(build) {
    build.onLoad({ filter: /[\\/]commander[\\/]lib[\\/]command\.js$/ }, (args) => {
      const text = readFileSync(args.path, 'utf8');
      if (!text.includes(CHILD_PROCESS)) return { contents: text, loader: 'js', warnings: [{ text: 'commander no longer requires child_process as expected: it loads eagerly (scripts/bundle.mjs)' }] };
      return { contents: text.replace(CHILD_PROCESS, LAZY_CHILD_PROCESS), loader: 'js' };
    });
  },
};

rmSync(outdir, { recursive: true, force: true });
const { metafile } = await esbuild.build({
  absWorkingDir: root,
  entryPoints: { jsec: 'dist/cli/jsec.js', worker: 'dist/apps/sec/scan/worker.js' },
  outdir,
  entryNames: '[name]',
  chunkNames: 'chunk-[hash]',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  external: dependencies.filter((d) => !INLINED.includes(d)),
  // inlined CommonJS code calls require() for Node's own modules, which an ES module lacks
  banner: { js: "import { createRequire as __bundleCreateRequire } from 'node:module';\nconst require = __bundleCreateRequire(import.meta.url);" },
  plugins: [leaveOut, lazyChildProcess],
  metafile: true,
  logLevel: 'warning',
});

// What bin/launch.js needs to run the bundle, in dist/bundle/jsec.json (packed with it): the
// subcommand it serves (anything else runs dist/cli/jsec.js) and the sources it was built from, so
// that in a checkout it stats those (~100) instead of walking all of src/ (~480). Every bundled
// module of ours is a dist/ file compiled from src/ (the rest is node_modules); a source that is
// not there would leave the bundle never current in a checkout, so the build fails instead.
const built = Object.keys(metafile.inputs).filter((input) => input.startsWith('dist/'));
const sources = built.map((input) => `src/${input.slice('dist/'.length).replace(/\.js$/, '.ts')}`).sort();
const unknown = sources.filter((source) => !existsSync(join(root, source)));
if (unknown.length > 0) {
  rmSync(outdir, { recursive: true, force: true });
  throw new Error(`scripts/bundle.mjs: bundled modules without a source under src/: ${unknown.join(', ')}`);
}
writeFileSync(join(outdir, 'jsec.json'), `${JSON.stringify({ command: 'scan', sources }, null, 2)}\n`);
