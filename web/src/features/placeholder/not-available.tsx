import { Construction } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';

/** The honest state of a screen a later release builds: no sample data, a way back. */
export function NotAvailable({
  what,
  backTo,
  backLabel,
}: {
  what: string;
  backTo: string;
  backLabel: string;
}) {
  return (
    <Card className="mx-auto max-w-xl">
      <CardHeader className="items-start">
        <Construction className="mb-2 size-8 text-muted-foreground" aria-hidden="true" />
        <CardTitle>Not available yet</CardTitle>
        <CardDescription>
          This part of Healthfolio is not available yet. {what} will appear here once it is built; nothing
          shown here is made up in the meantime.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Button variant="outline" asChild>
          <Link to={backTo}>{backLabel}</Link>
        </Button>
      </CardContent>
    </Card>
  );
}
