import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { saveMethodology, shareMethodologies, syncMethodologies, type MethodologyPlaces } from '../../src/agent/methodology/index.js';
import { tempTree } from '../support/temp-tree.js';

/** Sharing through a real local bare repository, between users with separate data dirs. */

function setup() {
  const base = tempTree({});
  const repo = join(base, 'shared.git');
  execFileSync('git', ['init', '--quiet', '--bare', repo]);
  // a private HOME: no user git identity, as on a fresh CI machine
  const env = { PATH: process.env.PATH ?? '', HOME: base, GIT_CONFIG_NOSYSTEM: '1' };
  const userOf = (who: string): { places: MethodologyPlaces; ctx: { places: MethodologyPlaces; repo: string; env: NodeJS.ProcessEnv } } => {
    const places = { root: join(base, who, 'project'), dataDir: join(base, who, '.jarvis') };
    return { places, ctx: { places, repo, env } };
  };
  return { repo, userOf };
}

describe('methodology sharing', () => {
  it('keeps a differing local copy on sync unless overwrite is given', async () => {
    const { userOf } = setup();
    const a = userOf('a');
    const b = userOf('b');
    saveMethodology(a.places, { problemType: 'Review unsafe Rust', content: 'v1', scope: 'global' });
    expect(await shareMethodologies(a.ctx)).toEqual({ added: ['review-unsafe-rust'], updated: [], unchanged: [], conflicts: [] });
    expect(await shareMethodologies(a.ctx)).toEqual({ added: [], updated: [], unchanged: ['review-unsafe-rust'], conflicts: [] });
    expect((await syncMethodologies(b.ctx)).added).toEqual(['review-unsafe-rust']);

    saveMethodology(b.places, { problemType: 'Review unsafe Rust', content: 'v2', scope: 'global' });
    expect((await shareMethodologies(b.ctx, ['review-unsafe-rust'])).updated).toEqual(['review-unsafe-rust']);
    expect((await syncMethodologies(a.ctx)).conflicts).toEqual(['review-unsafe-rust']);
    expect(readFileSync(join(a.places.dataDir, 'methodologies', 'review-unsafe-rust.md'), 'utf8')).toContain('v1');
    expect((await syncMethodologies(a.ctx, { overwrite: true })).updated).toEqual(['review-unsafe-rust']);
    expect(readFileSync(join(a.places.dataDir, 'methodologies', 'review-unsafe-rust.md'), 'utf8')).toContain('v2');
  });

  it('syncs an empty repository to nothing and can sync into the project scope', async () => {
    const { userOf } = setup();
    const c = userOf('c');
    expect(await syncMethodologies(c.ctx)).toEqual({ added: [], updated: [], unchanged: [], conflicts: [] });
    saveMethodology(c.places, { problemType: 'Triage a crash', content: 'Reproduce first.', scope: 'global' });
    await shareMethodologies(c.ctx);
    const d = userOf('d');
    await syncMethodologies(d.ctx, { scope: 'project' });
    expect(existsSync(join(d.places.root, '.jarvis', 'methodologies', 'triage-a-crash.md'))).toBe(true);
  });

  it('builds on what others pushed since its clone was last used', async () => {
    const { repo, userOf } = setup();
    const a = userOf('a');
    const b = userOf('b');
    saveMethodology(a.places, { problemType: 'First', content: 'one' });
    saveMethodology(b.places, { problemType: 'Second', content: 'two' });
    // both users have a cached clone; b's is behind once a pushes
    await shareMethodologies(a.ctx);
    await syncMethodologies(b.ctx);
    saveMethodology(a.places, { problemType: 'Third', content: 'three' });
    await shareMethodologies(a.ctx, ['third']);
    await shareMethodologies(b.ctx, ['second']);
    const files = execFileSync('git', ['--git-dir', repo, 'ls-tree', '--name-only', '-r', 'HEAD'], { encoding: 'utf8' }).trim().split('\n');
    expect(files.sort()).toEqual(['methodologies/first.md', 'methodologies/second.md', 'methodologies/third.md']);
  });

  it('redoes a push the repository rejected once, on top of the current remote', async () => {
    const { repo, userOf } = setup();
    const a = userOf('a');
    saveMethodology(a.places, { problemType: 'First', content: 'one' });
    await shareMethodologies(a.ctx);
    // the next push is refused once, as when another user's push landed first
    writeFileSync(join(repo, 'reject-once'), '');
    const hook = join(repo, 'hooks', 'pre-receive');
    writeFileSync(hook, '#!/bin/sh\nif [ -f "$GIT_DIR/reject-once" ]; then rm "$GIT_DIR/reject-once"; echo "busy, try again" >&2; exit 1; fi\n');
    chmodSync(hook, 0o755);
    saveMethodology(a.places, { problemType: 'Second', content: 'two' });
    expect((await shareMethodologies(a.ctx, ['second'])).added).toEqual(['second']);
    expect(existsSync(join(repo, 'reject-once'))).toBe(false);
    const log = execFileSync('git', ['--git-dir', repo, 'log', '--format=%s'], { encoding: 'utf8' }).trim().split('\n');
    expect(log).toEqual(['methodologies: add second', 'methodologies: add first']);
  });

  it('reports a push refused twice with git\'s reason', async () => {
    const { repo, userOf } = setup();
    const a = userOf('a');
    const hook = join(repo, 'hooks', 'pre-receive');
    writeFileSync(hook, '#!/bin/sh\necho "read-only mirror" >&2\nexit 1\n');
    chmodSync(hook, 0o755);
    saveMethodology(a.places, { problemType: 'First', content: 'one' });
    await expect(shareMethodologies(a.ctx)).rejects.toThrow(/push to .*shared\.git failed/);
  });

  it('refuses to share a name that does not exist', async () => {
    const { userOf } = setup();
    await expect(shareMethodologies(userOf('e').ctx, ['ghost'])).rejects.toThrow('no methodology named "ghost"');
  });
});
