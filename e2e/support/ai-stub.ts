import { type RecordedRequest, startOpenAiStub } from '../../server/test/openai-stub';

/** What the e2e stub's vision model "sees" in any photo. */
export const STUB_MEAL = {
  foodItems: ['Grilled chicken', 'Rice', 'Broccoli'],
  estimatedCalories: 620,
  carbs: 68,
  nutritionInfo: 'Balanced plate: protein, starch and vegetables.',
  mealType: 'lunch',
};

type Message = { role: string; content: string | { type: string }[] };

/**
 * The provider the e2e app talks to. Photos get STUB_MEAL as JSON; a question containing
 * "[stub-error]" fails with a 500, "[stub-slow]" answers after 1.5 s; any other is echoed back.
 */
export const startE2eAiStub = () =>
  startOpenAiStub((body: RecordedRequest['body']) => {
    const messages = (body?.messages ?? []) as Message[];
    const hasImage = messages.some(
      (m) => Array.isArray(m.content) && m.content.some((p) => p.type === 'image_url'),
    );
    if (hasImage) return { text: JSON.stringify(STUB_MEAL) };
    const last = [...messages].reverse().find((m) => m.role === 'user');
    const question = typeof last?.content === 'string' ? last.content : '';
    if (question.includes('[stub-error]')) return { status: 500 };
    if (question.includes('[stub-slow]')) return { text: 'A slow answer.', delayMs: 1500 };
    return { text: `Stub answer: ${question}`, chunks: 6 };
  });
