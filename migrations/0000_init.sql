CREATE TABLE `consolidation_runs` (
	`id` text PRIMARY KEY NOT NULL,
	`trigger` text NOT NULL,
	`provider` text NOT NULL,
	`status` text NOT NULL,
	`started_at` integer NOT NULL,
	`finished_at` integer,
	`budget_used` text DEFAULT '{}' NOT NULL,
	`stats` text DEFAULT '{}' NOT NULL,
	`error` text
);
--> statement-breakpoint
CREATE INDEX `consolidation_runs_started` ON `consolidation_runs` (`started_at`);--> statement-breakpoint
CREATE TABLE `contradictions` (
	`seq` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`id` text NOT NULL,
	`a_seq` integer NOT NULL,
	`b_seq` integer NOT NULL,
	`kind` text NOT NULL,
	`detector` text NOT NULL,
	`status` text DEFAULT 'open' NOT NULL,
	`resolution` text,
	`note` text,
	`detected_at` integer NOT NULL,
	`resolved_at` integer,
	FOREIGN KEY (`a_seq`) REFERENCES `memories`(`seq`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`b_seq`) REFERENCES `memories`(`seq`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `contradictions_id` ON `contradictions` (`id`);--> statement-breakpoint
CREATE UNIQUE INDEX `contradictions_pair` ON `contradictions` (`a_seq`,`b_seq`);--> statement-breakpoint
CREATE INDEX `contradictions_b` ON `contradictions` (`b_seq`);--> statement-breakpoint
CREATE INDEX `contradictions_status` ON `contradictions` (`status`);--> statement-breakpoint
CREATE TABLE `evidence_refs` (
	`seq` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`memory_seq` integer NOT NULL,
	`kind` text NOT NULL,
	`ref` text NOT NULL,
	`note` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`memory_seq`) REFERENCES `memories`(`seq`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `evidence_refs_memory` ON `evidence_refs` (`memory_seq`,`kind`,`ref`);--> statement-breakpoint
CREATE TABLE `journal` (
	`seq` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`at` integer NOT NULL,
	`actor` text NOT NULL,
	`op` text NOT NULL,
	`memory_id` text,
	`run_id` text,
	`before` text,
	`after` text,
	`confidence_before` real,
	`confidence_after` real,
	`reason` text,
	`evidence` text
);
--> statement-breakpoint
CREATE INDEX `journal_memory` ON `journal` (`memory_id`,`seq`);--> statement-breakpoint
CREATE INDEX `journal_run` ON `journal` (`run_id`) WHERE run_id IS NOT NULL;--> statement-breakpoint
CREATE INDEX `journal_at` ON `journal` (`at`);--> statement-breakpoint
CREATE TABLE `links` (
	`seq` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`from_seq` integer NOT NULL,
	`to_seq` integer NOT NULL,
	`kind` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`from_seq`) REFERENCES `memories`(`seq`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`to_seq`) REFERENCES `memories`(`seq`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `links_from` ON `links` (`from_seq`,`kind`,`to_seq`);--> statement-breakpoint
CREATE INDEX `links_to` ON `links` (`to_seq`,`kind`,`from_seq`);--> statement-breakpoint
CREATE TABLE `memories` (
	`seq` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`id` text NOT NULL,
	`type` text NOT NULL,
	`content` text NOT NULL,
	`fields` text DEFAULT '{}' NOT NULL,
	`source_type` text NOT NULL,
	`source_entity` text,
	`confidence` real NOT NULL,
	`alpha` real,
	`beta` real,
	`times_reinforced` integer DEFAULT 0 NOT NULL,
	`verification_count` integer DEFAULT 0 NOT NULL,
	`last_verified_at` integer,
	`last_reinforced_at` integer,
	`review_status` text,
	`status` text DEFAULT 'active' NOT NULL,
	`protected` integer DEFAULT 0 NOT NULL,
	`scope` text DEFAULT 'global' NOT NULL,
	`project` text,
	`stability` real DEFAULT 1 NOT NULL,
	`access_count` integer DEFAULT 0 NOT NULL,
	`last_accessed_at` integer,
	`code_ref_count` integer DEFAULT 0 NOT NULL,
	`event_evidence_count` integer DEFAULT 0 NOT NULL,
	`superseded_by` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	`tier` text GENERATED ALWAYS AS (CASE
  WHEN code_ref_count > 0 AND last_verified_at IS NOT NULL AND review_status = 'approved' THEN 'grounded'
  WHEN review_status = 'approved' OR event_evidence_count > 0 THEN 'observed'
  WHEN review_status = 'pending' THEN 'inferred'
  ELSE 'hypothesis' END) VIRTUAL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `memories_id` ON `memories` (`id`);--> statement-breakpoint
CREATE INDEX `memories_updated` ON `memories` (`updated_at`);--> statement-breakpoint
CREATE INDEX `memories_created` ON `memories` (`created_at`);--> statement-breakpoint
CREATE INDEX `memories_confidence` ON `memories` (`confidence`);--> statement-breakpoint
CREATE INDEX `memories_type_updated` ON `memories` (`type`,`updated_at`);--> statement-breakpoint
CREATE INDEX `memories_status_updated` ON `memories` (`status`,`updated_at`);--> statement-breakpoint
CREATE INDEX `memories_status_confidence` ON `memories` (`status`,`confidence`);--> statement-breakpoint
CREATE INDEX `memories_review` ON `memories` (`review_status`,`updated_at`);--> statement-breakpoint
CREATE INDEX `memories_source` ON `memories` (`source_type`,`updated_at`);--> statement-breakpoint
CREATE INDEX `memories_tier` ON `memories` (`tier`,`updated_at`);--> statement-breakpoint
CREATE INDEX `memories_scope` ON `memories` (`scope`,`updated_at`);--> statement-breakpoint
CREATE TABLE `memory_versions` (
	`version_seq` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`seq` integer NOT NULL,
	`id` text NOT NULL,
	`valid_from` integer NOT NULL,
	`valid_to` integer,
	`type` text NOT NULL,
	`content` text NOT NULL,
	`fields` text DEFAULT '{}' NOT NULL,
	`source_type` text NOT NULL,
	`source_entity` text,
	`confidence` real NOT NULL,
	`alpha` real,
	`beta` real,
	`times_reinforced` integer DEFAULT 0 NOT NULL,
	`verification_count` integer DEFAULT 0 NOT NULL,
	`last_verified_at` integer,
	`last_reinforced_at` integer,
	`review_status` text,
	`status` text DEFAULT 'active' NOT NULL,
	`protected` integer DEFAULT 0 NOT NULL,
	`scope` text DEFAULT 'global' NOT NULL,
	`project` text,
	`stability` real DEFAULT 1 NOT NULL,
	`access_count` integer DEFAULT 0 NOT NULL,
	`last_accessed_at` integer,
	`code_ref_count` integer DEFAULT 0 NOT NULL,
	`event_evidence_count` integer DEFAULT 0 NOT NULL,
	`superseded_by` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	`tier` text GENERATED ALWAYS AS (CASE
  WHEN code_ref_count > 0 AND last_verified_at IS NOT NULL AND review_status = 'approved' THEN 'grounded'
  WHEN review_status = 'approved' OR event_evidence_count > 0 THEN 'observed'
  WHEN review_status = 'pending' THEN 'inferred'
  ELSE 'hypothesis' END) VIRTUAL
);
--> statement-breakpoint
CREATE INDEX `memory_versions_seq` ON `memory_versions` (`seq`,`valid_from`);--> statement-breakpoint
CREATE INDEX `memory_versions_open` ON `memory_versions` (`seq`) WHERE valid_to IS NULL;--> statement-breakpoint
CREATE TABLE `meta` (
	`key` text PRIMARY KEY NOT NULL,
	`value` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `rejections` (
	`seq` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`fingerprint` text NOT NULL,
	`text` text NOT NULL,
	`memory_id` text,
	`reason` text NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `rejections_fingerprint` ON `rejections` (`fingerprint`);