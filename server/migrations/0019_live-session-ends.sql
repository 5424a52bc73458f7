-- Every way a session ends deletes its row: sign-out and revoking (Better Auth), a password
-- reset (it revokes them all), suspension (moderation), account deletion (the cascade from
-- users), an expired session that Better Auth meets. One trigger per statement tells the live
-- hub of every app process, on commit and through the live channel (`bazaar_live`, see
-- server/src/live/live-hub.ts), whose sessions ended, so that their open event streams check
-- theirs and the ones left without a session close (decision 0013). At most 100 users per
-- notification, which keeps each payload far below NOTIFY's 8 000 bytes.
CREATE FUNCTION sessions_announce_ended() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  batch uuid[];
BEGIN
  FOR batch IN
    SELECT array_agg(user_id) FROM (
      SELECT user_id, (row_number() OVER (ORDER BY user_id) - 1) / 100 AS chunk
      FROM (SELECT DISTINCT user_id FROM ended_rows) AS ended_users
    ) AS numbered GROUP BY chunk
  LOOP
    PERFORM pg_notify('bazaar_live',
      json_build_object('user_ids', batch, 'type', 'sessions_ended', 'data', json_build_object())::text);
  END LOOP;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER sessions_announce_ended AFTER DELETE ON sessions
  REFERENCING OLD TABLE AS ended_rows FOR EACH STATEMENT EXECUTE FUNCTION sessions_announce_ended();
