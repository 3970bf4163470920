import {
  CATEGORY_CARDS,
  categorySlug,
  DOCUMENT_SORT_LABELS,
  DOCUMENT_SORTS,
  type DocumentSort,
} from '@healthfolio/core/documents/document-categories';
import { Search } from 'lucide-react';
import { useDeferredValue, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { useWhose } from '@/features/household/whose';
import { QueryView } from '@/features/trackers/screen-parts';
import { DocumentRow, type RowActions } from './document-row';
import { useDocuments } from './documents-api';

const cardName = (card?: string) =>
  card === 'repository' ? 'File Repository' : CATEGORY_CARDS.find((c) => categorySlug(c) === card);

/** The searchable, sortable list: every document, or one card's. Search reaches the words inside files. */
export function DocumentList({
  card,
  onShowAll,
  ...actions
}: { card?: string; onShowAll: () => void } & RowActions) {
  const ids = { search: useId(), sort: useId() };
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<DocumentSort>('newest');
  const q = useDeferredValue(search);
  const docs = useDocuments({ q, sort, card });
  const w = useWhose();
  const heading = cardName(card) ?? 'All Documents';
  return (
    <section aria-labelledby="document-list-heading" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="document-list-heading" className="text-lg font-semibold">
          {heading}
        </h2>
        {card && (
          <Button variant="link" onClick={onShowAll}>
            Show all documents
          </Button>
        )}
      </div>
      <div className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_12rem]">
        <div className="flex flex-col gap-2">
          <Label htmlFor={ids.search}>Search documents</Label>
          <div className="relative">
            <Search className="absolute top-3 left-3 size-4 text-muted-foreground" aria-hidden="true" />
            <Input
              id={ids.search}
              type="search"
              className="pl-9"
              placeholder="Title, description, file name or text inside"
              value={search}
              onChange={(e) => setSearch(e.target.value)}
            />
          </div>
        </div>
        <div className="flex flex-col gap-2">
          <Label htmlFor={ids.sort}>Sort by</Label>
          <Select id={ids.sort} value={sort} onChange={(e) => setSort(e.target.value as DocumentSort)}>
            {DOCUMENT_SORTS.map((s) => (
              <option key={s} value={s}>
                {DOCUMENT_SORT_LABELS[s]}
              </option>
            ))}
          </Select>
        </div>
      </div>
      <QueryView query={docs} what={`${w.your} documents`}>
        {(items) =>
          items.length ? (
            <ul className="flex flex-col gap-2" aria-label={`${heading} list`}>
              {items.map((doc) => (
                <DocumentRow key={doc.id} doc={doc} {...actions} />
              ))}
            </ul>
          ) : (
            <p className="rounded-lg border border-dashed p-6 text-center text-sm text-muted-foreground">
              {q ? `No documents match "${q}".` : 'No documents here yet. Upload one to get started.'}
            </p>
          )
        }
      </QueryView>
    </section>
  );
}
