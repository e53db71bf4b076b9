import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { buildOpenApiDocument } from './openapi';
import { v1Routes } from './v1/routes';

// The committed copy lets reviewers see API changes in diffs; CI regenerates it and fails on a difference.
const target = path.resolve(__dirname, '../../openapi.json');
const document = buildOpenApiDocument(v1Routes, { apiKeyHeader: 'Authorization', version: '0.1.0' });
writeFileSync(target, `${JSON.stringify(document, null, 2)}\n`);
console.log(`wrote ${path.relative(process.cwd(), target)}`);
