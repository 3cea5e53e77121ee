CREATE TABLE `consolidation_marks` (
	`seq` integer PRIMARY KEY NOT NULL,
	`stage` text NOT NULL,
	`run_id` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `proposals` (
	`seq` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`id` text NOT NULL,
	`run_id` text NOT NULL,
	`kind` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`targets` text NOT NULL,
	`target_versions` text NOT NULL,
	`payload` text NOT NULL,
	`reason` text NOT NULL,
	`created_at` integer NOT NULL,
	`decided_at` integer,
	`decided_by` text,
	`decision_note` text
);
--> statement-breakpoint
CREATE UNIQUE INDEX `proposals_id` ON `proposals` (`id`);--> statement-breakpoint
CREATE INDEX `proposals_status` ON `proposals` (`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `proposals_run` ON `proposals` (`run_id`);--> statement-breakpoint
ALTER TABLE `consolidation_runs` ADD `reverted_at` integer;