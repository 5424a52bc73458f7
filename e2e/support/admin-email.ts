/**
 * The e2e app is started with ADMIN_EMAILS naming this address (global-setup.ts), so the
 * account signed up with it becomes an admin when it signs in. Kept apart from accounts.ts,
 * which needs the test runner, because global setup reads it too.
 */
export const E2E_ADMIN_EMAIL = 'admin@e2e.bazaar.local';
