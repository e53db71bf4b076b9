import { blockedExtensionOf } from './blocked-extensions';

describe('blockedExtensionOf', () => {
  it.each<[string, string[], string | null]>([
    ['movie.mp4', [], null],
    ['setup.exe', [], null],
    ['setup.exe', ['exe'], 'exe'],
    ['SETUP.EXE', ['exe'], 'exe'],
    ['setup.exe. ', ['exe'], 'exe'],
    ['setup.exe.txt', ['exe'], null],
    ['exe', ['exe'], null],
    ['notexe', ['exe'], null],
    ['.exe', ['exe'], 'exe'],
    ['backup.tar.gz', ['gz', 'tar.gz'], 'tar.gz'],
    ['backup.gz', ['gz', 'tar.gz'], 'gz'],
    ['clip.mov', ['exe', 'bat'], null],
    ['clip.mov', [''], null],
  ])('%j with %j → %p', (name, blocked, expected) => {
    expect(blockedExtensionOf(name, blocked)).toBe(expected);
  });
});
