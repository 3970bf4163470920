import {
  Activity,
  CircleCheck,
  CircleX,
  Droplet,
  HeartHandshake,
  type LucideIcon,
  Smartphone,
  Stethoscope,
  UserRound,
  Watch,
} from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { useInstanceOverview } from './use-instance-overview';

const PROBLEMS = [
  'Records scattered across clinic portals, paper and email',
  'Readings in notebooks and apps that do not talk to each other',
  'Caregivers left guessing between appointments',
];
const SOLUTIONS = [
  'One private place for documents, measurements and appointments',
  'Devices and trackers feeding the same history and trends',
  'Share chosen parts with family and clinicians, and revoke any time',
];

export function LandingProblem() {
  return (
    <section aria-labelledby="problem-title" className="mx-auto max-w-6xl px-6 py-16">
      <h2 id="problem-title" className="text-center text-3xl font-bold tracking-tight">
        Health information is scattered. It should not be.
      </h2>
      <div className="mt-10 grid gap-6 md:grid-cols-2">
        <List title="The problem" items={PROBLEMS} icon={CircleX} tone="text-destructive" />
        <List title="The Healthfolio way" items={SOLUTIONS} icon={CircleCheck} tone="text-success" />
      </div>
    </section>
  );
}

function List({
  title,
  items,
  icon: Icon,
  tone,
}: {
  title: string;
  items: string[];
  icon: LucideIcon;
  tone: string;
}) {
  return (
    <Card>
      <CardHeader>
        <h3 className="text-xl font-semibold">{title}</h3>
      </CardHeader>
      <CardContent>
        <ul className="flex flex-col gap-3">
          {items.map((item) => (
            <li key={item} className="flex gap-3">
              <Icon className={`mt-0.5 size-5 shrink-0 ${tone}`} aria-hidden="true" />
              {item}
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}

const SEGMENTS = [
  {
    icon: UserRound,
    title: 'Patients',
    text: 'Log readings in seconds, spot trends early and arrive at visits prepared.',
  },
  {
    icon: HeartHandshake,
    title: 'Caregivers & family',
    text: 'See what a loved one chose to share and get alerted when something needs attention.',
  },
  {
    icon: Stethoscope,
    title: 'Healthcare providers',
    text: 'Review complete, patient-shared histories instead of piecing together fragments.',
  },
];

export function LandingSegments() {
  return (
    <section aria-labelledby="segments-title" className="mx-auto max-w-6xl px-6 py-16">
      <h2 id="segments-title" className="text-center text-3xl font-bold tracking-tight">
        Built for everyone involved in care
      </h2>
      <ul className="mt-10 grid gap-6 md:grid-cols-3">
        {SEGMENTS.map(({ icon: Icon, title, text }) => (
          <li key={title}>
            <Card className="h-full">
              <CardHeader>
                <Icon className="mb-2 size-8 text-primary" aria-hidden="true" />
                <h3 className="text-lg font-semibold">{title}</h3>
              </CardHeader>
              <CardContent className="text-muted-foreground">{text}</CardContent>
            </Card>
          </li>
        ))}
      </ul>
    </section>
  );
}

// What every instance can take in (a CGM file, Nightscout and the apps uploading to it) ...
const ALWAYS = [
  { icon: Droplet, label: 'CGM files (Dexcom Clarity, LibreView)' },
  { icon: Smartphone, label: 'Nightscout, xDrip+ and similar apps' },
];
// ... and what needs the device service this instance may not have set up.
const CONNECTED = [
  { icon: Watch, label: 'Fitness wearables' },
  { icon: Activity, label: 'Blood pressure monitors' },
];

export function LandingDevices() {
  const devices = useInstanceOverview().data?.features.devices === true;
  const items = devices ? [...ALWAYS, ...CONNECTED] : ALWAYS;
  return (
    <section aria-labelledby="devices-title" className="mx-auto max-w-6xl px-6 py-16 text-center">
      <h2 id="devices-title" className="text-3xl font-bold tracking-tight">
        Bring in readings from your devices
      </h2>
      <p className="mx-auto mt-3 max-w-2xl text-muted-foreground">
        {devices
          ? 'Bring in readings from the devices and apps you already use.'
          : 'Bring in your glucose readings from the apps and files you already have.'}
      </p>
      <ul className={`mt-10 grid grid-cols-2 gap-4 ${devices ? 'md:grid-cols-4' : 'mx-auto max-w-2xl'}`}>
        {items.map(({ icon: Icon, label }) => (
          <li key={label} className="flex flex-col items-center gap-3 rounded-xl border bg-card p-6">
            <Icon className="size-8 text-primary" aria-hidden="true" />
            <span className="font-medium">{label}</span>
          </li>
        ))}
      </ul>
      <Button asChild size="lg" variant="outline" className="mt-8">
        <Link to="/dashboard/devices">Connect Your Devices</Link>
      </Button>
    </section>
  );
}
