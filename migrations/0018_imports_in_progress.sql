-- An import that writes in short transactions (interop/json-import.ts) marks itself here with its
-- first one and removes the mark with its last: a mark whose owner is gone is an import that was
-- interrupted part-way, which `check` reports and re-running the same import finishes.
CREATE TABLE `imports_in_progress` (
	`source` text PRIMARY KEY NOT NULL,
	`kind` text NOT NULL,
	`started_at` integer NOT NULL,
	`heartbeat_at` integer NOT NULL,
	`owner_host` text NOT NULL,
	`owner_pid` integer NOT NULL,
	`owner_start` text,
	`memories_before` integer NOT NULL
);
