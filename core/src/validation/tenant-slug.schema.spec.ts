import { ZTenantSlug } from './tenant-slug.schema';

describe('ZTenantSlug', () => {
  it.each<[string, string]>([
    ['ab', 'ab'],
    ['acme', 'acme'],
    ['nrk-p3', 'nrk-p3'],
    ['2m', '2m'],
    [' Acme-TV ', 'acme-tv'],
    ['a'.repeat(40), 'a'.repeat(40)],
  ])('accepts %j as %j', (input, expected) => {
    expect(ZTenantSlug.parse(input)).toBe(expected);
  });

  it.each(['', 'a', 'a'.repeat(41), '-acme', 'acme-', 'ac me', 'acme_tv', 'æøå', 'acme.tv', 'acme/tv'])(
    'rejects %j',
    (input) => {
      expect(ZTenantSlug.safeParse(input).success).toBe(false);
    },
  );
});
