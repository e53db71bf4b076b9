// `node scripts/build-server.mjs`: the server's entry points bundled into dist/ as CommonJS for Node 20, so the
// product runs compiled JavaScript (no TypeScript loader at run time).
import { existsSync, realpathSync } from 'node:fs';
import { builtinModules, createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

/** What `node dist/<name>.js` runs, by source. */
export const serverEntryPoints = {
  main: 'api/src/main.ts',
  'worker-main': 'api/src/worker-main.ts',
  cli: 'api/src/cli/main.ts',
};

const builtins = new Set(builtinModules);

function packageName(specifier) {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/**
 * The workspace packages (@mam/*) point at TypeScript sources and are bundled. A package the sources import stays
 * outside when dist/ finds it as the sources do, in the root node_modules, and Node can require() it; otherwise
 * (a version installed inside a workspace, core/node_modules/…, or an ES-module-only package) it is bundled, with
 * what it imports.
 */
function externalInstalledPackages(root) {
  const requireFromRoot = createRequire(path.join(root, 'package.json'));
  const requirable = (specifier) => {
    try {
      requireFromRoot.resolve(specifier);
      return true;
    } catch {
      return false;
    }
  };
  const installedInRoot = (specifier, fromDir) => {
    const name = packageName(specifier);
    for (let dir = fromDir; ; dir = path.dirname(dir)) {
      const candidate = path.join(dir, 'node_modules', name);
      if (existsSync(candidate)) {
        const workspace = !realpathSync(candidate).includes(`${path.sep}node_modules${path.sep}`);
        return dir === root && !workspace;
      }
      if (dir === path.dirname(dir)) return false;
    }
  };
  return {
    name: 'external-installed-packages',
    setup(builder) {
      builder.onResolve({ filter: /^[^./]/ }, (args) => {
        if (args.path.startsWith('node:') || builtins.has(args.path)) return { path: args.path, external: true };
        // Found at run time beside the sources (the console's build, migrations, the workflows for Temporal).
        if (args.kind === 'require-resolve') return { path: args.path, external: true };
        if (args.importer.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
        if (installedInRoot(args.path, args.resolveDir) && requirable(args.path)) {
          return { path: args.path, external: true };
        }
        return undefined;
      });
    },
  };
}

export async function buildServer(root) {
  const outdir = path.join(root, 'dist');
  const result = await build({
    absWorkingDir: root,
    entryPoints: Object.fromEntries(
      Object.entries(serverEntryPoints).map(([name, source]) => [name, path.join(root, source)]),
    ),
    outdir,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    sourcemap: true,
    // Stack traces and pino's logs name functions and classes as written.
    keepNames: true,
    plugins: [externalInstalledPackages(root)],
    logLevel: 'warning',
    metafile: true,
  });
  return result;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const started = performance.now();
  // No top-level await: the end-to-end tests and the bench load this module through require().
  buildServer(root).then(
    () => console.error(`Server built into dist/ in ${Math.round(performance.now() - started)} ms.`),
    () => process.exit(1),
  );
}
