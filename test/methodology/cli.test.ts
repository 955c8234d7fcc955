import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runJarvis } from '../support/jarvis-cli.js';
import { tempTree } from '../support/temp-tree.js';

/**
 * `jarvis methodology` through the real CLI; sharing goes through a local bare git repository
 * between two users (two homes), as it would through a server.
 */

function user(base: string, who: string) {
  const home = join(base, who);
  const project = join(home, 'project');
  mkdirSync(project, { recursive: true });
  const dataDir = join(home, '.jarvis');
  return {
    home,
    project,
    dataDir,
    run: (args: string[], env: Record<string, string> = {}) => runJarvis(['methodology', ...args], { cwd: project, home, env }),
    write: (scope: 'project' | 'global', name: string, text: string) => {
      const dir = scope === 'project' ? join(project, '.jarvis', 'methodologies') : join(dataDir, 'methodologies');
      mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, `${name}.md`), text);
    },
  };
}

function bareRepo(base: string): string {
  const repo = join(base, 'shared.git');
  execFileSync('git', ['init', '--quiet', '--bare', repo]);
  return repo;
}

describe('jarvis methodology', () => {
  it('shares methodologies from one user and syncs them into another\'s global scope', async () => {
    const base = tempTree({});
    const repo = bareRepo(base);
    const alice = user(base, 'alice');
    const bob = user(base, 'bob');
    alice.write('project', 'fix-a-failing-c-build', '# Fix a failing C build\n\nRead the first error first.\n');
    alice.write('global', 'review-unsafe-rust', '# Review unsafe Rust\n\nJustify every unsafe block.\n');

    const listed = await alice.run(['list']);
    expect(listed.code).toBe(0);
    expect(listed.stdout).toMatch(/fix-a-failing-c-build\s+project\s+Fix a failing C build/);
    expect(listed.stdout).toMatch(/review-unsafe-rust\s+global\s+Review unsafe Rust/);

    const shared = await alice.run(['share', '--repo', repo]);
    expect(shared.stderr).toBe('');
    expect(shared.code).toBe(0);
    expect(shared.stdout).toContain('shared 2 methodologies');
    const log = execFileSync('git', ['--git-dir', repo, 'log', '--format=%s', '--all'], { encoding: 'utf8' });
    expect(log).toContain('methodologies: add fix-a-failing-c-build, add review-unsafe-rust');

    const synced = await bob.run(['sync'], { JARVIS_METHODOLOGY_REPO: repo });
    expect(synced.code).toBe(0);
    expect(synced.stdout).toContain('synced 2 methodologies');
    expect(readFileSync(join(bob.dataDir, 'methodologies', 'fix-a-failing-c-build.md'), 'utf8')).toBe('# Fix a failing C build\n\nRead the first error first.\n');

    const shown = await bob.run(['show', 'Review unsafe Rust']);
    expect(shown.code).toBe(0);
    expect(shown.stdout).toBe('# Review unsafe Rust\n\nJustify every unsafe block.\n');
  });

  it.each([
    [['sync'], 'no methodology repository given', 2],
    [['show', 'nothing-here'], 'no methodology named "nothing-here"', 1],
    [['share', '--repo', '/nonexistent/repo.git'], 'there are no methodologies to share', 2],
  ])('fails with one line for %j', async (args, message, code) => {
    const base = tempTree({});
    const r = await user(base, 'erin').run(args);
    expect(r.code).toBe(code);
    expect(r.stderr).toContain(message);
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });
});
