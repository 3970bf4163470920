import { Upload } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';

const ImportRecordDialog = lazy(async () => ({
  default: (await import('./import-record-dialog')).ImportRecordDialog,
}));

/** "Import a record", opening its dialog (in its own chunk). */
export function ImportRecordButton({ variant = 'outline' }: { variant?: 'outline' | 'default' }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant={variant} onClick={() => setOpen(true)}>
        <Upload className="size-4" aria-hidden="true" />
        Import a record
      </Button>
      {open && (
        <Suspense fallback={<Spinner label="Opening the import" />}>
          <ImportRecordDialog open={open} onOpenChange={setOpen} />
        </Suspense>
      )}
    </>
  );
}
