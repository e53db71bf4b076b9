import { useSyncExternalStore } from 'react';

/** Console preferences of this browser (User settings → Settings). Every one is read somewhere in the console. */
export interface TPreferences {
  /** Row height and text size of every data table. */
  density: 'comfortable' | 'compact';
  /** How dates and times are written in tables and details. */
  dateFormat: 'locale' | 'iso' | 'dmy';
  /** Broadcast operations often log in UTC; the default is the browser's own zone. */
  timeZone: 'local' | 'utc';
}

export const defaultPreferences: TPreferences = { density: 'comfortable', dateFormat: 'locale', timeZone: 'local' };

const storageKey = 'mam.preferences';
const listeners = new Set<() => void>();
let current: TPreferences = read();

function read(): TPreferences {
  try {
    const stored = JSON.parse(globalThis.localStorage?.getItem(storageKey) ?? '{}') as Partial<TPreferences>;
    return {
      density: stored.density === 'compact' ? 'compact' : 'comfortable',
      dateFormat: stored.dateFormat === 'iso' || stored.dateFormat === 'dmy' ? stored.dateFormat : 'locale',
      timeZone: stored.timeZone === 'utc' ? 'utc' : 'local',
    };
  } catch {
    // Private mode or a hand-edited value: the defaults are a safe answer.
    return defaultPreferences;
  }
}

export function getPreferences(): TPreferences {
  return current;
}

export function setPreferences(patch: Partial<TPreferences>) {
  current = { ...current, ...patch };
  try {
    globalThis.localStorage?.setItem(storageKey, JSON.stringify(current));
  } catch {
    // Not persisted, but still applied for this visit.
  }
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  // Another tab changed them: follow along.
  const onStorage = (event: StorageEvent) => {
    if (event.key !== storageKey) return;
    current = read();
    listener();
  };
  globalThis.addEventListener?.('storage', onStorage);
  return () => {
    listeners.delete(listener);
    globalThis.removeEventListener?.('storage', onStorage);
  };
}

export function usePreferences(): TPreferences {
  return useSyncExternalStore(subscribe, getPreferences, getPreferences);
}
