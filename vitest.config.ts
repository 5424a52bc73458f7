import { defineConfig } from 'vitest/config';

// `npm run test:unit`: the common, server and client projects. E2E has its own config.
export default defineConfig({
  test: {
    projects: ['common', 'server', 'client'],
  },
});
