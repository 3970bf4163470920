import {
  CARD_PREVIEW,
  CATEGORY_CARDS,
  cardOf,
  categorySlug,
  REPOSITORY_PREVIEW,
} from '@healthfolio/core/documents/document-categories';
import { ACCEPT_ATTRIBUTE } from '@healthfolio/core/documents/document-files';
import { countOf } from '@healthfolio/core/text/count-words';
import {
  Camera,
  ClipboardList,
  CreditCard,
  FlaskConical,
  FolderOpen,
  ImageIcon,
  type LucideIcon,
  Pill,
  Send,
  Upload,
} from 'lucide-react';
import { useRef } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import type { DocumentResponse } from './documents-api';

const ICONS: Record<string, LucideIcon> = {
  'lab-results': FlaskConical,
  prescriptions: Pill,
  'medical-images': ImageIcon,
  'insurance-cards': CreditCard,
  referrals: Send,
  'medical-history': ClipboardList,
};

const files = (n: number) => countOf(n, 'file');

function Preview({ docs, onView }: { docs: DocumentResponse[]; onView: (d: DocumentResponse) => void }) {
  return (
    <ul className="flex flex-col gap-1">
      {docs.map((d) => (
        <li key={d.id}>
          <button
            type="button"
            className="w-full truncate rounded text-left text-sm text-primary underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-ring"
            onClick={() => onView(d)}
          >
            {d.title}
          </button>
        </li>
      ))}
    </ul>
  );
}

/** The repository of unsorted files: documents whose category is none of the six cards (5 shown). */
export function RepositoryCard({
  docs,
  onOpen,
  onView,
}: {
  docs: DocumentResponse[];
  onOpen: () => void;
  onView: (d: DocumentResponse) => void;
}) {
  const unsorted = docs.filter((d) => cardOf(d.category) === null);
  return (
    <Card>
      <CardHeader className="flex-row items-center justify-between gap-2">
        <CardTitle className="flex items-center gap-2 text-base">
          <FolderOpen className="size-5 text-muted-foreground" aria-hidden="true" /> File Repository
        </CardTitle>
        {/* Only with something to open: "View all (0 files)" beside a full card above reads as a fault. */}
        {unsorted.length > 0 && (
          <Button variant="link" onClick={onOpen}>
            View all ({files(unsorted.length)})
          </Button>
        )}
      </CardHeader>
      <CardContent>
        {unsorted.length ? (
          <Preview docs={unsorted.slice(0, REPOSITORY_PREVIEW)} onView={onView} />
        ) : (
          // Said without "above" or "below": the cards sit elsewhere on a phone than on a wide screen.
          <CardDescription>Files filed under Other show here. There are none now.</CardDescription>
        )}
      </CardContent>
    </Card>
  );
}

/** A category card: its count, two newest files, and Upload and Scan straight into the category. */
function CategoryCard({
  category,
  docs,
  onOpen,
  onView,
  onQuickUpload,
}: {
  category: string;
  docs: DocumentResponse[];
  onOpen: () => void;
  onView: (d: DocumentResponse) => void;
  onQuickUpload: (file: File, category: string) => void;
}) {
  const upload = useRef<HTMLInputElement>(null);
  const scan = useRef<HTMLInputElement>(null);
  const Icon = ICONS[categorySlug(category)] ?? FolderOpen;
  const picked = (input: HTMLInputElement) => {
    const file = input.files?.[0];
    input.value = '';
    if (file) onQuickUpload(file, category);
  };
  return (
    <Card aria-label={category} role="region" className="flex flex-col">
      <CardHeader className="flex-row items-start justify-between gap-2">
        {/* The heading holds the button (not the other way round): a button's content is not read as a
            heading, so the category would be missing from a screen reader's list of headings. */}
        <CardTitle className="text-base">
          <button
            type="button"
            onClick={onOpen}
            className="flex items-center gap-2 rounded text-left focus-visible:outline-2 focus-visible:outline-ring"
            aria-label={`Open ${category} (${files(docs.length)})`}
          >
            <Icon className="size-5 text-muted-foreground" aria-hidden="true" />
            {category}
          </button>
        </CardTitle>
        <span className="text-xs text-muted-foreground">{files(docs.length)}</span>
      </CardHeader>
      <CardContent className="flex flex-1 flex-col justify-between gap-3">
        {docs.length ? (
          <Preview docs={docs.slice(0, CARD_PREVIEW)} onView={onView} />
        ) : (
          <CardDescription>No files yet.</CardDescription>
        )}
        <div className="flex gap-2">
          <Button
            variant="outline"
            size="sm"
            onClick={() => upload.current?.click()}
            aria-label={`Upload to ${category}`}
          >
            <Upload aria-hidden="true" /> Upload
          </Button>
          <Button
            variant="outline"
            size="sm"
            onClick={() => scan.current?.click()}
            aria-label={`Scan into ${category}`}
          >
            <Camera aria-hidden="true" /> Scan
          </Button>
        </div>
        <input
          ref={upload}
          type="file"
          accept={ACCEPT_ATTRIBUTE}
          hidden
          onChange={(e) => picked(e.currentTarget)}
        />
        {/* On a phone this opens the camera; the photo is stored like any uploaded image. */}
        <input
          ref={scan}
          type="file"
          accept="image/*"
          capture="environment"
          hidden
          onChange={(e) => picked(e.currentTarget)}
        />
      </CardContent>
    </Card>
  );
}

export function CategoryCards({
  docs,
  onOpen,
  onView,
  onQuickUpload,
}: {
  docs: DocumentResponse[];
  onOpen: (card: string) => void;
  onView: (d: DocumentResponse) => void;
  onQuickUpload: (file: File, category: string) => void;
}) {
  return (
    <section aria-label="Categories" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
      {CATEGORY_CARDS.map((category) => {
        const slug = categorySlug(category);
        return (
          <CategoryCard
            key={category}
            category={category}
            docs={docs.filter((d) => cardOf(d.category) === slug)}
            onOpen={() => onOpen(slug)}
            onView={onView}
            onQuickUpload={onQuickUpload}
          />
        );
      })}
    </section>
  );
}
