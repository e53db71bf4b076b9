import { createTestDatabase, testBackends, type TestDatabase } from '@mam/db/testing';
import { createRepositories, type Repositories, type TStorageLocationInsert } from '@mam/db';

const local: TStorageLocationInsert = {
  name: 'Local storage',
  kind: 'local',
  types: ['upload', 'generated'],
  config: { pathPrefix: '' },
  enableDeletion: true,
};

describe.each(testBackends)('storage locations on %s', (backend) => {
  let database: TestDatabase;
  let repos: Repositories;
  let tenantA: string;
  let tenantB: string;

  beforeAll(async () => {
    database = await createTestDatabase(backend);
    repos = createRepositories(database.db);
    tenantA = (await repos.tenants.insert({ slug: 'alpha', name: 'Alpha', config: {} })).id;
    tenantB = (await repos.tenants.insert({ slug: 'bravo', name: 'Bravo', config: {} })).id;
  });
  afterAll(() => database.dispose());

  it('creates the built-in location once, however often it is ensured', async () => {
    const [first, second] = await Promise.all([
      repos.storageLocations.ensureBuiltIn(tenantA, local),
      repos.storageLocations.ensureBuiltIn(tenantA, local),
    ]);
    expect(first?.id).toBeDefined();
    expect(second?.id).toBe(first?.id);
    expect(await repos.storageLocations.list(tenantA)).toHaveLength(1);
    expect(await repos.storageLocations.findBuiltIn(tenantB)).toBeUndefined();
  });

  it('picks the marked default for a type, else the built-in one, else the oldest', async () => {
    const builtIn = (await repos.storageLocations.findBuiltIn(tenantA))!;
    expect((await repos.storageLocations.findDefault(tenantA, 'upload'))?.id).toBe(builtIn.id);
    expect(await repos.storageLocations.findDefault(tenantA, 'archive')).toBeUndefined();
    const s3 = { kind: 's3' as const, config: { pathPrefix: '', bucket: 'b' } };
    const archiveOne = await repos.storageLocations.insert(tenantA, { ...s3, name: 'Archive 1', types: ['archive'] });
    const archiveTwo = await repos.storageLocations.insert(tenantA, {
      ...s3,
      name: 'Archive 2',
      types: ['archive', 'upload'],
    });
    expect((await repos.storageLocations.findDefault(tenantA, 'archive'))?.id).toBe(archiveOne.id);
    expect((await repos.storageLocations.findDefault(tenantA, 'upload'))?.id).toBe(builtIn.id);
    await repos.storageLocations.update(tenantA, archiveTwo.id, { defaultTypes: ['archive', 'upload'] });
    expect((await repos.storageLocations.findDefault(tenantA, 'archive'))?.id).toBe(archiveTwo.id);
    expect((await repos.storageLocations.findDefault(tenantA, 'upload'))?.id).toBe(archiveTwo.id);
    await repos.storageLocations.update(tenantA, archiveOne.id, { defaultTypes: ['archive'] });
    await repos.storageLocations.clearDefaults(tenantA, ['archive'], archiveOne.id);
    expect((await repos.storageLocations.findById(tenantA, archiveTwo.id))?.defaultTypes).toEqual(['upload']);
    expect((await repos.storageLocations.findDefault(tenantA, 'archive'))?.id).toBe(archiveOne.id);
    expect(await repos.storageLocations.countWithType(tenantA, 'archive')).toBe(2);
    expect(await repos.storageLocations.countWithType(tenantB, 'archive')).toBe(0);
  });

  it('bumps the revision on every update', async () => {
    const row = await repos.storageLocations.insert(tenantA, { ...local, name: 'Revisions' });
    expect(row.revision).toBe(1);
    const updated = await repos.storageLocations.update(tenantA, row.id, { description: 'x' });
    expect(updated?.revision).toBe(2);
  });

  it('keeps locations inside their tenant', async () => {
    const [row] = await repos.storageLocations.list(tenantA);
    expect(await repos.storageLocations.findById(tenantB, row!.id)).toBeUndefined();
    expect(await repos.storageLocations.list(tenantB)).toEqual([]);
    expect(await repos.storageLocations.update(tenantB, row!.id, { name: 'Stolen' })).toBeUndefined();
    expect(await repos.storageLocations.delete(tenantB, row!.id)).toBe(false);
    expect(await repos.storageLocations.countVersionsUsing(tenantB, row!.id)).toBe(0);
    expect((await repos.storageLocations.findById(tenantA, row!.id))?.name).toBe('Local storage');
  });

  it('refuses a second location with the same name in a tenant, case-insensitively', async () => {
    await expect(repos.storageLocations.insert(tenantA, { ...local, name: 'LOCAL STORAGE' })).rejects.toThrow();
    await expect(repos.storageLocations.insert(tenantB, { ...local, name: 'Local storage' })).resolves.toBeDefined();
  });
});
