-- Webhook payloads name the language of a translation's change (issue 29, docs/decisions/054-translations.md): the
-- outbox trigger of migration 0014, the same but for `language` (null for the item's own change) in the payload.
DROP TRIGGER IF EXISTS `audit_log_webhook_outbox`;
--> statement-breakpoint
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
			'at', NEW.`at`,
			'language', NEW.`language`
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
