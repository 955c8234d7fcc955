import { release, type as osType, arch } from 'node:os';

/**
 * Where the agent runs (docs/agent.md, "The system prompt"): the operating system, the shell,
 * the working directory and the date, so the model writes commands for this machine and
 * knows what "today" is.
 */

export interface EnvironmentInfo {
  os: string;
  shell: string;
  cwd: string;
  /** YYYY-MM-DD, local time */
  date: string;
}

export function currentEnvironment(cwd: string, env: NodeJS.ProcessEnv = process.env, now = new Date()): EnvironmentInfo {
  const pad = (n: number) => String(n).padStart(2, '0');
  const shell = env.SHELL?.trim() || (process.platform === 'win32' ? (env.ComSpec ?? 'cmd.exe') : '/bin/sh');
  return {
    os: `${osType()} ${release()} (${arch()})`,
    shell,
    cwd,
    date: `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`,
  };
}

export function renderEnvironment(e: EnvironmentInfo): string {
  return [
    '# Where you run',
    `- Operating system: ${e.os}`,
    `- The user's shell: ${e.shell} (execute_script runs its scripts with bash)`,
    `- Working directory: ${e.cwd} (relative paths start here)`,
    `- Today's date: ${e.date}`,
  ].join('\n');
}
