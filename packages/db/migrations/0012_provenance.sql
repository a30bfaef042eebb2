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
ALTER TABLE `videos` ADD `production_decade` integer;