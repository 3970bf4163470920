import { ShieldCheck } from 'lucide-react';
import { CtaLink } from './cta-link';

// Marketing figures, presented as such (spec §1); nothing behind sign-in shows numbers like these.
const STATS = [
  { value: '500K+', label: 'Active users' },
  { value: '98%', label: 'Satisfaction' },
  { value: '24/7', label: 'Support' },
  { value: '500+', label: 'Devices supported' },
];

export function LandingHero() {
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
          with the people who care for you. Start free for 30 days — no credit card needed, cancel anytime.
        </p>
        <div className="flex flex-wrap justify-center gap-3">
          <CtaLink to="/auth">Start Free Trial</CtaLink>
          <CtaLink to="/auth" variant="outline" hideWhenSignedIn>
            Sign In
          </CtaLink>
        </div>
        <dl className="grid w-full max-w-3xl grid-cols-2 gap-6 pt-6 sm:grid-cols-4">
          {STATS.map((stat) => (
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
