import { isInAppRoute } from './bookmark-route';

describe('isInAppRoute', () => {
  it.each([
    '/',
    '/?q=goal',
    '/folders?folderId=7eb2c067-c5e2-4f69-95f3-7086c61f560d',
    '/item-details/7eb2c067-c5e2-4f69-95f3-7086c61f560d',
    '/search-item?q=goal%20scorers&sort=created',
    '/?q=goal scorers',
    '/settings/metadata-forms#fields',
    '/javascript:alert(1)',
    '/%2F%2Fhost.example',
  ])('takes %j', (route) => {
    expect(isInAppRoute(route)).toBe(true);
  });

  it.each([
    '',
    'folders',
    '//host.example',
    '//host.example/path',
    '/\\host.example',
    '/\\/host.example',
    '\\\\host.example',
    '/\t/host.example',
    '/\n/host.example',
    '/\r\n/host.example',
    '/ab\u0000',
    '/folders\\..\\x',
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'https://host.example/',
    'http:host.example',
    ' /folders',
  ])('refuses %j', (route) => {
    expect(isInAppRoute(route)).toBe(false);
  });
});
