import { useRef } from 'react';

/**
 * Focus for the element an action brings on screen, when the button pressed leaves with the
 * action and the focus would otherwise fall to <body> (WCAG 2.4.3, focus order). Call
 * `focusWhenShown(key)` as the action is taken; the element whose ref is `refFor(key)` takes
 * the focus once, as it next appears.
 */
export function useFocusWhenShown<Key extends string>() {
  const pendingKey = useRef<Key | null>(null);
  return {
    focusWhenShown: (key: Key) => {
      pendingKey.current = key;
    },
    refFor: (key: Key) => (element: HTMLElement | null) => {
      if (element === null || pendingKey.current !== key) return;
      pendingKey.current = null;
      element.focus();
    },
  };
}
