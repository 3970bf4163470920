/** The id of each layout's <main>, the skip link's target. */
export const MAIN_ID = 'main-content';

/**
 * The first stop of the Tab order on every dashboard page: hidden until focused, it moves focus past
 * the header, tabs and sidebar to the page's own content (WCAG 2.4.1).
 */
export function SkipLink() {
  return (
    <a
      href={`#${MAIN_ID}`}
      onClick={(event) => {
        // Focus moves without a hash in the address (the router would take it for a new page).
        event.preventDefault();
        const main = document.getElementById(MAIN_ID);
        main?.focus();
        main?.scrollIntoView();
      }}
      className="sr-only z-50 rounded-md bg-card px-4 py-2 text-sm font-medium text-foreground shadow focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:ring-2 focus:ring-ring"
    >
      Skip to content
    </a>
  );
}
