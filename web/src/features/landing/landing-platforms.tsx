import { Check, Droplet, HeartPulse, type LucideIcon } from 'lucide-react';
import { Card, CardContent, CardDescription, CardFooter, CardHeader } from '@/components/ui/card';
import { CtaLink } from './cta-link';

type Platform = {
  icon: LucideIcon;
  title: string;
  text: string;
  features: string[];
  to: string;
  cta: string;
};

const PLATFORMS: Platform[] = [
  {
    icon: Droplet,
    title: 'Smart Diabetes Management',
    text: 'Built around glucose: everything a person with diabetes checks every day.',
    features: [
      'Glucose monitoring and CGM devices',
      'Carb counter and insulin calculator',
      'A1C tracker',
      'Care-team access',
    ],
    to: '/auth?type=diabetes',
    cta: 'Start Diabetes Management',
  },
  {
    icon: HeartPulse,
    title: 'Comprehensive Health Management',
    text: 'The complete health hub for you and your family.',
    features: [
      'Every health tracker',
      'Documents and insurance',
      'Appointments and reminders',
      'Devices and sharing',
    ],
    to: '/auth?type=general',
    cta: 'Explore General Platform',
  },
];

export function LandingPlatforms() {
  return (
    <section aria-labelledby="platforms-title" className="mx-auto max-w-6xl px-6 py-16">
      <h2 id="platforms-title" className="text-center text-3xl font-bold tracking-tight">
        Choose your platform
      </h2>
      <p className="mx-auto mt-3 max-w-2xl text-center text-muted-foreground">
        Two ways to use Healthfolio. Switch whenever you like; your data and preferences stay.
      </p>
      <div className="mt-10 grid gap-6 md:grid-cols-2">
        {PLATFORMS.map(({ icon: Icon, title, text, features, to, cta }) => (
          <Card key={title} className="flex flex-col">
            <CardHeader>
              <Icon className="mb-2 size-10 text-primary" aria-hidden="true" />
              <h3 className="text-xl font-semibold">{title}</h3>
              <CardDescription>{text}</CardDescription>
            </CardHeader>
            <CardContent className="flex-1">
              <ul className="flex flex-col gap-2 text-sm">
                {features.map((feature) => (
                  <li key={feature} className="flex items-center gap-2">
                    <Check className="size-4 text-success" aria-hidden="true" />
                    {feature}
                  </li>
                ))}
              </ul>
            </CardContent>
            <CardFooter>
              <CtaLink to={to} className="w-full">
                {cta}
              </CtaLink>
            </CardFooter>
          </Card>
        ))}
      </div>
    </section>
  );
}
