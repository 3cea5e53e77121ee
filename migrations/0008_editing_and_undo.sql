ALTER TABLE `journal` ADD `action_id` integer;--> statement-breakpoint
ALTER TABLE `journal` ADD `memory_version` integer;--> statement-breakpoint
CREATE INDEX `journal_action` ON `journal` (`action_id`) WHERE action_id IS NOT NULL;--> statement-breakpoint
ALTER TABLE `links` ADD `action_id` integer;--> statement-breakpoint
ALTER TABLE `links` ADD `voided_at` integer;--> statement-breakpoint
ALTER TABLE `links` ADD `voided_by` integer;--> statement-breakpoint
CREATE INDEX `links_action` ON `links` (`action_id`) WHERE action_id IS NOT NULL;--> statement-breakpoint
ALTER TABLE `rejections` ADD `revoked_at` integer;--> statement-breakpoint
CREATE INDEX `memories_review_queue` ON `memories` ((1 + "event_evidence_count") * "confidence" DESC,`created_at`,`seq`) WHERE "memories"."review_status" = 'pending' AND "memories"."status" = 'active';