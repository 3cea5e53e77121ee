CREATE INDEX `memories_type_seq` ON `memories` (`type`);--> statement-breakpoint
CREATE INDEX `memories_tier_seq` ON `memories` (`tier`);--> statement-breakpoint
CREATE INDEX `memory_versions_updated` ON `memory_versions` (`updated_at`,`seq`);