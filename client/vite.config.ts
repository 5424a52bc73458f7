import { readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type Rolldown } from 'vite';

type ChunkingContext = Rolldown.ChunkingContext;

// In development (npm run dev) the API runs on its own port and Vite proxies to it.
const apiTarget = process.env.BAZAAR_API_URL ?? 'http://localhost:3000';

const COMPRESSIBLE = /\.(js|css|svg|json)$/;
const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Writes a .br and a .gz beside every built script and stylesheet (at the strongest
 * levels, once per build), which the server sends to browsers that accept them: no
 * compression work per request, and 20–25 % fewer bytes than on-the-fly gzip.
 */
function precompress(): Plugin {
  return {
    name: 'bazaar-precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      const outDir = options.dir ?? 'dist';
      const files = Object.keys(bundle).filter((file) => COMPRESSIBLE.test(file));
      await Promise.all(
        files.map(async (file) => {
          const target = path.join(outDir, file);
          const content = await readFile(target);
          await writeFile(
            `${target}.br`,
            await brotli(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
          );
          await writeFile(`${target}.gz`, await gzipAsync(content, { level: 9 }));
        }),
      );
    },
  };
}

/**
 * Marks the entry script (and any modulepreload of its imports) `fetchpriority="low"`: a
 * public page arrives rendered (decision 0025), so its stylesheet and first photos matter to
 * the first paint and the entry only to what the page does next. The entry fetches the
 * app's code itself, after the first paint (src/main.tsx).
 */
function lowPriorityScripts(): Plugin {
  return {
    name: 'bazaar-low-priority-scripts',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (html) =>
        html.replace(
          /<(script type="module"|link rel="modulepreload")(?![^>]*fetchpriority)/g,
          '<$1 fetchpriority="low"',
        ),
    },
  };
}

/**
 * Imports each lucide icon from its own module instead of the package's index. Through the
 * index, which imports every icon, each icon the app uses anywhere was "imported from" the
 * header, so the shell (see shellChunk) carried all of them to every page; importing an icon
 * where it is used puts it with the pages that use it. The index's lines
 * (`export { default as Heart, default as HeartIcon, … } from './icons/heart.mjs'`) give each
 * name's module; a name not found there, or a type, stays imported from the index.
 */
function iconsByModule(): Plugin {
  const iconModules = new Map<string, string>();
  const IMPORT = /import\s*\{([^}]*)\}\s*from\s*'lucide-react';/g;
  return {
    name: 'bazaar-icons-by-module',
    apply: 'build',
    enforce: 'pre',
    async buildStart() {
      const index = createRequire(import.meta.url)
        .resolve('lucide-react')
        .replace(/dist[\\/]cjs[\\/]lucide-react\.js$/, 'dist/esm/lucide-react.mjs');
      const source = await readFile(index, 'utf8');
      for (const [, names, file] of source.matchAll(/export \{([^}]*)\} from '(\.\/icons\/[^']+)';/g)) {
        for (const [, name] of names!.matchAll(/default as (\w+)/g)) {
          iconModules.set(name!, path.join(path.dirname(index), file!));
        }
      }
      if (iconModules.size === 0) this.error(`No icon modules found in ${index}`);
    },
    transform(code, id) {
      if (!/client[\\/]src[\\/].*\.tsx?$/.test(id) || !code.includes("'lucide-react'")) return null;
      // Each statement keeps its lines, so no code after it moves and `map: null` keeps the map.
      const transformed = code.replace(IMPORT, (statement, list: string) => {
        const names = list
          .split(',')
          .map((name) => name.trim())
          .filter(Boolean);
        const kept = names.filter((name) => !iconModules.has(name.split(/\s+as\s+/)[0]!));
        const moved = names
          .filter((name) => !kept.includes(name))
          .map((name) => {
            const [imported, local = imported] = name.split(/\s+as\s+/);
            return `import ${local} from ${JSON.stringify(iconModules.get(imported!))};`;
          });
        if (moved.length === 0) return statement;
        const rest = kept.length > 0 ? [`import { ${kept.join(', ')} } from 'lucide-react';`] : [];
        return [...moved, ...rest].join(' ') + '\n'.repeat(statement.split('\n').length - 1);
      });
      return transformed === code ? null : { code: transformed, map: null };
    },
  };
}

/**
 * React Router's production build, and only what the app uses of it. The package's exports
 * name its development build for every condition (remix-run/react-router#12532, #14102): its
 * warnings, and their texts, came with every page. Its bundle also leaves its components'
 * `forwardRef` calls unmarked as pure and gives each a `displayName` afterwards, so the
 * tree-shaking kept the `<Form>` the app never renders (with its submission code): 1.3 kB gzip
 * of every page's first load. Both are mended for the builds (the development server keeps the
 * warnings); the build fails if the bundle no longer looks as expected, rather than growing
 * without a sound.
 */
function reactRouterProduction(): Plugin {
  const require = createRequire(import.meta.url);
  const development = /[\\/]react-router[\\/]dist[\\/]development[\\/]/;
  const production = /[\\/]react-router[\\/]dist[\\/]production[\\/]chunk-[^\\/]+\.mjs$/;
  return {
    name: 'bazaar-react-router-production',
    apply: 'build',
    enforce: 'pre',
    resolveId(source) {
      if (source !== 'react-router') return null;
      const resolved = require.resolve('react-router').replace(/\.js$/, '.mjs');
      if (!development.test(resolved))
        this.error(`react-router resolves to ${resolved}, not its development build`);
      return resolved.replace(development, '/react-router/dist/production/'.replaceAll('/', path.sep));
    },
    transform(code, id) {
      if (!production.test(id) || !code.includes('forwardRef(')) return null;
      const marked = code
        .replace(/= (React\d*\.forwardRef\()/g, '= /* @__PURE__ */ $1')
        .replace(/^\w+\.displayName = "[^"]*";$/gm, '');
      if (!marked.includes('var Link = /* @__PURE__ */'))
        this.error(`No forwardRef component marked in ${id}`);
      return { code: marked, map: null };
    },
  };
}

/** Whether a module is `root` or imported by a chain of static imports from it. */
function importedFrom(root: RegExp, context: ChunkingContext): (id: string) => boolean {
  const known = new Map<string, boolean>();
  return (id) => {
    const seen = new Set<string>();
    const reaches = (current: string): boolean => {
      const answer = known.get(current);
      if (answer !== undefined) return answer;
      if (seen.has(current)) return false;
      seen.add(current);
      return root.test(current) || (context.getModuleInfo(current)?.importers ?? []).some(reaches);
    };
    const found = reaches(id);
    // A search that did not find the root met every importer of each module it saw: none
    // of them reaches it. (One that did may have cut a cycle short: only `id` is known.)
    if (found) known.set(id, true);
    else for (const module of seen) known.set(module, false);
    return found;
  };
}

const ENTRY = /client[\\/]src[\\/]main\.tsx$/;
const START = /client[\\/]src[\\/]app[\\/]start\.tsx$/;
/** The shell's sources: the app's own modules, and the small packages of its components. */
const SHELL_SOURCES =
  /client[\\/]src[\\/]|node_modules[\\/](lucide-react|clsx|class-variance-authority)[\\/]/;

/**
 * Names `shell` each of SHELL_SOURCES that the app's start (src/app/start.tsx) imports,
 * directly or not, and the entry does not: what every page runs after its first paint, in one
 * chunk instead of about twenty, for each script that arrives costs the browser a task (13–24
 * ms under Lighthouse, bench/README.md "Stop 29"). The larger packages keep chunks of their own,
 * shared with the pages that use them alone.
 */
function shellChunk(): (id: string, context: ChunkingContext) => string | null {
  const passes = new WeakMap<
    ChunkingContext,
    { fromStart: (id: string) => boolean; fromEntry: (id: string) => boolean }
  >();
  return (id, context) => {
    let pass = passes.get(context);
    if (!pass) {
      pass = { fromStart: importedFrom(START, context), fromEntry: importedFrom(ENTRY, context) };
      passes.set(context, pass);
    }
    return SHELL_SOURCES.test(id) && pass.fromStart(id) && !pass.fromEntry(id) ? 'shell' : null;
  };
}

const APP_SOURCE = /client[\\/]src[\\/]/;
const HOME_PAGE = /client[\\/]src[\\/]features[\\/]home[\\/]home-page\.tsx$/;

/**
 * Names the icons several pages use but the shell does not (iconsByModule): `browse-icons`
 * those of the home page, its cards and categories (most visits begin there, and the search
 * pages use them too), `icons` the others. In one chunk the home page loaded 52 for its 24.
 */
function iconsChunk(): (id: string, context: ChunkingContext) => string {
  const passes = new WeakMap<ChunkingContext, (id: string) => boolean>();
  return (id, context) => {
    let fromHome = passes.get(context);
    if (!fromHome) {
      fromHome = importedFrom(HOME_PAGE, context);
      passes.set(context, fromHome);
    }
    // Not through lucide's index, which imports every icon (and the tree-shaking then drops).
    const importers = (context.getModuleInfo(id)?.importers ?? []).filter((importer) =>
      APP_SOURCE.test(importer),
    );
    return importers.some(fromHome) ? 'browse-icons' : 'icons';
  };
}

/**
 * Fails the build when the entry imports a chunk: it runs before the first paint and must stay
 * alone (src/main.tsx), which a change of the chunks could undo without a sound.
 */
function entryAlone(): Plugin {
  return {
    name: 'bazaar-entry-alone',
    apply: 'build',
    generateBundle(_options, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type === 'chunk' && chunk.isEntry && chunk.imports.length > 0) {
          this.error(`The entry ${chunk.fileName} imports ${chunk.imports.join(', ')}: it must stay alone`);
        }
      }
    },
  };
}

/**
 * What a lazy import preloads beside its chunk (Vite's `__vite__mapDeps`): only the chunks not
 * loaded already. Vite lists every chunk the imported one needs, react-dom and the router among
 * them, in each of the shell's 28 lazy imports (the pages, the signed-in header): bytes of
 * every first load that preload nothing. By the time a lazy import runs, the app has started
 * (the entry, then src/app/start.tsx with what it imports) and its importer has loaded what it
 * imports; those are left out. The entry's own import of the app keeps its whole list.
 */
function preloadOnlyWhatIsMissing() {
  const loadedWith = new Map<string, Set<string>>();
  const plugin: Plugin = {
    name: 'bazaar-preload-only-what-is-missing',
    apply: 'build',
    // Before Vite's own generateBundle, which writes the lists (resolveDependencies below).
    generateBundle(_options, bundle) {
      const chunks = new Map<string, Rolldown.OutputChunk>();
      for (const output of Object.values(bundle))
        if (output.type === 'chunk') chunks.set(output.fileName, output);
      const closure = (roots: string[]) => {
        const found = new Set<string>();
        const visit = (file: string) => {
          if (found.has(file)) return;
          found.add(file);
          chunks.get(file)?.imports.forEach(visit);
        };
        roots.forEach(visit);
        return found;
      };
      const entry = [...chunks.values()].find((chunk) => chunk.isEntry);
      if (!entry) this.error('The client build has no entry chunk');
      const started = closure([entry.fileName, ...entry.dynamicImports]);
      for (const chunk of chunks.values()) {
        if (chunk !== entry)
          loadedWith.set(chunk.fileName, new Set([...started, ...closure([chunk.fileName])]));
      }
    },
  };
  const resolveDependencies = (_file: string, deps: string[], { hostId }: { hostId: string }) => {
    const loaded = loadedWith.get(hostId);
    return loaded ? deps.filter((dep) => !loaded.has(dep)) : deps;
  };
  return { plugin, resolveDependencies };
}

const preloads = preloadOnlyWhatIsMissing();

// `vite build --ssr` (npm run build's second step) makes the server's render of the public
// pages (src/entry-server.tsx, decision 0025) into dist-ssr/, which the server imports.
export default defineConfig(({ isSsrBuild, mode }) => ({
  plugins: [
    reactRouterProduction(),
    react(),
    tailwindcss(),
    ...(isSsrBuild
      ? []
      : [iconsByModule(), preloads.plugin, precompress(), lowPriorityScripts(), entryAlone()]),
  ],
  server: {
    port: 5173,
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/media': { target: apiTarget },
      // The payment popup's server-rendered pages (demo provider, return from Stripe).
      '/checkout': { target: apiTarget },
    },
  },
  // The server render carries its packages (React's production build among them): it loads
  // nothing from node_modules at run time.
  ssr: { noExternal: true },
  // ...and only the production one, whatever NODE_ENV the server runs with.
  define: isSsrBuild ? { 'process.env.NODE_ENV': JSON.stringify(mode) } : undefined,
  build: isSsrBuild
    ? { outDir: 'dist-ssr', emptyOutDir: true, sourcemap: true, copyPublicDir: false }
    : {
        outDir: 'dist',
        emptyOutDir: true,
        // Written for error trackers and debugging, referenced by no file: the server sends them
        // only when SERVE_SOURCE_MAPS is set (with a SourceMap header on each script).
        sourcemap: 'hidden',
        // dist/.vite/manifest.json: which files each route loads first (read by the bench).
        manifest: true,
        modulePreload: { resolveDependencies: preloads.resolveDependencies },
        // Building a zod schema has no side effect: a page that imports a constant from one of
        // common's modules does not carry its schemas, nor zod when it parses nothing.
        rolldownOptions: {
          treeshake: { manualPureFunctions: ['z'] },
          // React DOM in a chunk of its own: the entry runs the page's chunks one task each
          // (src/main.tsx), and inside the app's chunk it made that chunk's task twice as long.
          output: {
            codeSplitting: {
              groups: [
                { name: 'react-dom', test: /node_modules[\\/]react-dom[\\/]/, priority: 2 },
                // Only what shellChunk names: not what it imports besides (the entry's own modules).
                { name: shellChunk(), priority: 1, includeDependenciesRecursively: false },
                // Two chunks, not one each (iconsChunk).
                { name: iconsChunk(), test: /node_modules[\\/]lucide-react[\\/]/, minShareCount: 2 },
              ],
            },
          },
        },
      },
}));
