import { allSucceeded, carriesFiles, uploadDestination } from './upload-destination';

const folders = [
  { id: 'f-1', name: 'Sport', canAddTo: true },
  { id: 'f-2', name: 'Archive', canAddTo: false },
];
const fallback = { folderId: 'inbox', folderName: 'Inbox' };

describe('uploadDestination', () => {
  it('uses the folder open on the folders page', () => {
    expect(uploadDestination({ pathname: '/folders', search: '?folderId=f-1' }, folders, fallback)).toEqual({
      folderId: 'f-1',
      folderName: 'Sport',
    });
  });

  it('uses the default folder elsewhere, and where the open folder takes no uploads from the user', () => {
    expect(uploadDestination({ pathname: '/', search: '?folderId=f-1' }, folders, fallback)).toBe(fallback);
    expect(uploadDestination({ pathname: '/folders', search: '?folderId=f-2' }, folders, fallback)).toBe(fallback);
    expect(uploadDestination({ pathname: '/folders', search: '' }, folders, fallback)).toBe(fallback);
    expect(uploadDestination({ pathname: '/folders', search: '?folderId=f-1' }, undefined, null)).toBeNull();
  });
});

describe('carriesFiles', () => {
  it('tells files from dragged text, links and elements', () => {
    expect(carriesFiles(['Files'])).toBe(true);
    expect(carriesFiles(['text/plain', 'Files'])).toBe(true);
    expect(carriesFiles(['text/plain', 'text/uri-list'])).toBe(false);
    expect(carriesFiles([])).toBe(false);
    expect(carriesFiles(undefined)).toBe(false);
  });
});

describe('allSucceeded', () => {
  it('is true only when every upload is done and none is left to resume', () => {
    expect(allSucceeded([{ status: 'done' }, { status: 'done' }], 0)).toBe(true);
    expect(allSucceeded([{ status: 'done' }, { status: 'uploading' }], 0)).toBe(false);
    expect(allSucceeded([{ status: 'done' }, { status: 'error' }], 0)).toBe(false);
    expect(allSucceeded([{ status: 'done' }], 1)).toBe(false);
    expect(allSucceeded([], 0)).toBe(false);
  });
});
