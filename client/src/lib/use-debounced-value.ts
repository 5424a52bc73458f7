import { useEffect, useState } from 'react';

/** The value once it has stayed the same for `delay` ms: e.g. what is typed, once typing pauses. */
export function useDebouncedValue<T>(value: T, delay: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return debounced;
}
