import { GlobalWorkerOptions, getDocument } from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import { useEffect, useRef, useState } from 'react';

GlobalWorkerOptions.workerSrc = workerUrl;

const MAX_PAGES = 30;

/**
 * A PDF drawn page by page onto canvases by pdf.js (its own chunk, loaded when a PDF is viewed): the
 * file's scripts, forms and links never run, unlike in the browser's PDF plugin.
 */
export function PdfViewer({ data, title, onError }: { data: Blob; title: string; onError: () => void }) {
  const host = useRef<HTMLDivElement>(null);
  const [pages, setPages] = useState(0);
  useEffect(() => {
    let cancelled = false;
    let destroy = () => {};
    (async () => {
      const bytes = new Uint8Array(await data.arrayBuffer());
      const loading = getDocument({ data: bytes, isEvalSupported: false, enableXfa: false });
      destroy = () => void loading.destroy();
      const pdf = await loading.promise;
      if (cancelled) return;
      setPages(pdf.numPages);
      for (let n = 1; n <= Math.min(pdf.numPages, MAX_PAGES) && !cancelled; n++) {
        const page = await pdf.getPage(n);
        const viewport = page.getViewport({ scale: 1.5 });
        const canvas = document.createElement('canvas');
        canvas.width = viewport.width;
        canvas.height = viewport.height;
        canvas.className = 'h-auto w-full rounded border bg-white';
        canvas.setAttribute('role', 'img');
        canvas.setAttribute('aria-label', `${title}, page ${n} of ${pdf.numPages}`);
        await page.render({ canvas, canvasContext: canvas.getContext('2d')!, viewport }).promise;
        if (!cancelled) host.current?.append(canvas);
      }
    })().catch(() => {
      if (!cancelled) onError();
    });
    return () => {
      cancelled = true;
      destroy();
    };
  }, [data, title, onError]);
  return (
    <div className="flex flex-col gap-3">
      <div ref={host} className="flex flex-col gap-3" data-testid="pdf-pages" />
      {pages > MAX_PAGES && (
        <p className="text-sm text-muted-foreground">
          Showing the first {MAX_PAGES} of {pages} pages. Download the file to read the rest.
        </p>
      )}
    </div>
  );
}
