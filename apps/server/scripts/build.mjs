// Bundles the server (and the shared package it imports as source) into dist/main.js, and the
// admin:create command into dist/admin-create.js.
// Runtime dependencies stay external and are loaded from node_modules.
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@otaku/'));

await build({
  entryPoints: { main: 'src/main.ts', 'admin-create': 'src/cli/admin-create.ts' },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external,
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
  logLevel: 'warning',
});
