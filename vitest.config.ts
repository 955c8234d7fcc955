import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // Two cores here: more forks only add contention for the gcc/cargo-driven tests.
    maxWorkers: 2,
  },
});
