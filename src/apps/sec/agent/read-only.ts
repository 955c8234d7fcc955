import {
  defineTool,
  executeScriptTool,
  EXECUTE_SCRIPT,
  listFilesTool,
  readCodeTool,
  searchFilesTool,
  toolError,
  ToolRegistry,
  type Tool,
} from '../../../tools/index.js';

/**
 * The read-only policy of the verification agent. It reads the script as text and refuses the
 * usual ways of writing: it is a first line of defence that explains the rule to the model,
 * not a sandbox; workspace protection (workspace.ts) restores whatever slips through.
 */

interface Rule {
  test: RegExp;
  reason: string;
}

const GIT_WRITES = 'add|am|apply|branch|checkout|cherry-pick|clean|commit|fetch|gc|init|merge|mv|pull|push|rebase|reset|restore|revert|rm|stash|switch|tag|update-index|worktree';
// A command word: at the start of a line or after a separator, optionally behind sudo/env/xargs.
const CMD = String.raw`(?:^|[;&|(\x60]|\$\()\s*(?:(?:sudo|env|xargs|nohup|command|exec|time)\s+(?:-\S+\s+)*)*`;

const SHELL_RULES: Rule[] = [
  // `>` or `>>` into anything but /dev/null or another descriptor (2>&1, >&2)
  { test: /(?:^|[^<>&\d=-])\d*>>?(?!\s*&|\s*\/dev\/(?:null|stdout|stderr)\b)/m, reason: 'redirects output into a file' },
  { test: /&>>?(?!\s*\/dev\/null\b)/, reason: 'redirects output into a file' },
  { test: new RegExp(`${CMD}(?:rm|rmdir|mv|cp|ln|touch|mkdir|truncate|shred|dd|install|rsync|tee|patch|chmod|chown|chgrp|unlink|mkfifo|mknod)\\b`, 'm'), reason: 'runs a command that writes, moves or deletes files' },
  { test: new RegExp(`${CMD}git\\s+(?:-\\S+\\s+(?:\\S+\\s+)?)*(?:${GIT_WRITES})\\b`, 'm'), reason: 'runs a git command that changes the repository' },
  { test: /\bsed\b[^\n|;]*\s-(?:[a-zA-Z]*i|-in-place)/, reason: 'edits files in place (sed -i)' },
  { test: /\bperl\b[^\n|;]*\s-[a-zA-Z]*i/, reason: 'edits files in place (perl -i)' },
  { test: /\bfind\b[^\n]*\s-(?:delete|exec\s+(?:rm|mv|cp|chmod|sed)\b)/, reason: 'deletes or changes files through find' },
  { test: /\b(?:make|cmake|ninja|cargo|gcc|g\+\+|cc|clang|clang\+\+)\b[^\n]*\s-o(?=(\s*))\1(?!\/tmp\/|\/dev\/null)/, reason: 'writes a build output into the repository (use -o /tmp/…)' },
];

const SCRIPT_RULES: Rule[] = [
  { test: /\bopen\s*\([^)]*,\s*(?:mode\s*=\s*)?['"][^'"]*[wax+]/, reason: 'opens a file for writing' },
  { test: /\b(?:os\.(?:remove|unlink|rename|replace|rmdir|removedirs|makedirs|mkdir|chmod|chown|truncate)|shutil\.\w+|Path\([^)]*\)\.(?:write_\w+|unlink|rename|touch|mkdir|rmdir|chmod))\s*\(/, reason: 'changes files (os/shutil/pathlib)' },
  { test: /\.(?:write_text|write_bytes|unlink|touch)\s*\(/, reason: 'changes files' },
  { test: /\b(?:writeFile|writeFileSync|appendFile|appendFileSync|createWriteStream|rm|rmSync|rmdir|rmdirSync|unlink|unlinkSync|rename|renameSync|copyFile|copyFileSync|cp|cpSync|mkdir|mkdirSync|chmod|chmodSync|truncate|truncateSync|symlink|symlinkSync)\s*\(/, reason: 'changes files (fs)' },
  { test: /\b(?:subprocess|os\.system|os\.popen|child_process|execSync|spawnSync)\b/, reason: 'starts other programs, which this policy cannot check (use a bash script instead)' },
];

export type PolicyVerdict = { allowed: true } | { allowed: false; reason: string };

/** Whether a script may run under the read-only policy, and if not, why. */
export function checkReadOnly(script: string, interpreter: string = 'bash'): PolicyVerdict {
  const rules = interpreter === 'bash' || interpreter === 'sh' ? SHELL_RULES : SCRIPT_RULES;
  for (const r of rules) {
    const m = r.test.exec(script);
    if (m) {
      const line = script.slice(0, m.index + Math.max(1, m[0].length)).split('\n').length;
      const text = script.split('\n')[line - 1]?.trim() ?? '';
      return { allowed: false, reason: `line ${line} ${r.reason}: ${JSON.stringify(text.slice(0, 120))}` };
    }
  }
  return { allowed: true };
}

export const READ_ONLY_NOTE =
  'Scripts run under a read-only policy: no redirection into files (> file, >> file; >/dev/null and 2>&1 are fine), ' +
  'no rm/mv/cp/touch/mkdir/tee/dd/patch/chmod/chown, no sed -i or perl -i, no git command that changes the repository, ' +
  'no compiler output inside the repository (use -o /tmp/...). Python and node scripts may not write, delete or start programs.';

/** execute_script behind the read-only policy: a refused script is not run, and the model is told why. */
export function makeReadOnlyExecuteScript(onRefused?: (reason: string) => void): Tool {
  const inner = executeScriptTool;
  return defineTool({
    name: EXECUTE_SCRIPT,
    description: `${inner.description} ${READ_ONLY_NOTE}`,
    params: inner.params,
    async run(args, ctx) {
      const a = args as { script_content: string; interpreter?: string };
      const verdict = checkReadOnly(a.script_content, a.interpreter ?? 'bash');
      if (!verdict.allowed) {
        onRefused?.(verdict.reason);
        return toolError('refused', `Refused by the read-only policy: the script ${verdict.reason}. ${READ_ONLY_NOTE} Rewrite the script to only read.`);
      }
      return inner.run(args, ctx);
    },
  });
}

/** The verification agent's tools: read, list, search, and the policed execute_script. */
export function readOnlyTools(onRefused?: (reason: string) => void): ToolRegistry {
  return new ToolRegistry([readCodeTool, listFilesTool, searchFilesTool, makeReadOnlyExecuteScript(onRefused)]);
}
