import { useEffect, useState } from 'react';

const STORAGE_PREFIX = 'bazaar:draft:';

function readDraft(key: string): string | null {
  try {
    return sessionStorage.getItem(STORAGE_PREFIX + key);
  } catch {
    return null; // Storage turned off: no draft.
  }
}

function writeDraft(key: string, text: string | null) {
  try {
    if (text === null) sessionStorage.removeItem(STORAGE_PREFIX + key);
    else sessionStorage.setItem(STORAGE_PREFIX + key, text);
  } catch {
    // Storage turned off or full: the text lives as long as the field.
  }
}

/**
 * Text being written that outlives the field showing it, in this tab: a session that ends
 * mid-message turns the page to its sign-in gate, and signing in again brings the text back.
 * `key` names the draft and should name the writer too (a tab may sign in as someone else);
 * without one nothing is kept. An empty text (once sent) or `initial` is no draft.
 */
export function useDraft(key: string | undefined, initial: string): [string, (text: string) => void] {
  const [text, setText] = useState(() => (key === undefined ? null : readDraft(key)) ?? initial);
  useEffect(() => {
    if (key !== undefined) writeDraft(key, text === '' || text === initial ? null : text);
  }, [key, text, initial]);
  return [text, setText];
}

/** Signing out leaves no text of the person's behind in the tab. */
export function forgetDrafts() {
  try {
    const keys = Array.from({ length: sessionStorage.length }, (_, index) => sessionStorage.key(index));
    for (const key of keys) if (key?.startsWith(STORAGE_PREFIX)) sessionStorage.removeItem(key);
  } catch {
    // Storage turned off: nothing was kept.
  }
}
