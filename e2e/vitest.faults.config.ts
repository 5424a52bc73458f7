import { defineConfig } from 'vitest/config';

// `npm run test:faults`: the slow fault and soak cases against the production build. Not part
// of `npm test`; CI runs it as a step of its own. One file at a time: each starts its own
// PostgreSQL and app processes, and the machine has two cores.
export default defineConfig({
  test: {
    name: 'faults',
    root: import.meta.dirname,
    include: ['faults/**/*.fault.ts'],
    fileParallelism: false,
    testTimeout: 15 * 60_000,
    hookTimeout: 120_000,
  },
});
