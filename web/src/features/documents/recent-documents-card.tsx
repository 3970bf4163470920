import { formatFileSize } from '@healthfolio/core/documents/document-files';
import { FileText } from 'lucide-react';
import { Link } from 'react-router';
import { CardDescription } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { useWhose } from '@/features/household/whose';
import { QueryView } from '@/features/trackers/screen-parts';
import { useDocuments } from './documents-api';

const SHOWN = 3;

/** The dashboard's "Recent Documents": the newest uploads. */
export function RecentDocumentsBody({ empty }: { empty: string }) {
  const docs = useDocuments();
  const w = useWhose();
  if (docs.isPending) return <Spinner label={`Loading ${w.your} recent documents`} />;
  return (
    <QueryView query={docs} what={`${w.your} recent documents`}>
      {(items) =>
        items.length ? (
          <ul className="flex flex-col gap-2 text-sm">
            {items.slice(0, SHOWN).map((d) => (
              <li key={d.id} className="flex items-start gap-2">
                <FileText className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
                <span className="flex min-w-0 flex-col">
                  <Link to="/dashboard/documents" className="truncate font-medium hover:underline">
                    {d.title}
                  </Link>
                  <span className="text-xs text-muted-foreground">
                    {d.category} · {formatFileSize(d.fileSize)}
                  </span>
                </span>
              </li>
            ))}
          </ul>
        ) : (
          <CardDescription>{empty}</CardDescription>
        )
      }
    </QueryView>
  );
}
