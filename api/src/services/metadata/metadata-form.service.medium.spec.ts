import { schema } from '@mam/db';
import { testBackends } from '@mam/db/testing';
import { and, eq } from 'drizzle-orm';
import { adminActor } from '../../testing/library-fixtures';
import { createTenant, createTestApp, type TestApp } from '../../testing/test-app';

const form = (label: string) => ({
  id: 'sport',
  label,
  active: true,
  views: { item: [] },
  fields: [{ id: 'f1', fieldId: 'headline', label: 'Headline', type: 'Text' }],
});

describe.each(testBackends)('stored metadata forms on %s', (backend) => {
  let t: TestApp;
  let tenant: Awaited<ReturnType<typeof createTenant>>;
  let tenantId: string;
  beforeAll(async () => {
    t = await createTestApp(backend);
    tenant = await createTenant(t, 'alpha');
    tenantId = tenant.tenant.id;
    await t.services.metadataForms.create(await adminActor(t, tenant), form('Sport logging'), null);
  });
  afterAll(() => t.dispose());

  const loaded = async () =>
    (await t.services.metadataForms.loadAll(tenantId)).find(({ form }) => form.id === 'sport')!;

  it('serves what is stored, whatever revision it carries', async () => {
    const first = await loaded();
    expect(first.form.label).toBe('Sport logging');
    await t.services.metadataForms.update(
      await adminActor(t, tenant),
      first.row.id,
      first.row.revision,
      form('Sport'),
      null,
    );
    const second = await loaded();
    expect([second.row.revision, second.form.label]).toEqual([first.row.revision + 1, 'Sport']);
    // A save rolled back can leave the next save the same revision with another definition: the parsed form follows
    // the definition.
    const table = schema.metadataForm;
    await t.database.db
      .update(table)
      .set({ definition: form('Sport desk') as never })
      .where(and(eq(table.tenantId, tenantId), eq(table.id, first.row.id)));
    const third = await loaded();
    expect([third.row.revision, third.form.label]).toEqual([second.row.revision, 'Sport desk']);
  });

  it('shares a parsed form read-only between the requests that read it', async () => {
    const { form: parsed } = await loaded();
    expect((await loaded()).form).toBe(parsed);
    expect(() => parsed.fields.push(parsed.fields[0]!)).toThrow(TypeError);
    expect(() => {
      parsed.fields[0]!.label = 'Changed';
    }).toThrow(TypeError);
  });
});
