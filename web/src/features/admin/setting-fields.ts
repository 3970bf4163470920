import type { SettingKey } from '@healthfolio/core';
import { SETTING_TITLES } from '@healthfolio/core/admin/admin-words';

export type FieldSpec =
  | { name: string; label: string; kind: 'boolean' }
  | { name: string; label: string; kind: 'integer' }
  | { name: string; label: string; kind: 'text'; showIf?: string }
  | { name: string; label: string; kind: 'choice'; options: string[] };

/** How the console edits each known setting; anything else is edited as JSON. */
export const SETTING_FIELDS: Record<SettingKey, { title: string; fields: FieldSpec[] }> = {
  maintenance_mode: {
    title: SETTING_TITLES.maintenance_mode,
    fields: [
      { name: 'enabled', label: 'Maintenance mode on', kind: 'boolean' },
      { name: 'message', label: 'Message shown to users', kind: 'text', showIf: 'enabled' },
    ],
  },
  max_file_size: {
    title: SETTING_TITLES.max_file_size,
    fields: [
      { name: 'value', label: 'Size', kind: 'integer' },
      { name: 'unit', label: 'Unit', kind: 'choice', options: ['MB', 'GB'] },
    ],
  },
  session_timeout: {
    title: SETTING_TITLES.session_timeout,
    fields: [
      { name: 'value', label: 'Timeout', kind: 'integer' },
      { name: 'unit', label: 'Unit', kind: 'choice', options: ['minutes', 'hours', 'days'] },
    ],
  },
  email_notifications: {
    title: SETTING_TITLES.email_notifications,
    fields: [{ name: 'enabled', label: 'Send notification emails', kind: 'boolean' }],
  },
  user_registration: {
    title: SETTING_TITLES.user_registration,
    fields: [
      { name: 'enabled', label: 'Registration open', kind: 'boolean' },
      { name: 'require_approval', label: 'New accounts need an admin’s approval', kind: 'boolean' },
    ],
  },
  landing_page: {
    title: SETTING_TITLES.landing_page,
    fields: [
      { name: 'show_usage_figures', label: 'Show this instance’s real usage figures', kind: 'boolean' },
    ],
  },
};

/** The draft as typed → the value to send; integers parsed, or the field's error. */
export const valueFromDraft = (fields: FieldSpec[], draft: Record<string, unknown>) => {
  const value: Record<string, unknown> = { ...draft };
  const errors: Record<string, string> = {};
  for (const f of fields) {
    if (f.kind !== 'integer') continue;
    const raw = String(draft[f.name] ?? '').trim();
    if (!/^-?\d+$/.test(raw)) errors[f.name] = 'Enter a whole number';
    else value[f.name] = Number.parseInt(raw, 10);
  }
  return { value, errors };
};
