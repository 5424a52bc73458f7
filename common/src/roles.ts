import * as z from 'zod';

/** What a person may do on Bazaar beyond their own things: staff see and act on every ad. */
export const roleSchema = z.enum(['user', 'moderator', 'admin']);
export type Role = z.infer<typeof roleSchema>;

export const isStaff = (role: Role): boolean => role === 'moderator' || role === 'admin';
