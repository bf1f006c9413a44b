import { useSyncExternalStore } from 'react';
import { storage } from '@/lib/storage';
import { type SponsoredCart as Cart, sponsoredCartSchema as cartSchema } from '@market/shared';

/** The cart response is kept in local storage under `cart` until the order is placed. */
export const CART_STORAGE_KEY = 'cart';

const listeners = new Set<() => void>();
// useSyncExternalStore needs the same object back while nothing changed: cache by raw text.
let cachedRaw: string | null | undefined;
let cachedCart: Cart | null = null;

function readRaw(): string | null {
  try {
    return window.localStorage.getItem(CART_STORAGE_KEY);
  } catch {
    return null;
  }
}

function parse(raw: string | null): Cart | null {
  if (raw === null) return null;
  try {
    const result = cartSchema.safeParse(JSON.parse(raw));
    return result.success && result.data.category.length > 0 ? result.data : null;
  } catch {
    return null;
  }
}

function snapshot(): Cart | null {
  const raw = readRaw();
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    cachedCart = parse(raw);
  }
  return cachedCart;
}

function emit(): void {
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The stored cart: anything unreadable or empty counts as no cart. */
export const cartStorage = {
  read: snapshot,
  save(cart: Cart): void {
    storage.set(CART_STORAGE_KEY, cart);
    emit();
  },
  clear(): void {
    storage.remove(CART_STORAGE_KEY);
    emit();
  },
  subscribe,
};

// Another tab creating or ordering a cart changes localStorage; follow it.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === null || event.key === CART_STORAGE_KEY) emit();
  });
}

export function useStoredCart(): Cart | null {
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}
