import picomatch from 'picomatch';
import type { Tool } from '../tools/index.js';
import { JarvisError } from '../util/index.js';
import { didYouMean } from '../util/config/index.js';

/**
 * Tool groups (docs/config.md, `tool_groups`): a named set of tools chosen for a whole run with
 * `-G/--tool-group`, `JARVIS_TOOL_GROUP` or `default_tool_group`. The kit keeps only the
 * group's tools, so every agent of the run (a team's members, jca's helpers) sees the same
 * set and a definition's `use_tools` can only narrow it further.
 */

export interface ToolGroupChoice {
  name: string;
  /** the group's entries: tool names, or patterns with `*` (`fs.*`: every tool of the fs MCP server) */
  entries: readonly string[];
  /** where the group was defined, for errors (`.jarvis/config.yaml`) */
  where: string;
}

/** The tools of the group, in the kit's order. Unknown exact names are a config error naming the key. */
export function selectToolGroup(tools: readonly Tool[], g: ToolGroupChoice, warn: (m: string) => void): Tool[] {
  const names = tools.map((t) => t.name);
  const key = `tool_groups.${g.name}`;
  const wanted = new Set<string>();
  const unknown: string[] = [];
  for (const entry of g.entries) {
    if (entry.includes('*')) {
      const match = picomatch(entry, { dot: true });
      const hits = names.filter((n) => match(n));
      // a pattern usually names an MCP server's tools: a server that failed to start already said so
      if (hits.length === 0) warn(`${g.where}: ${key}: ${entry} matches no tool in this run`);
      hits.forEach((n) => wanted.add(n));
    } else if (names.includes(entry)) wanted.add(entry);
    else unknown.push(entry);
  }
  if (unknown.length > 0) {
    const guesses = unknown.map((u) => didYouMean(u, names)).filter((x): x is string => x !== undefined);
    throw new JarvisError(
      'config',
      `config error: ${g.where}: key ${key}: unknown tool${unknown.length > 1 ? 's' : ''} ${unknown.join(', ')}${guesses.length > 0 ? ` (did you mean ${guesses.join(', ')}?)` : ''}`,
      { hint: `known tools: ${names.join(', ')}` },
    );
  }
  return tools.filter((t) => wanted.has(t.name));
}
