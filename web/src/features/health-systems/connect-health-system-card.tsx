import type { Whose } from '@healthfolio/core/text/whose';
import { Building2, ChevronRight } from 'lucide-react';
import { Link } from 'react-router';
import { Card, CardContent } from '@/components/ui/card';
import { useWhose } from '@/features/household/whose';
import { useCanConnect } from './use-can-connect';

/** The card's words, of the record shown ("your", "Mia’s"). */
const wordsOf = (kind: 'provider' | 'payer', w: Whose) =>
  kind === 'provider'
    ? {
        title: 'Connect a health system',
        text: `Bring in ${w.your} lab results, conditions and more straight from ${w.your} hospital’s or clinic’s patient portal.`,
      }
    : {
        title: `Connect ${w.your} insurer`,
        text: `Bring in ${w.your} claims and coverage straight from ${w.your} insurer, so you need not type them.`,
      };

/** A card on Lab Results (health systems) and Insurance & Claims (insurers) leading to Health systems. */
export function ConnectHealthSystemCard({ kind }: { kind: 'provider' | 'payer' }) {
  const words = wordsOf(kind, useWhose());
  // Offered only when one of this kind can be connected here.
  if (!useCanConnect(kind)) return null;
  return (
    <Card>
      <CardContent className="pt-6">
        <Link
          to="/dashboard/health-systems"
          className="group flex items-center gap-3 rounded-md focus-visible:outline-2 focus-visible:outline-ring"
        >
          <Building2 className="size-8 shrink-0 text-primary" aria-hidden="true" />
          <span className="flex min-w-0 flex-1 flex-col">
            <span className="font-semibold group-hover:underline group-hover:underline-offset-4">
              {words.title}
            </span>
            <span className="text-sm text-muted-foreground">{words.text}</span>
          </span>
          <ChevronRight className="size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
        </Link>
      </CardContent>
    </Card>
  );
}
