import { useDocumentTitle } from '@/lib/use-document-title';
import { CtaLink } from './cta-link';
import { LandingHeader } from './landing-header';
import { LandingHero } from './landing-hero';
import { LandingPlatforms } from './landing-platforms';
import { LandingDistribution, LandingResults } from './landing-results';
import { LandingDevices, LandingProblem, LandingSegments } from './landing-sections';

export function LandingPage() {
  useDocumentTitle('Personal Health Records');
  return (
    <div className="min-h-screen bg-background">
      <LandingHeader />
      <main>
        <LandingHero />
        <LandingPlatforms />
        <LandingProblem />
        <LandingResults />
        <LandingSegments />
        <LandingDistribution />
        <LandingDevices />
        <section aria-labelledby="cta-title" className="bg-primary text-primary-foreground">
          <div className="mx-auto flex max-w-4xl flex-col items-center gap-5 px-6 py-16 text-center">
            <h2 id="cta-title" className="text-3xl font-bold tracking-tight">
              Start your free 30-day trial
            </h2>
            <p className="text-lg opacity-90">No credit card needed. Cancel anytime.</p>
            <CtaLink to="/auth" variant="secondary">
              Start Free Trial
            </CtaLink>
          </div>
        </section>
      </main>
      <footer className="border-t py-8 text-center text-sm text-muted-foreground">
        Healthfolio is open-source software you can host yourself.
      </footer>
    </div>
  );
}
