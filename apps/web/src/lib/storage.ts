/**
 * localStorage that never throws: private browsing, disabled storage or a full quota must not
 * break the shop, so every access is guarded and simply does nothing when storage is missing.
 */
function localStore(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

export const storage = {
  get(key: string): string | null {
    try {
      return localStore()?.getItem(key) ?? null;
    } catch {
      return null;
    }
  },
  set(key: string, value: string): void {
    try {
      localStore()?.setItem(key, value);
    } catch {
      // Quota or disabled storage: the value just is not remembered.
    }
  },
  remove(key: string): void {
    try {
      localStore()?.removeItem(key);
    } catch {
      // Nothing to remove when storage is unavailable.
    }
  },
  clear(): void {
    try {
      localStore()?.clear();
    } catch {
      // Nothing to clear when storage is unavailable.
    }
  },
  keys(): string[] {
    const store = localStore();
    if (!store) return [];
    try {
      return Array.from({ length: store.length }, (_, i) => store.key(i)).filter(
        (key): key is string => key !== null,
      );
    } catch {
      return [];
    }
  },
  /** Parsed JSON, or null when absent or not valid JSON. */
  getJSON(key: string): unknown {
    const raw = this.get(key);
    if (raw === null) return null;
    try {
      return JSON.parse(raw) as unknown;
    } catch {
      return null;
    }
  },
  setJSON(key: string, value: unknown): void {
    this.set(key, JSON.stringify(value));
  },
};
