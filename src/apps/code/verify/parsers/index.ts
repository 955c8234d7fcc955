import type { Diagnostic, OutputParser } from '../diagnostic.js';
import { parseCAssert } from './c-assert.js';
import { parseCargoTest } from './cargo-test.js';
import { parseCtest } from './ctest.js';
import { parseGcc } from './gcc.js';
import { parseGtest } from './gtest.js';
import { parsePytest } from './pytest.js';
import { parseRustcJson, parseRustcText } from './rustc.js';
import { parseTsc } from './tsc.js';
import { parseJsTests } from './vitest.js';

export { parseCAssert, parseCargoTest, parseCtest, parseGcc, parseGtest, parsePytest, parseRustcJson, parseRustcText, parseTsc, parseJsTests };
export { parseLocationLines } from './location-lines.js';

/**
 * Every parser recognises only its own tool's shapes, so all of them run on any output: a
 * `make test` may compile C, run a gtest binary and call ctest in one log, and a custom
 * `--test` command can be anything.
 */
const ALL: readonly OutputParser[] = [parseRustcJson, parseRustcText, parseGcc, parseTsc, parseGtest, parseCtest, parseCargoTest, parseJsTests, parsePytest, parseCAssert];

export function parseOutput(output: string): Diagnostic[] {
  const seen = new Set<string>();
  const out: Diagnostic[] = [];
  for (const p of ALL) {
    for (const d of p(output)) {
      const key = `${d.kind}|${d.test ?? ''}|${d.file ?? ''}|${d.line ?? ''}|${d.message}`;
      if (seen.has(key)) continue;
      seen.add(key);
      out.push(d);
    }
  }
  return out;
}
