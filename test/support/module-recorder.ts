import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { tempTree } from './temp-tree.js';

/**
 * Records the URL of every ES module a child process loads: pass `importFlag` to node (or in
 * NODE_OPTIONS), then read `urls()`. A loader hook, so it sees what is
 * loaded, not what a static reading of the imports would guess. CommonJS modules that a
 * CommonJS module requires do not pass ESM hooks on Node 20; a package imported from ESM does.
 * Registered after tsx (`--import tsx` first), it sees the TypeScript sources too.
 */
export function moduleRecorder(): { importFlag: string; urls: () => string[] } {
  const dir = tempTree();
  const log = join(dir, 'modules.txt');
  const hooks = [
    "import { appendFileSync } from 'node:fs';",
    'export async function load(url, context, next) {',
    `  appendFileSync(${JSON.stringify(log)}, url + '\\n');`,
    '  return next(url, context);',
    '}',
  ].join('\n');
  const entry = join(dir, 'record.mjs');
  writeFileSync(entry, `import { register } from 'node:module';\nregister(${JSON.stringify(`data:text/javascript,${encodeURIComponent(hooks)}`)});\n`);
  return {
    importFlag: `--import=${pathToFileURL(entry).href}`,
    urls: () => (existsSync(log) ? readFileSync(log, 'utf8').split('\n').filter(Boolean) : []),
  };
}

/** Never on the scan's path: the configuration schema and YAML, the agent and its layers, model and MCP clients. */
export const NOT_FOR_A_SCAN: RegExp[] = [
  /\/node_modules\/(zod|yaml|openai|@anthropic-ai|@modelcontextprotocol|gpt-tokenizer|@clack|diff)\//,
  /\/src\/(agent|llm|tools|runs|edit)\//,
  /\/src\/util\/config\//,
  // the sec agent's pipeline; the index keeps three light modules (candidates, artifacts, workspace)
  /\/src\/apps\/sec\/agent\/(?!(candidates|artifacts|workspace)\.ts$)/,
  /\/src\/apps\/(code|multi|c2rust)\//,
  /\/src\/cli\/(?!(jsec|common)\.ts$|commands\/sec-scan\.ts$)/,
];
