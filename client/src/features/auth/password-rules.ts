import {
  PASSWORD_TOO_LONG_MESSAGE,
  PASSWORD_TOO_SHORT_MESSAGE,
  PASSWORDS_DO_NOT_MATCH_MESSAGE,
} from '@bazaar/common/account-messages';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@bazaar/common/constants';

/**
 * The spec's checks of a new password, in its order (§5): the two entries must match, then
 * be long enough. Returns the toast to show, or null when the password may be sent.
 */
export function newPasswordProblem(password: string, confirmation: string): string | null {
  if (password !== confirmation) return PASSWORDS_DO_NOT_MATCH_MESSAGE;
  if (password.length < PASSWORD_MIN_LENGTH) return PASSWORD_TOO_SHORT_MESSAGE;
  if (password.length > PASSWORD_MAX_LENGTH) return PASSWORD_TOO_LONG_MESSAGE;
  return null;
}
