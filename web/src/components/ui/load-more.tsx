import { Button } from './button';

type Pages = {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  fetchNextPage: () => unknown;
};

/** The next page of a keyset-paged list; a failure says so and leaves what is shown in place. */
export function LoadMore({ list, what, label = 'Show more' }: { list: Pages; what: string; label?: string }) {
  return (
    <>
      {list.isFetchNextPageError && (
        <p role="alert" className="text-center text-sm text-destructive">
          More {what} could not be loaded. Try again.
        </p>
      )}
      {list.hasNextPage && (
        <Button
          variant="outline"
          className="self-center"
          disabled={list.isFetchingNextPage}
          onClick={() => list.fetchNextPage()}
        >
          {list.isFetchingNextPage ? 'Loading…' : label}
        </Button>
      )}
    </>
  );
}
