import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** One scripted model reply; `expect` is text the request must contain. */
export type Reply = string | { reply: string; expect?: string };

/**
 * Writes `replies` as a script file and a config whose default group's model plays it back,
 * both in `dir`; returns the config's path (for JARVIS_CONFIG).
 */
export function writeScriptedConfig(dir: string, replies: readonly Reply[], script = 'replies.json', config = 'config.yaml'): string {
  writeFileSync(join(dir, script), JSON.stringify({ replies }));
  const path = join(dir, config);
  writeFileSync(path, `llm_groups:\n  default:\n    normal: { platform: scripted, script: ./${script} }\n`);
  return path;
}
