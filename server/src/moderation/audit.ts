import {
  auditActionLabels,
  auditActionSchema,
  type AuditAction,
  type AuditEntry,
  type AuditTargetType,
} from '@bazaar/common/moderation';
import { sql } from 'drizzle-orm';
import type { SessionUser } from '../auth/session-guard';
import { cursorKeyFormats, decodeCursor, encodeCursor } from '../http/cursor';
import type { Database, Executor } from '../db/database';
import { auditLog } from '../db/schema';

export interface AuditInput {
  actor: Pick<SessionUser, 'id' | 'name' | 'email'>;
  action: AuditAction;
  targetType: AuditTargetType;
  targetId: string;
  /** The ad's title or the user's name and e-mail, as they are now. */
  targetLabel: string;
  reason?: string | null;
}

/** Records a staff action. Call it in the action's own transaction: no action without its row. */
export async function writeAudit(executor: Executor, input: AuditInput): Promise<void> {
  await executor.insert(auditLog).values({
    actor_id: input.actor.id,
    actor_label: `${input.actor.name} <${input.actor.email}>`,
    action: input.action,
    target_type: input.targetType,
    target_id: input.targetId,
    target_label: input.targetLabel,
    reason: input.reason ?? null,
  });
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

const AUDIT_SORT = 'audit';

/**
 * The audit log, newest first; `q` matches (case-insensitively, anywhere) the actor's name
 * or e-mail, the action, the target's kind and label, and the reason, through a trigram index.
 */
export async function findAuditEntries(
  db: Database,
  { q, cursor, limit }: { q: string; cursor?: string; limit: number },
): Promise<{ items: AuditEntry[]; next_cursor: string | null }> {
  const conditions = [sql`true`];
  if (q) {
    const words = q.toLowerCase().replace(/\s+/g, ' ');
    // The action as the console labels it ("Hid ad", "suspended") finds its code too.
    const labelled = auditActionSchema.options.filter((action) =>
      auditActionLabels[action].toLowerCase().includes(words),
    );
    conditions.push(
      sql`(l.search like ${`%${escapeLike(words)}%`} or l.search like ${`%${escapeLike(words.replace(/ /g, '_'))}%`}
        ${
          labelled.length > 0
            ? sql`or l.action in (${sql.join(
                labelled.map((action) => sql`${action}`),
                sql`, `,
              )})`
            : sql``
        })`,
    );
  }
  if (cursor) {
    const after = decodeCursor(cursor, AUDIT_SORT, cursorKeyFormats.timestamp);
    conditions.push(sql`(l.created_at, l.id) < (${after.key}::timestamptz, ${after.id}::uuid)`);
  }
  const { rows } = await db.execute<{
    id: string;
    actor_id: string | null;
    actor_name: string | null;
    actor_email: string | null;
    action: AuditEntry['action'];
    target_type: AuditEntry['target_type'];
    target_id: string;
    target_label: string;
    reason: string | null;
    created_at: string;
    sort_key: string;
  }>(sql`
    select l.id, l.actor_id, u.name as actor_name, u.email as actor_email, l.action, l.target_type,
      l.target_id, l.target_label, l.reason,
      to_char(l.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at,
      to_char(l.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as sort_key
    from audit_log l left join users u on u.id = l.actor_id
    where ${sql.join(conditions, sql` and `)}
    order by l.created_at desc, l.id desc
    limit ${limit + 1}`);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    items: page.map((row) => ({
      id: row.id,
      actor:
        row.actor_id && row.actor_name !== null && row.actor_email !== null
          ? { id: row.actor_id, name: row.actor_name, email: row.actor_email }
          : null,
      action: row.action,
      target_type: row.target_type,
      target_id: row.target_id,
      target_label: row.target_label,
      reason: row.reason,
      created_at: row.created_at,
    })),
    next_cursor:
      rows.length > limit && last
        ? encodeCursor({ sort: AUDIT_SORT, key: last.sort_key, id: last.id })
        : null,
  };
}
