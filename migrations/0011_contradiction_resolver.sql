ALTER TABLE `contradictions` ADD `resolved_by` text;--> statement-breakpoint
-- Settled before this column: the resolver is the actor of the last journal row that resolved it
-- (one pass over the journal's resolutions, not a search per contradiction).
UPDATE `contradictions` SET `resolved_by` = `settled`.`actor`
FROM (
  SELECT json_extract(`after`, '$.contradiction') AS `id`, `actor`, max(`seq`) AS `last`
  FROM `journal` WHERE `op` = 'contradiction_resolved' GROUP BY 1
) AS `settled`
WHERE `settled`.`id` = `contradictions`.`id` AND `contradictions`.`status` != 'open';
