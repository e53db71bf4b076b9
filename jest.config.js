// @ts-check

// One transform for every project: swc strips types and emits CommonJS, so jest needs no ESM mode.
/** @type {import('jest').Config['transform']} */
const transform = {
  '^.+\\.(t|j)sx?$': [
    '@swc/jest',
    { jsc: { parser: { syntax: 'typescript', tsx: true }, target: 'es2022' }, module: { type: 'commonjs' } },
  ],
};
// Packages that ship only ES modules are transformed too.
const transformIgnorePatterns = ['/node_modules/(?!(openid-client|oauth4webapi|jose)/)'];

const base = { transform, transformIgnorePatterns, testEnvironment: 'node' };

/** @type {import('jest').Config} */
const config = {
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
