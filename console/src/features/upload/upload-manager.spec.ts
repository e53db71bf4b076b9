import type { HttpRequest, HttpResponse, PreviousUpload, UploadOptions } from 'tus-js-client';
import {
  createUploadManager,
  ITEM_IDS_STORAGE_KEY,
  UPLOAD_CHUNK_SIZE,
  UPLOAD_RETRY_DELAYS,
  type TKeyValueStore,
  type TUploadDriver,
  type TUploadManager,
} from './upload-manager';
import { uploadFingerprint } from './upload-file';

const USER = 'user-1';

class FakeDriver implements TUploadDriver {
  url: string | null = null;
  started = 0;
  aborted: Array<boolean | undefined> = [];
  resumedFrom: PreviousUpload | null = null;

  constructor(
    readonly file: File,
    readonly options: UploadOptions,
    private readonly previous: PreviousUpload[],
  ) {}

  start() {
    this.started += 1;
  }

  abort(shouldTerminate?: boolean) {
    this.aborted.push(shouldTerminate);
    return Promise.resolve();
  }

  findPreviousUploads() {
    return Promise.resolve(this.previous);
  }

  resumeFromPreviousUpload(previous: PreviousUpload) {
    this.resumedFrom = previous;
    this.url = previous.uploadUrl;
  }

  /** The server's answer to the creation POST. */
  created(url: string, itemId: string) {
    this.respond('POST', response(201, '', { 'Item-Id': itemId }));
    this.url = url;
    this.options.onUploadUrlAvailable?.();
  }

  respond(method: string, res: HttpResponse) {
    void this.options.onAfterResponse?.(request(method), res);
  }
}

function request(method: string, headers: Record<string, string> = {}): HttpRequest {
  return {
    getMethod: () => method,
    getURL: () => '/api/v1/uploads',
    setHeader: (name: string, value: string) => {
      headers[name] = value;
    },
    getHeader: (name: string) => headers[name],
    setProgressHandler: () => undefined,
    send: () => Promise.reject(new Error('not sent')),
    abort: () => Promise.resolve(),
    getUnderlyingObject: () => null,
  };
}

function response(status: number, body = '', headers: Record<string, string> = {}): HttpResponse {
  return {
    getStatus: () => status,
    getHeader: (name: string) => headers[name],
    getBody: () => body,
    getUnderlyingObject: () => null,
  };
}

function memoryStore(): TKeyValueStore & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
  };
}

const flush = () => new Promise((resolve) => setImmediate(resolve));

function file(name: string, size = 100, lastModified = 1_700_000_000_000): File {
  return new File([new Uint8Array(size)], name, { type: 'video/mp4', lastModified });
}

function stored(f: File, uploadUrl: string, extra: Partial<PreviousUpload> = {}, user = USER): PreviousUpload {
  return {
    size: f.size,
    metadata: { filename: f.name, title: 'x', folderId: 'folder-9' },
    creationTime: 'Tue Jan 02 2024 10:00:00 GMT+0000',
    urlStorageKey: `tus::${uploadFingerprint(user, f)}::${Math.round(Math.random() * 1e9)}`,
    uploadUrl,
    parallelUploadUrls: null,
    ...extra,
  };
}

function setup(
  options: {
    previous?: PreviousUpload[];
    csrf?: () => string;
    headers?: Record<string, string>;
    extraMetadata?: () => Record<string, string>;
  } = {},
) {
  const drivers: FakeDriver[] = [];
  let storage = [...(options.previous ?? [])];
  const store = memoryStore();
  const terminated: string[] = [];
  const warnings: string[] = [];
  const manager: TUploadManager = createUploadManager({
    userId: USER,
    createDriver: (f, opts) => {
      const fingerprint = uploadFingerprint(USER, f);
      const driver = new FakeDriver(
        f,
        opts,
        storage.filter((p) => p.urlStorageKey.startsWith(`tus::${fingerprint}::`)),
      );
      drivers.push(driver);
      return driver;
    },
    urlStorage: {
      findAllUploads: () => Promise.resolve(storage),
      removeUpload: (key) => {
        storage = storage.filter((p) => p.urlStorageKey !== key);
        return Promise.resolve();
      },
    },
    terminate: (url) => {
      terminated.push(url);
      return Promise.resolve();
    },
    store,
    csrfToken: options.csrf ?? (() => 'csrf-1'),
    now: () => Date.now(),
    maxParallel: 2,
    warn: (message) => warnings.push(message),
    headers: options.headers,
    extraMetadata: options.extraMetadata,
  });
  const statuses = () => manager.getSnapshot().uploads.map((u) => u.status);
  return {
    manager,
    drivers,
    store,
    terminated,
    warnings,
    statuses,
    setStorage: (s: PreviousUpload[]) => (storage = s),
  };
}

describe('upload manager', () => {
  it('sends each file with its metadata, the CSRF header and resumable tus options', async () => {
    const { manager, drivers } = setup();
    manager.add([file('Evening news.final.mxf')], { folderId: 'folder-1' });
    await flush();
    const options = drivers[0]!.options;
    expect(options).toMatchObject({
      endpoint: '/api/v1/uploads',
      chunkSize: UPLOAD_CHUNK_SIZE,
      retryDelays: UPLOAD_RETRY_DELAYS,
      metadata: { filename: 'Evening news.final.mxf', title: 'Evening news.final', folderId: 'folder-1' },
      headers: { 'x-csrf-token': 'csrf-1' },
      storeFingerprintForResuming: true,
      removeFingerprintOnSuccess: true,
    });
    expect(UPLOAD_CHUNK_SIZE).toBe(8 * 1024 * 1024);
    expect(UPLOAD_RETRY_DELAYS).toEqual([0, 1000, 3000, 5000, 10000]);
    expect(await options.fingerprint!(drivers[0]!.file, options)).toBe(uploadFingerprint(USER, drivers[0]!.file));
    expect(drivers[0]!.started).toBe(1);
  });

  it('echoes the current CSRF cookie once on every request', async () => {
    let token = 'first';
    const { manager, drivers } = setup({ csrf: () => token });
    manager.add([file('a.mp4')]);
    await flush();
    token = 'renewed';
    // What tus does for each request: every header entry is set once on the request.
    expect(Object.entries(drivers[0]!.options.headers!)).toEqual([['x-csrf-token', 'renewed']]);
    expect(drivers[0]!.options.onBeforeRequest).toBeUndefined();
  });

  it("sends an upload request's token header and the contributor's name as it is when each file starts", async () => {
    let name = 'Kari';
    const { manager, drivers } = setup({
      headers: { 'Upload-Request': 'token-1' },
      extraMetadata: () => ({ name }),
      csrf: () => '',
    });
    manager.add([file('a.mp4')]);
    await flush();
    name = 'Kari Nordmann';
    manager.add([file('b.mp4')]);
    await flush();
    expect(Object.entries(drivers[0]!.options.headers!)).toEqual([
      ['Upload-Request', 'token-1'],
      ['x-csrf-token', ''],
    ]);
    expect(drivers[0]!.options.metadata).toEqual({ name: 'Kari', filename: 'a.mp4', title: 'a' });
    expect(drivers[1]!.options.metadata).toEqual({ name: 'Kari Nordmann', filename: 'b.mp4', title: 'b' });
  });

  it('leaves the folder out of the metadata when there is none, and passes the item for a new version', async () => {
    const { manager, drivers } = setup();
    manager.add([file('a.mp4')]);
    manager.add([file('b.mp4')], { itemId: 'item-7' });
    await flush();
    expect(drivers[0]!.options.metadata).toEqual({ filename: 'a.mp4', title: 'a' });
    expect(drivers[1]!.options.metadata).toEqual({ filename: 'b.mp4', title: 'b', itemId: 'item-7' });
  });

  it("sends the upload view's values with each new item", async () => {
    const { manager, drivers } = setup();
    manager.add([file('c.mp4')], { folderId: 'f', metadata: { form: 'ingest', values: { channel: 'nrk2' } } });
    await flush();
    expect(drivers[0]!.options.metadata).toEqual({
      filename: 'c.mp4',
      title: 'c',
      folderId: 'f',
      form: 'ingest',
      values: '{"channel":"nrk2"}',
    });
  });

  it('runs a few uploads at once, queues the rest, and goes on when one is refused', async () => {
    const { manager, drivers, statuses } = setup();
    const uploaded: Array<string | null> = [];
    manager.onUploaded((itemId) => uploaded.push(itemId));
    manager.add([file('a.mp4'), file('b.exe'), file('c.mp4'), file('d.mp4')], { folderId: 'f' });
    await flush();
    expect(statuses()).toEqual(['uploading', 'uploading', 'queued', 'queued']);

    const refusal = JSON.stringify({
      code: 'EXTENSION_BLOCKED',
      message: 'Files with .exe extension cannot be uploaded',
      params: { suffix: '.exe' },
    });
    drivers[1]!.options.onError!(
      Object.assign(new Error('tus: unexpected response while creating upload'), {
        originalRequest: request('POST'),
        originalResponse: response(422, refusal),
        causingError: null,
      }),
    );
    await flush();
    expect(statuses()).toEqual(['uploading', 'error', 'uploading', 'queued']);
    expect(manager.getSnapshot().uploads[1]!.error).toEqual({
      kind: 'rejected',
      status: 422,
      code: 'EXTENSION_BLOCKED',
      params: { suffix: '.exe' },
      serverMessage: 'Files with .exe extension cannot be uploaded',
    });

    drivers[0]!.created('http://localhost/api/v1/uploads/v-a', 'item-a');
    drivers[0]!.options.onProgress!(60, 100);
    drivers[0]!.options.onSuccess!({ lastResponse: response(204) });
    await flush();
    expect(statuses()).toEqual(['done', 'error', 'uploading', 'uploading']);
    expect(uploaded).toEqual(['item-a']);
    expect(manager.getSnapshot().uploads[0]).toMatchObject({ itemId: 'item-a', bytesUploaded: 100 });
    expect(manager.getSnapshot().totals).toMatchObject({ files: 4, finished: 1, active: 2 });
  });

  it('does not add a file that is already uploading', async () => {
    const { manager } = setup();
    expect(manager.add([file('a.mp4')])).toHaveLength(1);
    expect(manager.add([file('a.mp4')])).toHaveLength(0);
    expect(manager.add([file('a.mp4', 100, 5)])).toHaveLength(1);
  });

  it('pauses and resumes one upload, and all of them', async () => {
    const { manager, drivers, statuses } = setup();
    const [a, b, c] = manager.add([file('a.mp4'), file('b.mp4'), file('c.mp4')]);
    await flush();
    manager.pause(a!);
    await flush();
    expect(drivers[0]!.aborted).toEqual([false]);
    // The freed slot goes to the waiting file.
    expect(statuses()).toEqual(['paused', 'uploading', 'uploading']);
    manager.resume(a!);
    await flush();
    expect(statuses()).toEqual(['queued', 'uploading', 'uploading']);

    manager.pauseAll();
    await flush();
    expect(statuses()).toEqual(['paused', 'paused', 'paused']);
    manager.resumeAll();
    await flush();
    expect(statuses()).toEqual(['uploading', 'uploading', 'queued']);
    // Resuming reuses the same tus upload, which continues from the server's offset.
    expect(drivers).toHaveLength(3);
    expect(drivers[0]!.started).toBe(2);
    expect([b, c]).toHaveLength(2);
  });

  it('cancels with tus termination and forgets the item of the upload', async () => {
    const { manager, drivers, store, statuses } = setup();
    const [a] = manager.add([file('a.mp4'), file('b.mp4'), file('c.mp4')]);
    await flush();
    drivers[0]!.created('http://localhost/api/v1/uploads/v-a', 'item-a');
    expect(JSON.parse(store.data.get(ITEM_IDS_STORAGE_KEY)!)).toEqual({
      'http://localhost/api/v1/uploads/v-a': 'item-a',
    });
    manager.cancel(a!);
    await flush();
    expect(drivers[0]!.aborted).toEqual([true]);
    expect(statuses()).toEqual(['cancelled', 'uploading', 'uploading']);
    expect(store.data.has(ITEM_IDS_STORAGE_KEY)).toBe(false);
    expect(manager.getSnapshot().totals.files).toBe(2);
  });

  it('tries a failed upload again but not a refused one', async () => {
    const { manager, drivers, statuses } = setup();
    const [a, b] = manager.add([file('a.mp4'), file('b.mp4')]);
    await flush();
    drivers[0]!.options.onError!(new Error('tus: failed to upload chunk'));
    drivers[1]!.options.onError!(
      Object.assign(new Error('refused'), {
        originalRequest: request('POST'),
        originalResponse: response(403, JSON.stringify({ code: 'UPLOAD_FORBIDDEN', message: 'x' })),
        causingError: null,
      }),
    );
    expect(manager.getSnapshot().uploads.map((u) => u.error?.kind)).toEqual(['failed', 'rejected']);
    manager.resume(a!);
    manager.resume(b!);
    await flush();
    expect(statuses()).toEqual(['uploading', 'error']);
    expect(drivers[0]!.started).toBe(2);
  });

  it('continues an upload of an earlier page load from the server offset, with its item', async () => {
    const f = file('big.mxf', 1000);
    const older = stored(f, 'http://localhost/api/v1/uploads/old', {
      creationTime: 'Mon Jan 01 2024 10:00:00 GMT+0000',
    });
    const latest = stored(f, 'http://localhost/api/v1/uploads/v-big');
    const { manager, drivers, store } = setup({ previous: [older, latest] });
    store.setItem(ITEM_IDS_STORAGE_KEY, JSON.stringify({ 'http://localhost/api/v1/uploads/v-big': 'item-big' }));
    const uploaded: Array<string | null> = [];
    manager.onUploaded((itemId) => uploaded.push(itemId));
    manager.add([f], { folderId: 'folder-9' });
    await flush();
    expect(drivers[0]!.resumedFrom).toBe(latest);
    drivers[0]!.respond('HEAD', response(200, '', { 'Upload-Offset': '600', 'Upload-Length': '1000' }));
    expect(manager.getSnapshot().uploads[0]).toMatchObject({
      resumedFrom: 600,
      bytesUploaded: 600,
      itemId: 'item-big',
    });
    drivers[0]!.options.onSuccess!({ lastResponse: response(204) });
    expect(uploaded).toEqual(['item-big']);
    expect(store.data.has(ITEM_IDS_STORAGE_KEY)).toBe(false);
  });

  it('continues the upload an item page names, with any earlier upload of the file left alone', async () => {
    const clip = file('clip.mxf', 500);
    const earlier = stored(clip, 'http://localhost/api/v1/uploads/old');
    const { manager, drivers } = setup({ previous: [earlier] });
    manager.add([clip], { resume: { uploadUrl: '/api/v1/uploads/v-1', itemId: 'item-1' } });
    await flush();
    expect(drivers[0]!.options.uploadUrl).toBe('/api/v1/uploads/v-1');
    expect(drivers[0]!.resumedFrom).toBeNull();
    expect(drivers[0]!.started).toBe(1);
    expect(manager.getSnapshot().uploads[0]).toMatchObject({ itemId: 'item-1', status: 'uploading' });
  });

  it('names the item of an interrupted upload when this browser learnt it, for the item page to offer resuming', async () => {
    const mine = file('known.mxf', 300);
    const a = stored(mine, 'http://localhost/api/v1/uploads/7');
    const { manager, store } = setup({ previous: [a] });
    store.setItem(ITEM_IDS_STORAGE_KEY, JSON.stringify({ 'http://localhost/api/v1/uploads/7': 'item-7' }));
    await manager.refreshInterrupted();
    expect(manager.getSnapshot().interrupted.map((i) => i.itemId)).toEqual(['item-7']);
  });

  it('lists this user’s interrupted uploads that no file in the list continues', async () => {
    const mine = file('mine.mxf', 300);
    const other = file('other.mxf', 300);
    const a = stored(mine, 'http://localhost/api/v1/uploads/1');
    const b = stored(other, 'http://localhost/api/v1/uploads/2', {}, 'someone-else');
    const foreign: PreviousUpload = { ...a, urlStorageKey: 'tus::tus-br-x::1' };
    const { manager } = setup({ previous: [a, b, foreign] });
    await manager.refreshInterrupted();
    expect(manager.getSnapshot().interrupted).toEqual([
      {
        key: a.urlStorageKey,
        fileName: 'mine.mxf',
        size: 300,
        target: { folderId: 'folder-9', itemId: null },
        createdAt: a.creationTime,
        uploadUrl: 'http://localhost/api/v1/uploads/1',
        itemId: null,
      },
    ]);
    manager.add([mine]);
    await flush();
    expect(manager.getSnapshot().interrupted).toEqual([]);
  });

  it('resumes an interrupted upload only with the same file, into its original folder', async () => {
    const mine = file('mine.mxf', 300);
    const entry = stored(mine, 'http://localhost/api/v1/uploads/1');
    const { manager, drivers } = setup({ previous: [entry] });
    await manager.refreshInterrupted();
    expect(manager.resumeInterrupted(entry.urlStorageKey, file('mine.mxf', 301))).toBe(false);
    expect(manager.resumeInterrupted(entry.urlStorageKey, mine)).toBe(true);
    await flush();
    expect(drivers[0]!.resumedFrom).toBe(entry);
    expect(manager.getSnapshot().uploads[0]!.target).toEqual({ folderId: 'folder-9', itemId: null });
  });

  it('forgets an interrupted upload: deleted on the server and in the browser', async () => {
    const entry = stored(file('mine.mxf'), 'http://localhost/api/v1/uploads/1');
    const { manager, terminated } = setup({ previous: [entry] });
    await manager.refreshInterrupted();
    await manager.forgetInterrupted(entry.urlStorageKey);
    expect(terminated).toEqual(['http://localhost/api/v1/uploads/1']);
    expect(manager.getSnapshot().interrupted).toEqual([]);
    await manager.refreshInterrupted();
    expect(manager.getSnapshot().interrupted).toEqual([]);
  });

  it('dismisses finished uploads and clears them all', async () => {
    const { manager, drivers, statuses } = setup();
    const [a] = manager.add([file('a.mp4'), file('b.mp4'), file('c.mp4')]);
    await flush();
    manager.dismiss(a!);
    expect(statuses()).toHaveLength(3);
    drivers[0]!.options.onSuccess!({ lastResponse: response(204) });
    manager.cancel(manager.getSnapshot().uploads[1]!.id);
    manager.dismiss(a!);
    expect(statuses()).toEqual(['cancelled', 'uploading']);
    manager.clearFinished();
    expect(statuses()).toEqual(['uploading']);
  });

  it('publishes progress a few times a second, and stops sending without deleting anything', async () => {
    jest.useFakeTimers({ doNotFake: ['setImmediate'] });
    try {
      const { manager, drivers } = setup();
      let published = 0;
      manager.subscribe(() => (published += 1));
      manager.add([file('a.mp4', 1000)]);
      await flush();
      const before = published;
      drivers[0]!.options.onProgress!(100, 1000);
      drivers[0]!.options.onProgress!(200, 1000);
      expect(published).toBe(before);
      jest.advanceTimersByTime(250);
      expect(published).toBe(before + 1);
      expect(manager.getSnapshot().uploads[0]).toMatchObject({ bytesUploaded: 200, bytesTotal: 1000 });
      manager.stopAll();
      expect(drivers[0]!.aborted).toEqual([false]);
      expect(manager.getSnapshot().uploads[0]!.status).toBe('paused');
    } finally {
      jest.useRealTimers();
    }
  });
});
