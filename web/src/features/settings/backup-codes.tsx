import { useState } from 'react';
import { Button } from '@/components/ui/button';

/** Shown once, right after they are made: the server keeps them encrypted and never shows them again. */
export function BackupCodes({ codes }: { codes: string[] }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    await navigator.clipboard?.writeText(codes.join('\n'));
    setCopied(true);
  };
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm">
        Keep these backup codes somewhere safe. Each one signs you in once if you lose your authenticator app;
        they will not be shown again.
      </p>
      <ul
        aria-label="Backup codes"
        className="grid grid-cols-2 gap-2 rounded-lg border bg-muted/50 p-3 font-mono text-sm"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <Button type="button" variant="outline" size="sm" className="self-start" onClick={copy}>
        {copied ? 'Copied' : 'Copy codes'}
      </Button>
    </div>
  );
}
