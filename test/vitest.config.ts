import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    root: new URL('..', import.meta.url).pathname,
    include: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
    exclude: ['test/fixtures/**', 'node_modules/**'],
    testTimeout: 20_000,
    hookTimeout: 30_000,
    // Tests start real servers and child processes: two workers match this 2-core machine.
    maxWorkers: 2,
    server: { deps: { inline: ['trpc-electron'] } },
  },
});
