import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { JarvisError } from '../../../util/index.js';

/**
 * A CRUST-Bench tree: `CBench/<project>/` (the C) and `RBench/<Project_name>/` (a Cargo crate
 * with hand-written safe interfaces in `src/interfaces/*.rs`, bodies `unimplemented!()`, and
 * tests in `src/bin/test*.rs`). The two names differ in punctuation (`Holdem-Odds` and
 * `Holdem_Odds`), so they are paired by a normalised name.
 */

export interface CrustProject {
  name: string;
  cDir: string;
  rustDir: string;
  /** the interface files and where their implementation goes (paths relative to rustDir) */
  interfaces: { iface: string; target: string }[];
  /**
   * Interface files no module of src/lib.rs declares (a C program's own `main` file, e.g. SlothLang's
   * sloth.rs, jccc's main.rs): no test can reach them, so the bench does not ask for them and the
   * result names them.
   */
  outsideCrate: string[];
}

const norm = (n: string) => n.toLowerCase().replace(/[^a-z0-9]/g, '_');

export function crustProjects(root: string, only: readonly string[] = []): { projects: CrustProject[]; unpaired: string[] } {
  const cb = join(root, 'CBench');
  const rb = join(root, 'RBench');
  if (!existsSync(cb) || !existsSync(rb)) throw new JarvisError('usage', `${root} is not a CRUST-Bench tree: CBench/ and RBench/ are needed`, { hint: 'pass the folder that holds CBench and RBench' });
  const dirs = (d: string) => readdirSync(d).filter((n) => statSync(join(d, n)).isDirectory()).sort();
  const rust = new Map(dirs(rb).map((n) => [norm(n), n]));
  const wanted = new Set(only.map(norm));
  const projects: CrustProject[] = [];
  const unpaired: string[] = [];
  for (const name of dirs(cb)) {
    if (wanted.size > 0 && !wanted.has(norm(name))) continue;
    const r = rust.get(norm(name));
    if (!r) {
      unpaired.push(name);
      continue;
    }
    const rustDir = join(rb, r);
    const ifaceDir = join(rustDir, 'src', 'interfaces');
    const files = existsSync(ifaceDir) ? readdirSync(ifaceDir).filter((f) => f.endsWith('.rs')).sort() : [];
    // src/lib.rs declares `pub mod x;`: the implementation of interfaces/x.rs is src/x.rs
    const libPath = join(rustDir, 'src', 'lib.rs');
    const lib = existsSync(libPath) ? readFileSync(libPath, 'utf8') : '';
    const declared = new Set([...lib.matchAll(/^\s*(?:pub(?:\([^)]*\))?\s+)?mod\s+([A-Za-z_][A-Za-z0-9_]*)\s*;/gm)].map((m) => m[1] as string));
    const interfaces = files.filter((f) => declared.has(f.slice(0, -3))).map((f) => ({ iface: relative(rustDir, join(ifaceDir, f)), target: join('src', f) }));
    projects.push({ name, cDir: join(cb, name), rustDir, interfaces, outsideCrate: files.filter((f) => !declared.has(f.slice(0, -3))) });
  }
  const missing = [...wanted].filter((w) => !projects.some((p) => norm(p.name) === w) && !unpaired.some((u) => norm(u) === w));
  if (missing.length > 0) throw new JarvisError('usage', `no such CRUST-Bench project: ${missing.join(', ')}`);
  return { projects, unpaired };
}

const C_FILE = /\.(c|h)$/;
const SKIP = new Set(['.git', 'build', 'target', 'node_modules']);

/** The project's C sources and headers as one text for a prompt, cut at `max` characters. */
export function cSources(cDir: string, max: number): string {
  const files: string[] = [];
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      if (e.isDirectory()) {
        if (!SKIP.has(e.name)) walk(join(d, e.name));
      } else if (C_FILE.test(e.name)) files.push(join(d, e.name));
    }
  };
  walk(cDir);
  // headers and library sources before tests and examples: they hold what the interfaces mirror
  const rank = (f: string) => (/\.h$/.test(f) ? 0 : /(^|\/)(tests?|examples?)\//.test(relative(cDir, f)) || /test/.test(f) ? 2 : 1);
  files.sort((a, b) => rank(a) - rank(b));
  let out = '';
  for (const f of files) {
    const part = `/* ==== ${relative(cDir, f)} ==== */\n${readFileSync(f, 'utf8')}\n`;
    if (out.length + part.length > max) {
      out += `/* … ${files.length - files.indexOf(f)} more file(s) left out for length */\n`;
      break;
    }
    out += part;
  }
  return out;
}
