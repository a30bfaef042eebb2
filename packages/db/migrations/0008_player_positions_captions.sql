CREATE TABLE `video_captions` (
	`video_id` integer PRIMARY KEY NOT NULL,
	`lang` text NOT NULL,
	`vtt` text NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`video_id`) REFERENCES `videos`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `watch_positions` (
	`member_id` integer NOT NULL,
	`video_id` integer NOT NULL,
	`position_sec` integer NOT NULL,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`member_id`, `video_id`),
	FOREIGN KEY (`member_id`) REFERENCES `members`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`video_id`) REFERENCES `videos`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `watch_positions_member_idx` ON `watch_positions` (`member_id`,`updated_at`);