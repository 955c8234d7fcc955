import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/**
 * How to build and test a repository, from the files at its root (first match wins:
 * a Makefile beats CMake because a project with both usually wraps cmake in make).
 * `--build` / `--test` replace the detected command; they run through `sh -c`.
 */

export interface VerifyStep {
  name: 'build' | 'test';
  /** as shown to the person and the model */
  display: string;
  argv: string[];
}

export interface VerifyPlan {
  /** make, cmake, cargo, npm, pytest, go, custom, or none */
  system: string;
  build?: VerifyStep;
  test?: VerifyStep;
}

export interface VerifyOverrides {
  build?: string;
  test?: string;
}

/** Where jca's own CMake build tree goes: inside `.jarvis/`, which git ignores. */
export const CMAKE_BUILD_DIR = '.jarvis/build';

export function detectVerify(root: string, o: VerifyOverrides = {}): VerifyPlan {
  const plan = detectSystem(root);
  const shell = (name: 'build' | 'test', cmd: string): VerifyStep => ({ name, display: cmd, argv: ['sh', '-c', cmd] });
  if (o.build !== undefined) plan.build = o.build.trim() === '' ? undefined : shell('build', o.build);
  if (o.test !== undefined) plan.test = o.test.trim() === '' ? undefined : shell('test', o.test);
  if ((o.build || o.test) && plan.system === 'none') plan.system = 'custom';
  return plan;
}

function step(name: 'build' | 'test', argv: string[]): VerifyStep {
  return { name, display: argv.join(' '), argv };
}

function detectSystem(root: string): VerifyPlan {
  const has = (f: string) => existsSync(join(root, f));
  const makefile = ['GNUmakefile', 'makefile', 'Makefile'].find(has);
  if (makefile) {
    const text = readFileSync(join(root, makefile), 'utf8');
    const target = ['test', 'check'].find((t) => new RegExp(`^${t}\\s*:(?!=)`, 'm').test(text));
    return { system: 'make', build: step('build', ['make']), ...(target ? { test: step('test', ['make', target]) } : {}) };
  }
  if (has('CMakeLists.txt')) {
    return {
      system: 'cmake',
      build: { name: 'build', display: `cmake -S . -B ${CMAKE_BUILD_DIR} && cmake --build ${CMAKE_BUILD_DIR}`, argv: ['sh', '-c', `cmake -S . -B ${CMAKE_BUILD_DIR} >/dev/null && cmake --build ${CMAKE_BUILD_DIR}`] },
      test: step('test', ['ctest', '--test-dir', CMAKE_BUILD_DIR, '--output-on-failure']),
    };
  }
  if (has('Cargo.toml')) {
    // JSON diagnostics: errors are read by code and span (docs/jca.md); --all-targets compiles the tests too
    return { system: 'cargo', build: step('build', ['cargo', 'build', '--all-targets', '--message-format=json']), test: step('test', ['cargo', 'test']) };
  }
  if (has('go.mod')) return { system: 'go', build: step('build', ['go', 'build', './...']), test: step('test', ['go', 'test', './...']) };
  if (has('package.json')) {
    let scripts: Record<string, unknown> = {};
    try {
      scripts = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts?: Record<string, unknown> }).scripts ?? {};
    } catch {
      // a broken package.json: nothing to run
    }
    const realTest = typeof scripts.test === 'string' && !/no test specified/.test(scripts.test);
    return {
      system: 'npm',
      ...(typeof scripts.build === 'string' ? { build: step('build', ['npm', 'run', '--silent', 'build']) } : {}),
      ...(realTest ? { test: step('test', ['npm', 'test', '--silent']) } : {}),
    };
  }
  if (isPythonProject(root)) return { system: 'pytest', test: step('test', ['python3', '-m', 'pytest', '-q']) };
  return { system: 'none' };
}

function isPythonProject(root: string): boolean {
  const has = (f: string) => existsSync(join(root, f));
  if (has('pytest.ini') || has('conftest.py') || has('tox.ini')) return true;
  for (const f of ['pyproject.toml', 'setup.cfg']) {
    if (has(f) && /\[tool[.:]pytest/.test(readFileSync(join(root, f), 'utf8'))) return true;
  }
  const testsDir = join(root, 'tests');
  try {
    return readdirSync(testsDir).some((n) => /^test_.*\.py$|_test\.py$/.test(n));
  } catch {
    return readdirSync(root).some((n) => /^test_.*\.py$/.test(n));
  }
}
