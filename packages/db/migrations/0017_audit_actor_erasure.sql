-- The audit log stays append-only, but deleting an account that acted in it (a moderator, a member whose report
-- or appeal was logged) failed: the actor's foreign key is ON DELETE SET NULL, and that update hit the trigger.
-- The one update let through is exactly that: the actor nulled, every other column unchanged.
DROP TRIGGER `audit_log_no_update`;
--> statement-breakpoint
CREATE TRIGGER `audit_log_no_update` BEFORE UPDATE ON `audit_log`
WHEN NOT (
  OLD.actor_id IS NOT NULL AND NEW.actor_id IS NULL
  AND NEW.id = OLD.id AND NEW.action = OLD.action AND NEW.target_type = OLD.target_type
  AND NEW.target_id IS OLD.target_id AND NEW.reason IS OLD.reason AND NEW.before IS OLD.before
  AND NEW.after IS OLD.after AND NEW.created_at = OLD.created_at
)
BEGIN
  SELECT RAISE(ABORT, 'audit_log is append-only');
END;
