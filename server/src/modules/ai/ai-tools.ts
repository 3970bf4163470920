import { TrackerKey } from '@healthfolio/core';
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
 * figures with the window they cover, so the answer can name both.
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

export const AI_TOOLS: AiTool[] = [
  {
    type: 'function',
    function: {
      name: 'get_stats',
      description:
        'Computed figures over the last N days: glucose mean, time in range, lows/highs, blood pressure and weight averages, logging streak, medication adherence.',
      parameters: { type: 'object', properties: daysParam, required: ['days'] },
    },
  },
  {
    type: 'function',
    function: {
      name: 'get_entries',
      description: 'The user’s logged entries of one tracker over the last N days, newest first.',
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
      description:
        'Glucose patterns detected over the last 30 days (dawn phenomenon, post-meal spikes, night lows).',
      parameters: { type: 'object', properties: {} },
    },
  },
  {
    type: 'function',
    function: {
      name: 'get_adherence',
      description: 'Medication doses taken, skipped and missed over the last N days.',
      parameters: { type: 'object', properties: daysParam, required: ['days'] },
    },
  },
  {
    type: 'function',
    function: {
      name: 'get_upcoming_appointments',
      description: 'The user’s next appointments (provider, local date and time, reason).',
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

/** Runs one tool call for `userId`; the result is JSON text for the model. */
export const runTool = async (
  db: Database,
  userId: string,
  settings: UserSettings,
  name: string,
  rawArgs: string,
): Promise<string> => {
  if (!(name in ARGS)) return JSON.stringify({ error: `Unknown function ${name}` });
  const parsed = ARGS[name as ToolName].safeParse(parseArgs(rawArgs));
  if (!parsed.success) return JSON.stringify({ error: 'Invalid arguments' });
  const a = parsed.data as { days: number; tracker: TrackerKey; limit: number };
  switch (name as ToolName) {
    case 'get_stats': {
      const { patterns: _p, appointments: _a, ...m } = await windowMetrics(db, userId, a.days, settings);
      return JSON.stringify({
        window: `${m.windowLabel} (${m.windowDates})`,
        glucoseUnitStored: 'mg/dL',
        ...m,
      });
    }
    case 'get_entries': {
      const entries = await recentEntries(db, userId, a.days, a.limit, a.tracker);
      return JSON.stringify({
        window: `the last ${a.days} days`,
        tracker: a.tracker,
        entries: entries.map((e) => entryLine(e, settings.timeZone)),
      });
    }
    case 'get_patterns': {
      const m = await windowMetrics(db, userId, 30, settings);
      return JSON.stringify({
        window: 'the last 30 days',
        readings: m.patternReadings,
        patterns: m.patterns,
      });
    }
    case 'get_adherence':
      return JSON.stringify({ window: `the last ${a.days} days`, ...(await adherence(db, userId, a.days)) });
    case 'get_upcoming_appointments':
      return JSON.stringify({ appointments: await upcomingAppointments(db, userId, settings.timeZone) });
  }
};
