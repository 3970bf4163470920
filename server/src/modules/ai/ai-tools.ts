import { OWN_RECORD, TrackerKey, type Whose } from '@healthfolio/core';
import { z } from 'zod';
import type { Database } from '../../db/database';
import type { AiTool } from './ai.client';
import {
  adherence,
  entryLine,
  recentEntries,
  type UserSettings,
  upcomingAppointments,
  windowMetrics,
} from './health-metrics.service';

/**
 * Functions the model may call when the provider supports tools. Each reads only the signed-in
 * user's data (the user id comes from the session, never from the model's arguments) and returns the
 * figures with the window they cover, so the answer can name both, and whose record they are: while a
 * guardian acts for a ward, the descriptions and results name the ward as the rest of the answer does.
 */
const Days = z.coerce.number().int().min(1).max(90).catch(7);
const ARGS = {
  get_stats: z.object({ days: Days }),
  get_entries: z.object({
    tracker: TrackerKey,
    days: Days,
    limit: z.coerce.number().int().min(1).max(50).catch(20),
  }),
  get_patterns: z.object({}),
  get_adherence: z.object({ days: Days }),
  get_upcoming_appointments: z.object({}),
};
type ToolName = keyof typeof ARGS;

const daysParam = {
  days: { type: 'integer', minimum: 1, maximum: 90, description: 'Window length in days ending now' },
};

/** "the user’s" for the account's own record, "Mia’s" while a guardian acts for Mia. */
const owner = (w: Whose, start = false) => (w.name ? w.your : start ? 'The user’s' : 'the user’s');

export const aiTools = (w: Whose = OWN_RECORD): AiTool[] => [
  {
    type: 'function',
    function: {
      name: 'get_stats',
      description: `Computed figures from ${owner(w)} record over the last N days: glucose mean, time in range, lows/highs, blood pressure and weight averages, logging streak, medication adherence.`,
      parameters: { type: 'object', properties: daysParam, required: ['days'] },
    },
  },
  {
    type: 'function',
    function: {
      name: 'get_entries',
      description: `${owner(w, true)} logged entries of one tracker over the last N days, newest first.`,
      parameters: {
        type: 'object',
        properties: {
          tracker: { type: 'string', enum: TrackerKey.options },
          ...daysParam,
          limit: { type: 'integer', minimum: 1, maximum: 50 },
        },
        required: ['tracker', 'days'],
      },
    },
  },
  {
    type: 'function',
    function: {
      name: 'get_patterns',
      description: `Glucose patterns detected in ${owner(w)} readings over the last 30 days (dawn phenomenon, post-meal spikes, night lows).`,
      parameters: { type: 'object', properties: {} },
    },
  },
  {
    type: 'function',
    function: {
      name: 'get_adherence',
      description: `${owner(w, true)} medication doses taken, skipped and missed over the last N days.`,
      parameters: { type: 'object', properties: daysParam, required: ['days'] },
    },
  },
  {
    type: 'function',
    function: {
      name: 'get_upcoming_appointments',
      description: `${owner(w, true)} next appointments (provider, local date and time, reason).`,
      parameters: { type: 'object', properties: {} },
    },
  },
];

const parseArgs = (raw: string) => {
  try {
    return JSON.parse(raw || '{}') as unknown;
  } catch {
    return {};
  }
};

/** Runs one tool call for `userId` (whose record `w` names); the result is JSON text for the model. */
export const runTool = async (
  db: Database,
  userId: string,
  settings: UserSettings,
  name: string,
  rawArgs: string,
  w: Whose = OWN_RECORD,
): Promise<string> => {
  if (!(name in ARGS)) return JSON.stringify({ error: `Unknown function ${name}` });
  const parsed = ARGS[name as ToolName].safeParse(parseArgs(rawArgs));
  if (!parsed.success) return JSON.stringify({ error: 'Invalid arguments' });
  const a = parsed.data as { days: number; tracker: TrackerKey; limit: number };
  const result = await figures(db, userId, settings, name as ToolName, a, w);
  // Whose the figures are, first: the model names the ward with every figure it cites.
  return JSON.stringify({
    record: w.name ? `${w.your} (the user acts for ${w.name})` : "the user's own",
    ...result,
  });
};

const figures = async (
  db: Database,
  userId: string,
  settings: UserSettings,
  name: ToolName,
  a: { days: number; tracker: TrackerKey; limit: number },
  w: Whose,
): Promise<Record<string, unknown>> => {
  switch (name) {
    case 'get_stats': {
      const { patterns: _p, appointments: _a, ...m } = await windowMetrics(db, userId, a.days, settings, w);
      return {
        window: `${m.windowLabel} (${m.windowDates})`,
        glucoseUnitStored: 'mg/dL',
        ...m,
      };
    }
    case 'get_entries': {
      const entries = await recentEntries(db, userId, a.days, a.limit, a.tracker);
      return {
        window: `the last ${a.days} days`,
        tracker: a.tracker,
        entries: entries.map((e) => entryLine(e, settings.timeZone)),
      };
    }
    case 'get_patterns': {
      const m = await windowMetrics(db, userId, 30, settings, w);
      return {
        window: 'the last 30 days',
        readings: m.patternReadings,
        patterns: m.patterns,
      };
    }
    case 'get_adherence':
      return { window: `the last ${a.days} days`, ...(await adherence(db, userId, a.days)) };
    case 'get_upcoming_appointments':
      return { appointments: await upcomingAppointments(db, userId, settings.timeZone) };
  }
};
