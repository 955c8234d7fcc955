import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, isAbsolute, resolve } from 'node:path';
import { LineCounter, parseDocument } from 'yaml';
import { yamlErrorLine } from './issues.js';
import { isPlainObject, type ConfigSource, type PlainObject, type SourceMap } from './merge.js';
import { JarvisError } from '../errors.js';

/**
 * `JARVIS_MCP` (docs/config.md): MCP servers added from the environment, as the seed's
 * variable does. The value is inline YAML (a list of servers, or a mapping with an `mcp:`
 * list) or the path of a YAML file holding the same. The servers are appended to the ones the
 * config files define, so one CI job can add a server without copying the user's file.
 */

/** The JARVIS_MCP text to parse and where relative paths in it resolve. */
export interface McpEnvLayer {
  text: string;
  /** how errors name it: `env JARVIS_MCP` or `env JARVIS_MCP=<file>` */
  where: string;
  /** stdio `cwd` values resolve against this */
  dir: string;
}

/** Inline YAML has a newline or starts like a list or a flow collection; anything else is a path. */
export function isInlineYaml(value: string): boolean {
  const v = value.trim();
  return v.includes('\n') || /^(-\s|\[|\{)/.test(v);
}

/** Reads the variable: a file path is read here (loadConfig itself stays pure). */
export function mcpEnvLayer(value: string | undefined, cwd: string): McpEnvLayer | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  if (isInlineYaml(value)) return { text: value, where: 'env JARVIS_MCP', dir: cwd };
  const path = resolve(cwd, value.trim());
  if (!existsSync(path) || !statSync(path).isFile()) {
    throw new JarvisError('config', `config error: env JARVIS_MCP=${value.trim()}: file not found`, {
      hint: 'JARVIS_MCP holds a YAML list of MCP servers, or the path of a file holding one',
    });
  }
  return { text: readFileSync(path, 'utf8'), where: `env JARVIS_MCP=${value.trim()}`, dir: dirname(path) };
}

/**
 * Appends the layer's servers to `merged.mcp`, recording the variable as the source of each, so
 * a bad entry is reported as `env JARVIS_MCP: key mcp.2.command: …`.
 */
export function appendMcpLayer(merged: PlainObject, layer: McpEnvLayer, sources: SourceMap): void {
  const lines = new LineCounter();
  const doc = parseDocument(layer.text, { prettyErrors: false, uniqueKeys: true, lineCounter: lines });
  const err = doc.errors[0];
  if (err) throw new JarvisError('config', yamlErrorLine(layer.where, err, lines));
  const value: unknown = doc.toJS();
  const list = Array.isArray(value) ? value : isPlainObject(value) && Array.isArray(value.mcp) ? value.mcp : undefined;
  if (!list) {
    throw new JarvisError('config', `config error: ${layer.where}: expected a list of MCP servers (or a mapping with an mcp: list)`);
  }
  const existing = Array.isArray(merged.mcp) ? (merged.mcp as unknown[]) : [];
  const source: ConfigSource = { kind: 'env', label: layer.where, where: layer.where, dir: layer.dir };
  const start = existing.length;
  const added = list.map((s: unknown) => {
    // a relative cwd means the file's directory (or the current one for inline YAML), whatever config file came first
    if (isPlainObject(s) && typeof s.cwd === 'string' && !isAbsolute(s.cwd)) return { ...s, cwd: resolve(layer.dir, s.cwd) };
    return s;
  });
  merged.mcp = [...existing, ...added];
  if (start === 0) sources.mcp = source;
  added.forEach((_, i) => (sources[`mcp.${start + i}`] = source));
}
