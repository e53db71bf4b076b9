// @ts-check

// One transform for every project: swc strips types and emits CommonJS, so jest needs no ESM mode.
/** @type {import('jest').Config['transform']} */
const transform = {
  '^.+\\.m?(t|j)sx?$': [
    '@swc/jest',
    { jsc: { parser: { syntax: 'typescript', tsx: true }, target: 'es2022' }, module: { type: 'commonjs' } },
  ],
};
// Packages that ship only ES modules are compiled to CommonJS too; found by their package.json, not listed by hand.
const fs = require('node:fs');
const path = require('node:path');
function esmOnlyPackages(dir = path.join(__dirname, 'node_modules')) {
  const names = [];
  for (const entry of fs.existsSync(dir) ? fs.readdirSync(dir) : []) {
    if (entry.startsWith('.')) continue;
    if (entry.startsWith('@')) {
      for (const sub of fs.readdirSync(path.join(dir, entry))) names.push(`${entry}/${sub}`);
    } else names.push(entry);
  }
  return names.filter((name) => {
    try {
      const pkg = JSON.parse(fs.readFileSync(path.join(dir, name, 'package.json'), 'utf8'));
      return (
        pkg.type === 'module' && !JSON.stringify(pkg.exports ?? {}).includes('"require"') && !pkg.main?.endsWith('.cjs')
      );
    } catch {
      return false;
    }
  });
}
const escape = (s) => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
const transformIgnorePatterns = [`/node_modules/(?!(${esmOnlyPackages().map(escape).join('|')})/)`];

const base = { transform, transformIgnorePatterns, testEnvironment: 'node' };

/** @type {import('jest').Config} */
const config = {
  // A global option (projects cannot set it): opening an on-disk embedded database, hashing passwords and driving
  // a browser take seconds; e2e specs raise it further themselves.
  testTimeout: 30_000,
  projects: [
    {
      ...base,
      displayName: 'unit',
      testMatch: ['<rootDir>/*/src/**/*.spec.ts', '<rootDir>/console/src/**/*.spec.ts'],
      testPathIgnorePatterns: ['\\.medium\\.spec\\.ts$', '/node_modules/'],
    },
    {
      ...base,
      displayName: 'medium',
      testMatch: ['<rootDir>/*/src/**/*.medium.spec.ts'],
    },
    {
      ...base,
      displayName: 'e2e',
      testMatch: ['<rootDir>/e2e/**/*.e2e.spec.ts'],
    },
  ],
};

module.exports = config;
