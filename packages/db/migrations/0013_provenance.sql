CREATE TABLE `video_provenance` (
	`video_id` integer PRIMARY KEY NOT NULL,
	`production_year` integer,
	`production_decade` integer,
	`studio` text,
	`rights_holder` text,
	`licence_basis` text,
	`original_format` text,
	`records_ref` text,
	`updated_at` integer NOT NULL,
	`updated_by` integer,
	FOREIGN KEY (`video_id`) REFERENCES `videos`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`updated_by`) REFERENCES `members`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
ALTER TABLE `videos` ADD `production_decade` integer;--> statement-breakpoint
INSERT INTO `video_provenance` (`video_id`, `production_year`, `production_decade`, `updated_at`)
  SELECT `id`, `production_year`, `production_year` / 10 * 10, `added_at` FROM `videos` WHERE `production_year` IS NOT NULL;--> statement-breakpoint
UPDATE `videos` SET `production_decade` = `production_year` / 10 * 10 WHERE `production_year` IS NOT NULL;
