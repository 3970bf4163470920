import { whose } from '@healthfolio/core/text/whose';
import { describe, expect, it } from 'vitest';
import { crisisAlertWords, lowAlertWords, savedWords } from './log-alert-words';

const mia = whose('Mia');

describe('the log screens’ alerts for a ward', () => {
  it('say a crisis-level blood pressure of the ward, by name, and tell the guardian what to do', () => {
    const words = crisisAlertWords(185, 125, mia)!;
    expect(words.title).toBe('Hypertensive crisis level for Mia: what to do now');
    expect(words.description).toMatch(
      /^If Mia has chest pain, shortness of breath, .* call emergency services \(911, 112 or your local number\) now\. Otherwise have Mia sit quietly for 5 minutes and measure again\. If it is still 180\/120 mmHg or higher, contact Mia’s doctor right away; .* Saved: 185\/125 mmHg\.$/,
    );
    expect(words.description).not.toMatch(/\bIf you have\b|\byour doctor\b/);
  });

  it('say an urgent low of the ward by name, with what to give her', () => {
    const words = lowAlertWords(45, 'mg/dL', mia)!;
    expect(words).toMatchObject({ title: 'Urgent low for Mia: 45 mg/dL', urgent: true });
    expect(words.description).toBe(
      'Saved. Give Mia 15 g of fast-acting carbs now (juice, glucose tablets) and re-check in 15 minutes. If Mia cannot eat or drink, or it does not improve, give glucagon or call emergency services.',
    );
    expect(lowAlertWords(3.5 * 18.0182, 'mmol/L', mia)).toMatchObject({
      title: 'Low for Mia: 3.5 mmol/L',
      description:
        'Saved. Give Mia 15 g of fast-acting carbs now (juice, glucose tablets) and re-check in 15 minutes.',
    });
  });

  it('say the plain save of the ward’s entry as hers', () => {
    expect(savedWords({ tracker: 'meal', occurredAt: '', data: { value: 'Toast' } } as never, mia)).toBe(
      'Mia’s meal was recorded.',
    );
    expect(savedWords({ tracker: 'journal', occurredAt: '', data: { value: 'x' } } as never, mia)).toBe(
      'Mia’s entry was recorded.',
    );
  });

  it('keep the own-record words for the account’s own person', () => {
    expect(crisisAlertWords(185, 125)!.description).toMatch(/^If you have chest pain/);
    expect(crisisAlertWords(179, 119)).toBeNull();
    expect(lowAlertWords(45, 'mg/dL')!.description).toMatch(
      /^Saved\. Take 15 g .* If you cannot eat or drink/,
    );
    expect(lowAlertWords(70, 'mg/dL')).toBeNull();
    expect(savedWords({ tracker: 'meal', occurredAt: '', data: { value: 'Toast' } } as never)).toBe(
      'Your meal was recorded.',
    );
  });
});
