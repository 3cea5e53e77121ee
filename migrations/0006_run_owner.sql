ALTER TABLE `consolidation_runs` ADD `owner_host` text;--> statement-breakpoint
ALTER TABLE `consolidation_runs` ADD `owner_pid` integer;--> statement-breakpoint
ALTER TABLE `consolidation_runs` ADD `owner_start` text;--> statement-breakpoint
ALTER TABLE `consolidation_runs` ADD `heartbeat_at` integer;--> statement-breakpoint
CREATE INDEX `consolidation_runs_running` ON `consolidation_runs` (`status`) WHERE status = 'running';