/**
 * A small persistent store: state kept in local storage under a 'facet:' key, shared by every component
 * through useSyncExternalStore, and kept in step across browser tabs by the storage event.
 */
import { useSyncExternalStore } from 'react';

export const STORAGE_PREFIX = 'facet:';

export interface PersistentStore<T> {
  // Properties, not methods: React calls get, initial and subscribe unbound (useSyncExternalStore).
  get: () => T;
  /** The state before anything was stored: what the server renders, and what hydration starts from. */
  initial: () => T;
  set: (next: T | ((current: T) => T)) => void;
  subscribe: (listener: () => void) => () => void;
}

function readStorage(key: string): unknown {
  try {
    const raw = window.localStorage.getItem(key);
    return raw ? JSON.parse(raw) : undefined;
  } catch {
    return undefined;
  }
}

function writeStorage(key: string, value: unknown): void {
  try {
    window.localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Private mode or a full quota: the state still lives for this page.
  }
}

export function createPersistentStore<T>(name: string, sanitize: (raw: unknown) => T): PersistentStore<T> {
  const key = STORAGE_PREFIX + name;
  const initial = sanitize(undefined);
  let state: T = sanitize(typeof window === 'undefined' ? undefined : readStorage(key));
  const listeners = new Set<() => void>();
  const emit = () => listeners.forEach((l) => l());

  if (typeof window !== 'undefined') {
    window.addEventListener('storage', (event) => {
      if (event.key !== key) return;
      state = sanitize(event.newValue ? safeParse(event.newValue) : undefined);
      emit();
    });
  }

  return {
    get: () => state,
    initial: () => initial,
    set(next) {
      state = typeof next === 'function' ? (next as (c: T) => T)(state) : next;
      writeStorage(key, state);
      emit();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

function safeParse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export function useStore<T>(store: PersistentStore<T>): T {
  // Server-rendered pages hydrate from the empty state the server saw, then show the stored one (no mismatch).
  return useSyncExternalStore(store.subscribe, store.get, store.initial);
}
