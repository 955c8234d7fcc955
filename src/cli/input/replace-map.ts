import { REPLACE_KEY, type ReplaceEntryConfig } from '../../util/config/index.js';
import { BUILTIN_REPLACEMENTS, isBuiltinCommand, type ReplaceEntry } from './builtin-commands.js';

/**
 * The config's `replace_map` (docs/config.md) joined to the built-in shortcuts: the user's
 * entries win over a built-in shortcut of the same name; a name of a built-in command
 * (`'<Summary>'`, …) cannot be taken and is skipped with a warning.
 */
export function replacementsFrom(map: Readonly<Record<string, ReplaceEntryConfig>>, warn: (message: string) => void): Record<string, ReplaceEntry> {
  const out: Record<string, ReplaceEntry> = { ...BUILTIN_REPLACEMENTS };
  for (const [key, value] of Object.entries(map)) {
    const m = REPLACE_KEY.exec(key);
    const name = m ? (m[1] ?? m[2] ?? m[3]) : undefined;
    if (name === undefined) continue;
    if (isBuiltinCommand(name)) {
      warn(`replace_map: '<${name}>' is a built-in input command; the entry is ignored`);
      continue;
    }
    out[name] =
      typeof value === 'string'
        ? { template: value, description: oneLine(value), append: false }
        : { template: value.template, description: value.description ?? oneLine(value.template), append: value.append };
  }
  return out;
}

function oneLine(text: string): string {
  const line = text.trim().split('\n')[0] ?? '';
  return line.length > 70 ? `${line.slice(0, 67)}…` : line;
}
