CREATE TABLE `notifications` (
	`id` integer PRIMARY KEY NOT NULL,
	`member_id` integer NOT NULL,
	`kind` text NOT NULL,
	`params` text NOT NULL,
	`created_at` integer NOT NULL,
	`read_at` integer,
	FOREIGN KEY (`member_id`) REFERENCES `members`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `notifications_member_idx` ON `notifications` (`member_id`,`created_at`);--> statement-breakpoint
ALTER TABLE `reports` ADD `resolution` text;