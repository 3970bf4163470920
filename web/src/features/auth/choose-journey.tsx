import type { UserType } from '@healthfolio/core';
import { Droplet, HeartPulse } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { ChoiceCard } from '@/components/ui/choice-card';

type Props = { initial?: UserType; busy: boolean; onChoose: (type: UserType) => void };

export function ChooseJourney({ initial, busy, onChoose }: Props) {
  const [choice, setChoice] = useState<UserType | undefined>(initial);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (choice) onChoose(choice);
  };
  return (
    <form onSubmit={submit} className="flex flex-col gap-6">
      <div className="text-center">
        <h1 className="text-2xl font-semibold tracking-tight">Choose Your Health Journey</h1>
        <p className="mt-2 text-muted-foreground">
          Pick the platform that fits you best. You can switch at any time; your data stays the same.
        </p>
      </div>
      <fieldset className="flex flex-col gap-3">
        <legend className="sr-only">Health journey</legend>
        <ChoiceCard
          name="journey"
          value="diabetes_focused"
          checked={choice === 'diabetes_focused'}
          onChange={() => setChoice('diabetes_focused')}
          icon={Droplet}
          title="Smart Diabetes Management"
          description="Glucose monitoring, carb counting, insulin calculations, A1C tracking, CGM devices and care-team access."
        />
        <ChoiceCard
          name="journey"
          value="general_health"
          checked={choice === 'general_health'}
          onChange={() => setChoice('general_health')}
          icon={HeartPulse}
          title="Comprehensive Health Management"
          description="Documents, insurance, appointments, devices, sharing and every health tracker in one place."
        />
      </fieldset>
      <Button type="submit" size="lg" disabled={!choice || busy}>
        {busy ? 'Setting up…' : 'Continue with Selected Option'}
      </Button>
    </form>
  );
}
