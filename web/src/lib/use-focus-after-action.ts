import { useEffect, useRef } from 'react';

/**
 * For a row whose action button goes once the action is done (Taken, Skip, Mark Read, Complete):
 * `arm()` as the button is pressed; when `state` next changes, focus moves to `target` (the row's new
 * status, focusable with tabIndex={-1}) instead of falling to the page's <body>, so keyboard and
 * screen-reader users keep their place in the list.
 */
export function useFocusAfterAction<T extends HTMLElement>(state: unknown) {
  const target = useRef<T>(null);
  const armed = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the row's state changes.
  useEffect(() => {
    if (!armed.current) return;
    armed.current = false;
    target.current?.focus();
  }, [state]);
  return {
    target,
    arm: () => {
      armed.current = true;
    },
  };
}
