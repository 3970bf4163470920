import { useDocumentTitle } from '@/lib/use-document-title';
import { CtaLink } from './cta-link';
import { LandingHeader } from './landing-header';
import { LandingHero } from './landing-hero';
import { LandingPlatforms } from './landing-platforms';
import { LandingDistribution, LandingResults } from './landing-results';
import { LandingDevices, LandingProblem, LandingSegments } from './landing-sections';
import { MaintenanceBanner } from './maintenance-banner';
import { privacySentence, useInstanceOverview } from './use-instance-overview';

export function LandingPage() {
  useDocumentTitle('Personal Health Records');
  const overview = useInstanceOverview();
  return (
    <div className="min-h-screen bg-background">
      <LandingHeader />
      <MaintenanceBanner />
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
              Start keeping your health records
            </h2>
            <p className="min-h-14 text-lg opacity-90 sm:min-h-7">
              Free and open source. {privacySentence(overview.data?.features)}
            </p>
            <CtaLink to="/auth" variant="secondary">
              Get Started
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
