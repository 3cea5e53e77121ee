ALTER TABLE `consolidation_runs` ADD `revert_action` integer;--> statement-breakpoint
-- A run reverted before this column: its standing revert is the last `revert_run` row naming it
-- (a run is reverted again only after its revert was undone). One reverted by the code before
-- reverts were actions wrote no such row and stays null.
UPDATE `consolidation_runs` SET `revert_action` = `standing`.`action`
FROM (
  SELECT json_extract(`after`, '$.run') AS `id`, coalesce(`action_id`, `seq`) AS `action`, max(`seq`) AS `last`
  FROM `journal` WHERE `op` = 'revert_run' GROUP BY 1
) AS `standing`
WHERE `standing`.`id` = `consolidation_runs`.`id` AND `consolidation_runs`.`reverted_at` IS NOT NULL;
