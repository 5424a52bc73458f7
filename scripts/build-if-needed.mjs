// `npm start` runs this first: it builds the client and server when a build is missing or
// older than the sources, so a fresh clone needs only `npm install && npm start`.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
// The client, its server render of the public pages (decision 0025) and the server.
const outputs = ['client/dist/index.html', 'client/dist-ssr/entry-server.js', 'server/dist/main.js'].map(
  (file) => path.join(root, file),
);
const sources = [
  'common/src',
  'server/src',
  'client/src',
  'client/public',
  'client/index.html',
  'client/vite.config.ts',
];

function newestModification(target) {
  if (!existsSync(target)) return 0;
  const stats = statSync(target);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return readdirSync(target).reduce(
    (newest, entry) => Math.max(newest, newestModification(path.join(target, entry))),
    stats.mtimeMs,
  );
}

const isMissing = outputs.some((output) => !existsSync(output));
const builtAt = isMissing ? 0 : Math.min(...outputs.map((output) => statSync(output).mtimeMs));
const changedAt = Math.max(...sources.map((source) => newestModification(path.join(root, source))));

if (isMissing || changedAt > builtAt) {
  console.log(
    isMissing ? 'Building Bazaar (first start)…' : 'Sources changed since the last build; rebuilding…',
  );
  execSync('npm run build', { cwd: root, stdio: 'inherit' });
}
