// Bundles the server with the common package into dist/main.js. The packages the server and
// common name as dependencies stay external and load from node_modules (one copy, shared with
// anything else that imports them), except better-auth: it and the packages only it uses are
// bundled, as its hundreds of small modules took about 0.6 s of every start to resolve and load.
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const BUNDLED_DEPENDENCY = 'better-auth';

const dependenciesOf = (file) => Object.keys(JSON.parse(readFileSync(file, 'utf8')).dependencies ?? {});
const sharedPackages = new Set(
  [...dependenciesOf('package.json'), ...dependenciesOf('../common/package.json')].filter(
    (name) => name !== BUNDLED_DEPENDENCY,
  ),
);

/** "@scope/name/sub/path" → "@scope/name"; "name/sub" → "name". */
const packageName = (specifier) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

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
        builder.onResolve({ filter: /^[^./]/ }, (args) => {
          const name = packageName(args.path);
          const bundled =
            name.startsWith('@bazaar/') ||
            name === BUNDLED_DEPENDENCY ||
            (args.importer.includes('/node_modules/') && !sharedPackages.has(name));
          return bundled ? undefined : { path: args.path, external: true };
        });
      },
    },
  ],
});
