CREATE TABLE `notification_prefs` (
	`member_id` integer PRIMARY KEY NOT NULL,
	`muted` text DEFAULT '' NOT NULL,
	`digest` integer DEFAULT 0 NOT NULL,
	`lang` text DEFAULT 'en' NOT NULL,
	`digest_sent_at` integer,
	FOREIGN KEY (`member_id`) REFERENCES `members`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `notifications_unread_idx` ON `notifications` (`member_id`) WHERE read_at IS NULL;