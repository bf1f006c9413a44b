import { useSyncExternalStore } from 'react';

export type ToastVariant = 'success' | 'error' | 'info' | 'warning';
export interface ToastRequest {
  variant: ToastVariant;
  title: string;
  body?: string;
}

/**
 * Toasts are shown by notistack, which is not in the first bundle: until its host (toaster.tsx)
 * has loaded, requests wait here and are shown, in order, the moment it connects.
 */
let deliver: ((request: ToastRequest) => void) | null = null;
const waiting: ToastRequest[] = [];
let requested = false;
const listeners = new Set<() => void>();

function show(variant: ToastVariant, title: string, body?: string): void {
  const request: ToastRequest = body === undefined ? { variant, title } : { variant, title, body };
  if (deliver) return deliver(request);
  waiting.push(request);
  if (!requested) {
    requested = true;
    for (const listener of listeners) listener();
  }
}

/** Called by the toaster once mounted: shows what waited and takes every later request. */
export function connectToaster(show: (request: ToastRequest) => void): () => void {
  deliver = show;
  for (const request of waiting.splice(0)) show(request);
  return () => {
    if (deliver === show) deliver = null;
  };
}

/** True once any toast was asked for: the host then loads the toaster if it has not already. */
export function useToastRequested(): boolean {
  return useSyncExternalStore(
    (listener) => (listeners.add(listener), () => listeners.delete(listener)),
    () => requested,
    () => requested,
  );
}

/** Imperative helper usable from mutation callbacks. Toasts always have a title ('Login Failed') and usually a body line. */
export const toast = {
  success: (title: string, body?: string) => show('success', title, body),
  error: (title: string, body?: string) => show('error', title, body),
  info: (title: string, body?: string) => show('info', title, body),
  warning: (title: string, body?: string) => show('warning', title, body),
};
