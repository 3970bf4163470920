import { describe, expect, it } from 'vitest';
import { ROLE_LABELS, roleLabel, SETTING_TITLES } from './admin-words';
import { SETTING_KEYS } from './platform-settings.schema';

describe('admin words', () => {
  it('says roles as words, never their stored values', () => {
    expect(Object.values(ROLE_LABELS)).toEqual(['User', 'Moderator', 'Admin']);
    expect(roleLabel(null)).toBe('User');
    expect(roleLabel('superuser')).toBe('Another role');
  });

  it('has a title for every setting', () => {
    expect(Object.keys(SETTING_TITLES).sort()).toEqual([...SETTING_KEYS].sort());
  });
});
