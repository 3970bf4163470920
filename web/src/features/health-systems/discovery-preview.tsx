import { scopeWords } from '@healthfolio/core/health-systems/health-systems-words';
import { ExternalLink } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api';
import { type HealthSystemDiscovery, useConnect } from './health-systems-api';

/**
 * What the chosen server's smart-configuration says, shown before anything else happens: whose server
 * it is, every scope that will be asked for in words, and Connect (which goes to the portal).
 */
export function DiscoveryPreview({
  name,
  discovery,
  onCancel,
}: {
  name: string;
  discovery: HealthSystemDiscovery;
  onCancel: () => void;
}) {
  const connect = useConnect();
  const heading = useRef<HTMLHeadingElement>(null);
  // Keyboard and screen-reader users land on what appeared, not at the top of the page.
  useEffect(() => heading.current?.focus(), []);
  const go = () => {
    if (!discovery.endpointId) return;
    connect.mutate(discovery.endpointId, {
      onSuccess: ({ authorizeUrl }) => window.location.assign(authorizeUrl),
    });
  };
  return (
    <section aria-labelledby="health-system-preview" className="flex flex-col gap-3 rounded-lg border p-4">
      <h3 id="health-system-preview" ref={heading} tabIndex={-1} className="font-semibold outline-none">
        {name}
      </h3>
      <p className="break-all text-sm text-muted-foreground">{discovery.fhirBaseUrl}</p>
      {discovery.canConnect ? (
        <>
          <p className="text-sm">Healthfolio will ask {name} for permission to:</p>
          <ul aria-label="What Healthfolio will ask for" className="list-disc pl-5 text-sm">
            {/* Scopes that read the same in words (openid, fhirUser) are said once. */}
            {[...new Set(discovery.scopesRequested.map(scopeWords))].map((words) => (
              <li key={words}>{words}</li>
            ))}
          </ul>
          <p className="text-sm text-muted-foreground">
            You sign in on {name}’s own page and can approve or refuse there. Your password is never given to
            Healthfolio.
          </p>
        </>
      ) : (
        <Alert variant="destructive" role="alert">
          {discovery.reason ?? `Healthfolio cannot connect to ${name}.`}
        </Alert>
      )}
      {connect.isError && (
        <Alert variant="destructive" role="alert">
          {errorMessage(connect.error, 'Could not start the connection. Please try again.')}
        </Alert>
      )}
      <div className="flex flex-wrap gap-2">
        {discovery.canConnect && (
          <Button onClick={go} disabled={connect.isPending || connect.isSuccess}>
            <ExternalLink aria-hidden="true" />
            {connect.isPending || connect.isSuccess ? 'Opening the portal…' : `Connect to ${name}`}
          </Button>
        )}
        <Button variant="ghost" onClick={onCancel}>
          {discovery.canConnect ? 'Cancel' : 'Choose another'}
        </Button>
      </div>
    </section>
  );
}
