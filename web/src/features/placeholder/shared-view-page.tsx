import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { useDocumentTitle } from '@/lib/use-document-title';

/** A caregiver's read-only view of shared data; the sharing feature builds it. */
export function SharedViewPage() {
  useDocumentTitle('Shared health data');
  return (
    <main className="mx-auto flex min-h-screen max-w-xl flex-col justify-center gap-6 p-6">
      <h1 className="text-2xl font-semibold">Shared health data</h1>
      <Card>
        <CardHeader>
          <CardDescription>
            This part of Healthfolio is not available yet. Shared records will open here once sharing is
            built.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <Button variant="outline" asChild>
            <Link to="/">Return to Home</Link>
          </Button>
        </CardContent>
      </Card>
    </main>
  );
}
