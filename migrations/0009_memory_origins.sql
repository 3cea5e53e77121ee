CREATE TABLE `memory_origins` (
	`memory_seq` integer PRIMARY KEY NOT NULL,
	`system` text NOT NULL,
	`original_id` text NOT NULL,
	`container` text,
	`details` text DEFAULT '{}' NOT NULL,
	`imported_at` integer NOT NULL,
	FOREIGN KEY (`memory_seq`) REFERENCES `memories`(`seq`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `memory_origins_original` ON `memory_origins` (`system`,`original_id`);