import { OWN_RECORD, type Whose } from '../text/whose';

/** The assistant's and the meal photo's fixed texts and limits (zod-free, for light web chunks). */

/** Spec texts (core-platform §8, tracking-and-records §8) shared by the server and the screens. */
export const AI_TEXTS = {
  greeting:
    "Hello! I'm your AI health assistant. Ask me about your readings, trends and logs. I'm not a doctor: for medical decisions, talk to your care team.",
  chatErrorTitle: 'AI Chat Error',
  pageErrorTitle: 'AI Analysis Error',
  errorDescription: 'Failed to get AI response. Please try again.',
  apology: "I'm sorry, I'm having trouble connecting right now. Please try again later.",
  emptyReply: 'No response from AI.',
  analyzing: 'Analyzing...',
} as const;

/** Spec: chat history sent to the assistant is the last 10 messages; context is 90 days, ≤200 entries. */
export const AI_LIMITS = {
  historyMessages: 10,
  contextDays: 90,
  contextEntries: 200,
  messageMaxChars: 4000,
} as const;

/** The chat's own words for a message the server refuses as too long (not a connection error). */
export const messageTooLong = (max: number = AI_LIMITS.messageMaxChars) =>
  `Messages can be at most ${max.toLocaleString('en-US')} characters`;

/** The four quick-question buttons of /dashboard/ai-analysis. */
export const AI_QUICK_QUESTIONS = [
  'What was my average glucose this week?',
  'What patterns do you see in my recent data?',
  'How consistent have I been with logging and medications?',
  'What should I ask at my next appointment?',
] as const;

/** The greeting, naming the ward whose record it is while a guardian acts for them. */
export const aiGreeting = (w: Whose = OWN_RECORD): string =>
  w.name
    ? `Hello! I'm your AI health assistant. Ask me about ${w.your} readings, trends and logs. I'm not a doctor: for medical decisions, talk to ${w.your} care team.`
    : AI_TEXTS.greeting;

/** The quick questions, asked about the ward while a guardian acts for them ("What was Mia’s average glucose this week?"). */
export const aiQuickQuestions = (w: Whose = OWN_RECORD): readonly string[] =>
  w.name
    ? [
        `What was ${w.your} average glucose this week?`,
        `What patterns do you see in ${w.your} recent data?`,
        `How consistent has ${w.you} been with logging and medications?`,
        `What should we ask at ${w.your} next appointment?`,
      ]
    : AI_QUICK_QUESTIONS;

export const MEAL_PHOTO_TEXTS = {
  invalidFileTitle: 'Invalid file',
  invalidFileDescription: 'Please select an image file',
  noPhotoTitle: 'No photo selected',
  noPhotoDescription: 'Please upload a photo first',
  selectedTitle: 'Photo selected!',
  capturedTitle: 'Photo captured!',
  readyDescription: 'Ready to analyze your food photo',
  successTitle: 'Analysis complete!',
  failureTitle: 'Analysis failed',
  failureDescription: 'Could not analyze the photo. Please try again.',
  notConfigured:
    'Photo analysis is not configured on this server (no vision model). You can still log the meal by hand.',
  notesPrefix: 'AI Analysis: ',
} as const;

/** "Found N food items, ~N calories" (spec §8). */
export const mealAnalysisSummary = (r: { foodItems: string[]; estimatedCalories: number }) =>
  `Found ${r.foodItems.length} food items, ~${r.estimatedCalories} calories`;

/** Largest upload the analysis accepts (a phone photo); the server re-encodes it smaller. */
export const MEAL_PHOTO_MAX_BYTES = 10 * 1024 * 1024;
