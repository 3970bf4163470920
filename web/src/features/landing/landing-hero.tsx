import { ShieldCheck } from 'lucide-react';
import { CtaLink } from './cta-link';
import { useInstanceOverview } from './use-instance-overview';

// Only what is true of every instance; this instance's own counts replace the first two when its
// admin chooses to show them (admin console → Settings → landing_page).
const STATS = [
  { value: 'Open source', label: 'Free to host yourself' },
  { value: 'Your server', label: 'Where your data lives' },
  { value: '8', label: 'Health trackers' },
  { value: '2FA', label: 'Authenticator apps and passkeys' },
];

const count = new Intl.NumberFormat();

export function LandingHero() {
  const usage = useInstanceOverview().data?.usage;
  const stats = usage
    ? [
        { value: count.format(usage.accounts), label: 'Accounts on this instance' },
        { value: count.format(usage.entriesLogged), label: 'Entries logged here' },
        ...STATS.slice(2),
      ]
    : STATS;
  return (
    <section aria-labelledby="hero-title" className="bg-gradient-to-b from-accent/60 to-background">
      <div className="mx-auto flex max-w-6xl flex-col items-center gap-8 px-6 py-20 text-center">
        <p className="inline-flex items-center gap-2 rounded-full border bg-card px-3 py-1 text-sm text-muted-foreground">
          <ShieldCheck className="size-4 text-primary" aria-hidden="true" />
          Open source and self-hostable
        </p>
        <h1 id="hero-title" className="max-w-3xl text-4xl font-bold tracking-tight sm:text-5xl">
          Your health records, measurements and care team in one place
        </h1>
        <p className="max-w-2xl text-lg text-muted-foreground">
          Log what matters, see how it changes, keep your documents safe and share exactly what you choose
          with the people who care for you. Free and open source: it runs on your own server.
        </p>
        <div className="flex flex-wrap justify-center gap-3">
          <CtaLink to="/auth">Get Started</CtaLink>
          <CtaLink to="/auth" variant="outline" hideWhenSignedIn>
            Sign In
          </CtaLink>
        </div>
        <dl className="grid w-full max-w-3xl grid-cols-2 gap-6 pt-6 sm:grid-cols-4">
          {stats.map((stat) => (
            <div key={stat.label} className="flex flex-col-reverse gap-1">
              <dt className="text-sm text-muted-foreground">{stat.label}</dt>
              <dd className="text-3xl font-bold text-primary">{stat.value}</dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}
