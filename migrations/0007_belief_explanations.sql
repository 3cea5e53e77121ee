CREATE TABLE `belief_explanations` (
	`memory_seq` integer PRIMARY KEY NOT NULL,
	`run_id` text NOT NULL,
	`created_at` integer NOT NULL,
	`explanation` text NOT NULL,
	FOREIGN KEY (`memory_seq`) REFERENCES `memories`(`seq`) ON UPDATE no action ON DELETE no action
);
