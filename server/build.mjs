// Bundles the server with the common package into dist/main.js. Other packages stay
// external and load from node_modules; common is TypeScript source, so it is bundled.
import { build } from 'esbuild';

await build({
  entryPoints: ['src/main.ts'],
  outfile: 'dist/main.js',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [
    {
      name: 'external-packages',
      setup(builder) {
        builder.onResolve({ filter: /^[^./]/ }, (args) =>
          args.path.startsWith('@bazaar/') ? undefined : { path: args.path, external: true },
        );
      },
    },
  ],
});
