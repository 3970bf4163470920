import { Badge } from '@/components/ui/badge';
import { QueryView } from '@/features/trackers/screen-parts';
import { categoryList, STATUS_LABELS } from './share-format';
import { useSharedWithMe } from './sharing-api';

/** Shares other people made with this account (those that asked the caregiver to sign in). */
export function SharedWithMe() {
  const shared = useSharedWithMe();
  return (
    <section aria-labelledby="shared-with-me" className="flex flex-col gap-3">
      <h2 id="shared-with-me" className="text-lg font-semibold">
        Shared with me
      </h2>
      <QueryView query={shared} what="shares with you">
        {(items) =>
          items.length === 0 ? (
            <p className="text-sm text-muted-foreground">Nobody has shared health data with this account.</p>
          ) : (
            <ul className="flex flex-col gap-2">
              {items.map((s) => (
                <li key={s.id} className="flex flex-wrap items-center gap-3 rounded-md border p-3 text-sm">
                  <span className="font-medium">{s.ownerName}</span>
                  <Badge variant="outline">{STATUS_LABELS[s.status]}</Badge>
                  <span className="text-muted-foreground">{categoryList(s.categories)}</span>
                  {s.link && (
                    <a
                      className="ml-auto font-medium text-primary underline-offset-4 hover:underline"
                      href={s.link}
                    >
                      Open
                    </a>
                  )}
                </li>
              ))}
            </ul>
          )
        }
      </QueryView>
    </section>
  );
}
