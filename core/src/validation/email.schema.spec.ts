import { catchAppError } from '../testing/catch-app-error';
import { parseEmailList, ZEmail } from './email.schema';

describe('parseEmailList', () => {
  it.each<[string, string[]]>([
    ['', []],
    ['   ', []],
    ['a@example.com', ['a@example.com']],
    ['a@example.com b@example.com', ['a@example.com', 'b@example.com']],
    ['a@example.com,b@example.com', ['a@example.com', 'b@example.com']],
    ['a@example.com;b@example.com', ['a@example.com', 'b@example.com']],
    [' a@example.com ,; b@example.com\n\tc@example.no ', ['a@example.com', 'b@example.com', 'c@example.no']],
    ['A@Example.COM, a@example.com', ['a@example.com']],
    ['first.last+tag@sub.example.co.uk', ['first.last+tag@sub.example.co.uk']],
  ])('%j → %j', (text, expected) => {
    expect(parseEmailList(text)).toEqual(expected);
  });

  it.each<[string, string, string, string[]]>([
    ['not-an-email', 'not-an-email', 'not-an-email', ['0']],
    ['a@example.com, b@', 'b@', 'b@', ['1']],
    ['a@example.com x y@example.com', 'x', 'x', ['1']],
    ['@example.com;c@example.com;a@b', '@example.com', '@example.com, a@b', ['0', '2']],
    ['a@example..com', 'a@example..com', 'a@example..com', ['0']],
  ])('%j is rejected naming %j', (text, email, invalid, positions) => {
    const error = catchAppError(() => parseEmailList(text));
    expect(error.code).toBe('INVALID_EMAIL');
    expect(error.message).toBe('Invalid email address');
    expect(error.params).toEqual({ email, invalid });
    expect(error.issues.map((issue) => issue.path)).toEqual(positions);
  });
});

describe('ZEmail', () => {
  it.each<[string, string | null]>([
    [' Ola.Nordmann@Example.NO ', 'ola.nordmann@example.no'],
    ['a@b', null],
    [`${'a'.repeat(250)}@example.com`, null],
  ])('%j → %j', (input, expected) => {
    const parsed = ZEmail.safeParse(input);
    expect(parsed.success ? parsed.data : null).toBe(expected);
  });

  it('uses the catalogue message', () => {
    expect(ZEmail.safeParse('nope').error?.issues[0]?.message).toBe('Invalid email address');
  });
});
