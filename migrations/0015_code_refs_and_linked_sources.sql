CREATE TABLE `code_repos` (
	`seq` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`path` text NOT NULL,
	`added_at` integer NOT NULL,
	`checked_head` text,
	`checked_at` integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX `code_repos_path` ON `code_repos` (`path`);--> statement-breakpoint
CREATE TABLE `linked_sources` (
	`seq` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`system` text NOT NULL,
	`path` text NOT NULL,
	`container` text,
	`cursor` text DEFAULT '{}' NOT NULL,
	`created_at` integer NOT NULL,
	`last_synced_at` integer,
	`last_change` text,
	`last_change_at` integer,
	`totals` text DEFAULT '{}' NOT NULL,
	`last_error` text
);
--> statement-breakpoint
CREATE UNIQUE INDEX `linked_sources_path` ON `linked_sources` (`system`,`path`);--> statement-breakpoint
ALTER TABLE `evidence_refs` ADD `repo_seq` integer;--> statement-breakpoint
ALTER TABLE `evidence_refs` ADD `verified_commit` text;--> statement-breakpoint
ALTER TABLE `evidence_refs` ADD `lines_hash` text;--> statement-breakpoint
ALTER TABLE `evidence_refs` ADD `state` text;--> statement-breakpoint
ALTER TABLE `evidence_refs` ADD `current_path` text;--> statement-breakpoint
ALTER TABLE `evidence_refs` ADD `state_reason` text;--> statement-breakpoint
CREATE INDEX `evidence_refs_stale` ON `evidence_refs` (`state`) WHERE state IN ('changed', 'gone');