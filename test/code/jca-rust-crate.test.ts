import { mkdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { git, gitRepo, patch, runJca, scriptedEnv, transcriptOf } from './support.js';

/** The same loop on a dependency-free crate: rustc's JSON diagnostics and `cargo test` failures reach the model. */

// one target dir for every run: a cold cargo build on two loaded cores is the slow part
const TARGET = join(tmpdir(), 'jarvis-jca-test-target');
mkdirSync(TARGET, { recursive: true });

const CRATE = {
  'Cargo.toml': '[package]\nname = "adder"\nversion = "0.1.0"\nedition = "2021"\n\n[dependencies]\n',
  'src/lib.rs': 'pub fn add(a: i32, b: i32) -> i32 {\n    a - b\n}\n\n#[cfg(test)]\nmod tests {\n    use super::*;\n\n    #[test]\n    fn adds() {\n        assert_eq!(add(2, 2), 4);\n    }\n}\n',
  // a library's lock file is not committed (and cargo versions write different lock formats)
  '.gitignore': '/target\nCargo.lock\n',
};

describe('jca on a Rust crate with cargo', () => {
  it('feeds rustc JSON errors and cargo test failures back until the tests pass', async () => {
    const repo = gitRepo(CRATE);
    const s = scriptedEnv([
      { reply: patch('src/lib.rs', '    a - b', '    a + b;'), expect: 'test tests::adds (src/lib.rs:11:9)' },
      { reply: patch('src/lib.rs', '    a + b;', '    a + b'), expect: 'error[E0308]: mismatched types' },
      { reply: 'Fixed. <!!!COMPLETE!!!>', expect: 'Verification passed' },
    ]);
    const r = await runJca(['-n', '-r', 'fix add', '--prefix', 'rust:'], { cwd: repo, ...s, env: { ...s.env, CARGO_TARGET_DIR: TARGET, CARGO_NET_OFFLINE: 'true' } });

    expect(r.code, r.stderr + r.stdout).toBe(0);
    expect(readFileSync(join(repo, 'src/lib.rs'), 'utf8')).toContain('    a + b\n');
    const log = git(repo, 'log', '--format=%s').trim().split('\n');
    expect(log.slice(0, 2).every((m) => m.startsWith('rust: jca: fix add'))).toBe(true);
    expect(log).toHaveLength(3);
    expect(git(repo, 'status', '--porcelain')).toBe('');
    const requests = transcriptOf(repo).filter((x) => x.type === 'request');
    expect(JSON.stringify(requests[1])).toMatch(/src\/lib\.rs:\d+:\d+: error\[E0308\]: mismatched types/);

    const stats = await runJca(['stats', '--json'], { cwd: repo, ...s });
    expect(JSON.parse(stats.stdout)).toMatchObject({ commits: 2, files: 1 });
  }, 180_000);
});
