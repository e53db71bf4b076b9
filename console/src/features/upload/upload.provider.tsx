import * as tus from 'tus-js-client';
import { createContext, useContext, useEffect, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { useSession } from '../../lib/session';
import { readCookie } from './upload-file';
import {
  createUploadManager,
  type TKeyValueStore,
  type TUploadedListener,
  type TUploadManager,
  type TUploadsSnapshot,
} from './upload-manager';
import { UploadsPanel } from './uploads.panel';

const UploadContext = createContext<TUploadManager | null>(null);

/** localStorage, or nothing where the browser refuses it (sandboxed frames): uploads then only lose resuming. */
export function browserStore(): TKeyValueStore {
  const storage = (() => {
    try {
      return window.localStorage;
    } catch {
      return null;
    }
  })();
  return {
    getItem: (key) => storage?.getItem(key) ?? null,
    setItem: (key, value) => storage?.setItem(key, value),
    removeItem: (key) => storage?.removeItem(key),
  };
}

function browserUploadManager(userId: string): TUploadManager {
  return createUploadManager({
    userId,
    createDriver: (file, options) => new tus.Upload(file, options),
    urlStorage: tus.defaultOptions.urlStorage,
    terminate: (url, options) => tus.Upload.terminate(url, options),
    store: browserStore(),
    csrfToken: () => readCookie(document.cookie, 'mam_csrf'),
    now: () => Date.now(),
    warn: (message, error) => console.warn(message, error),
  });
}

/**
 * What every page that owns an upload manager does with it: offers the uploads a reload interrupted again, stops
 * its uploads when it goes, and asks before the page is closed while files are still sending.
 */
export function useUploadManagerLifecycle(manager: TUploadManager): void {
  useEffect(() => {
    void manager.refreshInterrupted();
    return () => manager.stopAll();
  }, [manager]);

  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (manager.getSnapshot().totals.active === 0) return;
      event.preventDefault();
      // Older browsers show the prompt only when this is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [manager]);
}

/**
 * Uploads of the signed-in user, kept across page changes; mounted once inside the signed-in shell. Shows the
 * uploads panel and asks before the page is closed while files are still sending.
 */
export function UploadProvider({ children }: { children: ReactNode }) {
  const userId = useSession().data!.user.id;
  const [manager] = useState(() => browserUploadManager(userId));
  useUploadManagerLifecycle(manager);

  return (
    <UploadContext.Provider value={manager}>
      {children}
      <UploadsPanel />
    </UploadContext.Provider>
  );
}

/** Uploads through a manager made elsewhere (the public upload page's, which runs without a session). */
export function UploadManagerProvider({ manager, children }: { manager: TUploadManager; children: ReactNode }) {
  return <UploadContext.Provider value={manager}>{children}</UploadContext.Provider>;
}

export function useUploadManager(): TUploadManager {
  const manager = useContext(UploadContext);
  if (!manager) throw new Error('Upload hooks need an <UploadProvider> above them');
  return manager;
}

export type TUseUploads = TUploadsSnapshot &
  Pick<
    TUploadManager,
    | 'add'
    | 'pause'
    | 'resume'
    | 'cancel'
    | 'pauseAll'
    | 'resumeAll'
    | 'dismiss'
    | 'clearFinished'
    | 'resumeInterrupted'
    | 'forgetInterrupted'
  >;

/** The uploads with their progress, the interrupted ones, the totals, and what can be done with them. */
export function useUploads(): TUseUploads {
  const manager = useUploadManager();
  const snapshot = useSyncExternalStore(manager.subscribe, manager.getSnapshot);
  return {
    ...snapshot,
    add: manager.add,
    pause: manager.pause,
    resume: manager.resume,
    cancel: manager.cancel,
    pauseAll: manager.pauseAll,
    resumeAll: manager.resumeAll,
    dismiss: manager.dismiss,
    clearFinished: manager.clearFinished,
    resumeInterrupted: manager.resumeInterrupted,
    forgetInterrupted: manager.forgetInterrupted,
  };
}

/**
 * Calls `listener(itemId, upload)` whenever an upload completes (on any page), e.g. to refresh a folder's items.
 * The latest listener is used; it need not be memoised.
 */
export function useOnUploaded(listener: TUploadedListener): void {
  const manager = useUploadManager();
  const latest = useRef(listener);
  useEffect(() => {
    latest.current = listener;
  });
  useEffect(() => manager.onUploaded((itemId, upload) => latest.current(itemId, upload)), [manager]);
}
