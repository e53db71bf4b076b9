import { bookmarkDestination, bookmarkTargetOf } from './bookmark-target';

const id = '0b4f5d3c-1111-4222-8333-944445555666';

describe('bookmarkTargetOf', () => {
  it.each([
    [`/item-details/${id}`, '', { kind: 'item', target: { route: `/item-details/${id}`, itemId: id } }],
    [`/person-details/${id}`, '', { kind: 'person', target: { route: `/person-details/${id}`, personId: id } }],
    ['/folders', `?folderId=${id}`, { kind: 'folder', target: { route: `/folders?folderId=${id}`, folderId: id } }],
    ['/', '?q=goal&type=video', { kind: 'search', target: { route: '/?q=goal&type=video', query: 'goal' } }],
    ['/search-item', '', { kind: 'search', target: { route: '/search-item', query: '' } }],
    ['/activity', '', { kind: 'page', target: { route: '/activity' } }],
    ['/item-details/not-an-id', '', { kind: 'page', target: { route: '/item-details/not-an-id' } }],
  ])('%s%s', (pathname, search, expected) => {
    expect(bookmarkTargetOf(pathname, search)).toEqual(expected);
  });
});

describe('bookmarkDestination', () => {
  it.each([
    ['/folders?folderId=x', '/folders?folderId=x'],
    ['/?q=goal', '/?q=goal'],
    ['/\\evil.example/x', '/'],
    ['//evil.example', '/'],
    ['/\\/evil.example', '/'],
    ['/\t/evil.example', '/'],
    ['javascript:alert(1)', '/'],
    ['https://evil.example', '/'],
    [undefined, '/'],
    [null, '/'],
  ])('follows %j to %j', (route, destination) => {
    expect(bookmarkDestination(route)).toBe(destination);
  });
});
