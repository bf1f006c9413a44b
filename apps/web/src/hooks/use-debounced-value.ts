import { useEffect, useState } from 'react';

/** The value once it has stopped changing for `delay` ms (compared by JSON, so objects work). */
export function useDebouncedValue<T>(value: T, delay: number): T {
  const [settled, setSettled] = useState(value);
  const key = JSON.stringify(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(JSON.parse(key) as T), delay);
    return () => window.clearTimeout(timer);
  }, [key, delay]);
  return settled;
}
