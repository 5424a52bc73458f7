import * as z from 'zod';

/**
 * A seller's notification and privacy preferences (the checkboxes of /dashboard and
 * /profile, spec §2). Stored in profiles.settings; missing keys take the spec's defaults.
 */
const profileSettingsShape = {
  /** E-mail me about new messages. */
  emailNewMessages: z.boolean(),
  /** E-mail me when my ads are viewed or liked. */
  emailAdViewsAndLikes: z.boolean(),
  /** Text me about views of my ads. */
  smsAdViews: z.boolean(),
  /** Send me a weekly performance report. */
  weeklyReports: z.boolean(),
  /** Show my phone number on my ads. */
  showPhoneNumber: z.boolean(),
  /** Let buyers message me directly. */
  allowDirectMessages: z.boolean(),
};

export const profileSettingsSchema = z.strictObject(profileSettingsShape);
export type ProfileSettings = z.infer<typeof profileSettingsSchema>;

export const defaultProfileSettings: ProfileSettings = {
  emailNewMessages: true,
  emailAdViewsAndLikes: true,
  smsAdViews: true,
  weeklyReports: false,
  showPhoneNumber: true,
  allowDirectMessages: true,
};

/** The stored settings with defaults for anything not yet chosen; unknown keys are dropped. */
export function readProfileSettings(stored: unknown): ProfileSettings {
  const partial = z.object(profileSettingsShape).partial().safeParse(stored);
  const chosen = partial.success ? partial.data : {};
  return {
    ...defaultProfileSettings,
    ...Object.fromEntries(Object.entries(chosen).filter(([, v]) => v !== undefined)),
  };
}
