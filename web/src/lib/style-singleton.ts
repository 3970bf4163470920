import { useEffect } from 'react';

/**
 * A drop-in for `react-style-singleton` (aliased in vite.config.ts), which Radix dialogs use through
 * react-remove-scroll to lock the page's scroll. The original appends a `<style>` element with text,
 * which the CSP's style-src refuses (its rules depend on the scrollbar's width, so no hash fits) and
 * Chrome logs an error for every dialog. A constructed stylesheet is set through the CSSOM, which the
 * CSP does not govern, so the same rules apply with no 'unsafe-inline'.
 */
export const stylesheetSingleton = () => {
  let counter = 0;
  let sheet: CSSStyleSheet | null = null;
  return {
    add(style: string) {
      if (counter === 0 && typeof document !== 'undefined') {
        sheet = new CSSStyleSheet();
        sheet.replaceSync(style);
        document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
      }
      counter++;
    },
    remove() {
      counter--;
      if (!counter && sheet) {
        const gone = sheet;
        document.adoptedStyleSheets = document.adoptedStyleSheets.filter((s) => s !== gone);
        sheet = null;
      }
    },
  };
};

export const styleHookSingleton = () => {
  const sheet = stylesheetSingleton();
  return (styles: string, isDynamic?: boolean) => {
    // biome-ignore lint/correctness/useExhaustiveDependencies: the original's rule: restyle only when dynamic.
    useEffect(() => {
      sheet.add(styles);
      return () => sheet.remove();
    }, [styles && isDynamic]);
  };
};

export const styleSingleton = () => {
  const useStyle = styleHookSingleton();
  // biome-ignore lint/correctness/noComponentHookFactories: a factory its callers run once, at module level.
  return function Sheet({ styles, dynamic }: { styles: string; dynamic?: boolean }) {
    useStyle(styles, dynamic);
    return null;
  };
};
