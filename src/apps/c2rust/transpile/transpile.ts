import { existsSync, readdirSync, statSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import { JarvisError } from '../../../util/errors.js';
import { writeFileAtomicSync } from '../../../util/files.js';
import { artifactPath } from '../artifacts.js';
import { keptCSources } from './keep-c.js';
import { linkLibraries } from './link-libs.js';
import { parseUnits, type FileProblem } from './front.js';
import { writeCrate } from './crate-writer.js';
import { buildReport, type TranspileReport } from './report.js';
import { locateItems, symbolMapLines } from './symbol-map.js';
import { translateAll } from './translate.js';
import { commitDir, formatAndWrite } from './output.js';

export interface TranspileOptions {
  root: string;
  /** Default `<root>_rs` beside the project. */
  outDir?: string;
  ccRoot?: string;
  defines?: string[];
  includes?: string[];
  force?: boolean;
  env?: NodeJS.ProcessEnv;
  onProgress?: (stage: 'parse' | 'translate' | 'write', done: number, total: number) => void;
}

export interface TranspileOutcome {
  outDir: string;
  report: TranspileReport;
  reportPath: string;
  symbolMapPath: string;
  notices: string[];
}

/** Cargo package names: lowercase letters, digits, `_` and `-`, starting with a letter. */
function packageName(outDir: string): string {
  let n = basename(outDir).toLowerCase().replace(/[^a-z0-9_-]/g, '_');
  if (!/^[a-z]/.test(n)) n = `c_${n}`;
  return n;
}

function checkOutDir(out: string, force: boolean): void {
  if (!existsSync(out)) return;
  if (!statSync(out).isDirectory()) throw new JarvisError('usage', `${out} exists and is not a directory`, { hint: 'pass another output directory with -o' });
  if (readdirSync(out).length > 0 && !force) {
    throw new JarvisError('usage', `${out} is not empty: refusing to overwrite it`, { hint: 'pass --force to replace it, or -o for another directory' });
  }
}

/**
 * `jc2r transpile`: C project → Rust crate through clang's typed AST, with no model. The crate
 * is written to a temporary directory beside the target and renamed into place, and the
 * artifacts are written atomically, so an interrupted run leaves no half-written file.
 */
export async function transpileProject(opts: TranspileOptions): Promise<TranspileOutcome> {
  const started = performance.now();
  const root = resolve(opts.root);
  if (!existsSync(root) || !statSync(root).isDirectory()) throw new JarvisError('usage', `project root ${root} is not a directory`, { hint: 'pass the C project root with -p' });
  const outDir = resolve(opts.outDir ?? `${root}_rs`);
  if (outDir === root || root.startsWith(`${outDir}/`)) throw new JarvisError('usage', `output directory ${outDir} would replace the project`, { hint: 'pass another directory with -o' });
  checkOutDir(outDir, opts.force === true);

  const front = await parseUnits({ ...opts, root, onUnit: (d, t) => opts.onProgress?.('parse', d, t) });
  if (front.scopes.length === 0) {
    const first = front.problems[0];
    throw new JarvisError('parse', `no C unit could be read${first ? `: ${first.file}: ${first.error}` : ''}`, { hint: 'check the compile commands (include paths, defines) with --cc-root, -I and -D' });
  }
  const pkg = packageName(outDir);
  const t0 = performance.now();
  const { crate, retries } = translateAll(front.scopes, root, pkg.replace(/-/g, '_'));
  const translateSeconds = (performance.now() - t0) / 1000;
  const binNames = new Set(crate.binaries.map((b) => b.name));
  const libName = binNames.has(pkg.replace(/-/g, '_')) ? `${pkg.replace(/-/g, '_')}_lib` : pkg.replace(/-/g, '_');
  const linkLibs = linkLibraries(root, crate);
  const kept = keptCSources(crate, front.scopes, linkLibs);
  const files = writeCrate(crate, { packageName: pkg, libName, linkLibs: kept.buildRs ? [] : linkLibs, buildRs: kept.buildRs, extra: kept.files });
  opts.onProgress?.('write', 0, 1);

  const notices = [...front.notices, ...kept.notices];
  const t1 = performance.now();
  const { dir: tmp, formatNotice } = await formatAndWrite(outDir, files);
  if (formatNotice) notices.push(formatNotice);
  const t2 = performance.now();
  const located = locateItems(tmp, crate);
  const t3 = performance.now();
  commitDir(tmp, outDir);
  const problems: FileProblem[] = front.problems;
  const report = buildReport({
    root,
    outDir,
    crate,
    problems,
    located,
    seconds: {
      total: (performance.now() - started) / 1000,
      clang_wait: front.clangWaitSeconds,
      load: front.loadSeconds,
      translate: translateSeconds,
      write: (t2 - t1) / 1000,
      locate: (t3 - t2) / 1000,
    },
    retries,
    compileCommands: front.compileCommands,
    linkLibs,
    notices,
  });
  const reportPath = artifactPath(root, 'transpileReport');
  const symbolMapPath = artifactPath(root, 'symbolMap');
  writeFileAtomicSync(symbolMapPath, symbolMapLines(located, outDir));
  writeFileAtomicSync(reportPath, `${JSON.stringify(report, null, 2)}\n`);
  opts.onProgress?.('write', 1, 1);
  return { outDir, report, reportPath, symbolMapPath, notices };
}
