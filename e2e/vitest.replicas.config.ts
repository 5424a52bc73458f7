import { defineConfig } from 'vitest/config';

// `npm run test:replicas`: read replicas against a real streaming replica (decision 0023), on
// the machine's PostgreSQL server binaries, under the production build. Not part of `npm
// test`; CI runs it as a step of its own.
export default defineConfig({
  test: {
    name: 'replicas',
    root: import.meta.dirname,
    include: ['replicas/**/*.replica.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
