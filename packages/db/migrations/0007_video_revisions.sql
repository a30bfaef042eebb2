CREATE TABLE `video_revisions` (
	`id` integer PRIMARY KEY NOT NULL,
	`video_id` integer NOT NULL,
	`member_id` integer,
	`fields` text NOT NULL,
	`preview_path` text,
	`status` text DEFAULT 'pending' NOT NULL,
	`created_at` integer NOT NULL,
	`decided_by` integer,
	`decided_at` integer,
	`note` text,
	FOREIGN KEY (`video_id`) REFERENCES `videos`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`member_id`) REFERENCES `members`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`decided_by`) REFERENCES `members`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `video_revisions_pending_idx` ON `video_revisions` (`video_id`) WHERE status = 'pending';--> statement-breakpoint
CREATE INDEX `video_revisions_status_idx` ON `video_revisions` (`status`,`created_at`);