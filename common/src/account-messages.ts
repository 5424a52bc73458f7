import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './constants';

/**
 * Sentences of spec §5 and §8 that the server and the client both say. No schema library
 * here, so the registration page can show them without loading one.
 */
export const PASSWORD_TOO_SHORT_MESSAGE = `Password must be at least ${PASSWORD_MIN_LENGTH} characters long`;
export const PASSWORD_TOO_LONG_MESSAGE = `Password must be at most ${PASSWORD_MAX_LENGTH} characters long`;
export const PASSWORDS_DO_NOT_MATCH_MESSAGE = 'Passwords do not match';
