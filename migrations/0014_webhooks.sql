-- Webhooks (docs/decisions/035-webhooks.md). Written by hand: two new tables and a trigger, nothing rebuilt.
-- The secret is stored encrypted (AES-GCM under the `webhook-secrets` key of app_keys): the worker needs it to sign.
CREATE TABLE `webhooks` (
	`id` text PRIMARY KEY NOT NULL,
	`url` text NOT NULL,
	`events` text NOT NULL,
	`secret` text NOT NULL,
	`active` integer DEFAULT true NOT NULL,
	`created_by` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE TABLE `webhook_deliveries` (
	`id` text PRIMARY KEY NOT NULL,
	`webhook_id` text NOT NULL,
	`audit_id` text,
	`event` text NOT NULL,
	`payload` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`last_status_code` integer,
	`last_error` text,
	`next_attempt_at` integer,
	`created_at` integer NOT NULL,
	`delivered_at` integer,
	FOREIGN KEY (`webhook_id`) REFERENCES `webhooks`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `webhook_deliveries_webhook` ON `webhook_deliveries` (`webhook_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `webhook_deliveries_status` ON `webhook_deliveries` (`status`,`next_attempt_at`);--> statement-breakpoint
CREATE INDEX `webhook_deliveries_audit` ON `webhook_deliveries` (`audit_id`);--> statement-breakpoint
-- The outbox: an audit entry that is a webhook event writes one pending delivery per active webhook subscribed to the
-- event, inside the statement that inserts the entry, so in the change's own batch (no event without its change, no
-- change without its event). The events (worker/services/webhooks.ts: WEBHOOK_EVENTS) are derived from the entry:
-- {article|channel|news}.{created|updated|published|unpublished|deleted} (an expiry is an unpublish),
-- publication.requested, publication.decided. next_attempt_at stays null until the delivery is put on the queue.
CREATE TRIGGER `audit_log_webhook_outbox` AFTER INSERT ON `audit_log`
WHEN NEW.`entity_type` IN ('article', 'channel', 'news')
	AND NEW.`action` IN ('created', 'updated', 'published', 'unpublished', 'expired', 'deleted',
		'publication_requested', 'publication_approved', 'publication_rejected')
BEGIN
	INSERT INTO `webhook_deliveries` (`id`, `webhook_id`, `audit_id`, `event`, `payload`, `created_at`)
	SELECT
		-- A version 4 UUID, as the worker's crypto.randomUUID() makes.
		lower(hex(randomblob(4))) || '-' || lower(hex(randomblob(2))) || '-4' || substr(lower(hex(randomblob(2))), 2)
			|| '-' || substr('89ab', 1 + abs(random()) % 4, 1) || substr(lower(hex(randomblob(2))), 2)
			|| '-' || lower(hex(randomblob(6))),
		w.`id`,
		NEW.`id`,
		e.`event`,
		json_object(
			'entityType', NEW.`entity_type`,
			'entityId', NEW.`entity_id`,
			'title', NEW.`entity_title`,
			'action', NEW.`action`,
			'actorKind', NEW.`actor_kind`,
			'actorName', NEW.`actor_name`,
			'tokenName', NEW.`token_name`,
			'fields', json(NEW.`fields`),
			'at', NEW.`at`
		),
		NEW.`at`
	FROM `webhooks` w,
		(SELECT CASE
			WHEN NEW.`action` = 'publication_requested' THEN 'publication.requested'
			WHEN NEW.`action` IN ('publication_approved', 'publication_rejected') THEN 'publication.decided'
			WHEN NEW.`action` = 'expired' THEN NEW.`entity_type` || '.unpublished'
			ELSE NEW.`entity_type` || '.' || NEW.`action`
		END AS `event`) e
	WHERE w.`active` = 1 AND EXISTS (SELECT 1 FROM json_each(w.`events`) j WHERE j.`value` = e.`event`);
END;
