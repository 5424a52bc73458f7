import { describe, expect, it } from 'vitest';
import { defaultProfileSettings, readProfileSettings } from './settings';

describe('readProfileSettings', () => {
  it('gives the spec’s defaults when nothing is stored', () => {
    expect(readProfileSettings({})).toEqual(defaultProfileSettings);
    expect(readProfileSettings(null)).toEqual(defaultProfileSettings);
  });

  it('keeps what the seller chose and drops keys it does not know', () => {
    expect(readProfileSettings({ showPhoneNumber: false, legacy: 1 })).toEqual({
      ...defaultProfileSettings,
      showPhoneNumber: false,
    });
  });
});
