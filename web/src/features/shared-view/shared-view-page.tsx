import { ACCESS_LEVEL_DESCRIPTIONS, SHARE_CATEGORY_LABELS } from '@healthfolio/core/sharing/share-rules';
import { zoneWords } from '@healthfolio/core/text/zone-words';
import { Eye } from 'lucide-react';
import { useParams } from 'react-router';
import { LinkMessagePage } from '@/components/link-message-page';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { ErrorState } from '@/components/ui/error-state';
import { PageSpinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api';
import { useDocumentTitle } from '@/lib/use-document-title';
import { formatWhen } from '../sharing/share-format';
import { CategorySection } from './shared-sections';
import { refusal, useSharedOverview } from './shared-view-api';

/** A caregiver's read-only view of exactly what was shared with them, in the owner's glucose unit. */
export function SharedViewPage() {
  const { token = '' } = useParams();
  const overview = useSharedOverview(token);
  useDocumentTitle('Shared health data');

  if (overview.isPending) return <PageSpinner label="Opening the shared data" />;
  if (overview.isLoadingError) {
    const why = refusal(overview.error);
    if (why === 'invalid')
      return (
        <LinkMessagePage
          title="This link is not valid"
          message="It may have expired or been revoked. Ask the person who shared it with you for a new link."
        />
      );
    if (why === 'sign_in')
      return (
        <LinkMessagePage
          title="Sign in to open this link"
          message="The person who shared this asked you to sign in with the email address the invitation was sent to. Sign in, then open the link again."
        />
      );
    return (
      <main className="p-6">
        <ErrorState
          message={errorMessage(overview.error, 'The server did not answer.')}
          onRetry={() => overview.refetch()}
        />
      </main>
    );
  }
  const o = overview.data;
  return (
    <main className="mx-auto flex max-w-5xl flex-col gap-6 p-4 sm:p-6">
      <header className="flex flex-col gap-2">
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <Eye className="size-4" aria-hidden="true" /> Read-only · shared with you on Healthfolio
        </p>
        <h1 className="text-2xl font-semibold">{o.ownerName}’s shared health data</h1>
        <p className="text-sm text-muted-foreground">
          {`${ACCESS_LEVEL_DESCRIPTIONS[o.accessType]} Shared until ${formatWhen(o.expiresAt, o.timeZone, 'revoked')}.`}{' '}
          {`Times are in ${zoneWords(o.timeZone)}; glucose in ${o.glucoseUnit}.`}
        </p>
      </header>
      {o.categories.map((c) => (
        <section key={c} aria-labelledby={`section-${c}`}>
          <Card>
            <CardHeader>
              <CardTitle id={`section-${c}`}>{SHARE_CATEGORY_LABELS[c]}</CardTitle>
            </CardHeader>
            <CardContent>
              <CategorySection token={token} category={c} overview={o} />
            </CardContent>
          </Card>
        </section>
      ))}
    </main>
  );
}
