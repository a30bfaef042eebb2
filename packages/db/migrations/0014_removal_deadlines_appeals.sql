CREATE TABLE `appeals` (
	`id` integer PRIMARY KEY NOT NULL,
	`kind` text NOT NULL,
	`removal_id` integer,
	`report_id` integer,
	`video_id` integer,
	`member_id` integer,
	`email` text,
	`ground` text NOT NULL,
	`statement` text NOT NULL,
	`status` text DEFAULT 'open' NOT NULL,
	`created_at` integer NOT NULL,
	`decided_by` integer,
	`decided_at` integer,
	`decision_note` text,
	FOREIGN KEY (`removal_id`) REFERENCES `removals`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`report_id`) REFERENCES `reports`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`video_id`) REFERENCES `videos`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`member_id`) REFERENCES `members`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`decided_by`) REFERENCES `members`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `appeals_removal_idx` ON `appeals` (`removal_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `appeals_report_idx` ON `appeals` (`report_id`);--> statement-breakpoint
CREATE INDEX `appeals_status_idx` ON `appeals` (`status`,`created_at`);--> statement-breakpoint
CREATE TABLE `deadline_alerts` (
	`report_id` integer NOT NULL,
	`kind` text NOT NULL,
	`sent_at` integer NOT NULL,
	PRIMARY KEY(`report_id`, `kind`),
	FOREIGN KEY (`report_id`) REFERENCES `reports`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `removal_requests` (
	`report_id` integer PRIMARY KEY NOT NULL,
	`kind` text NOT NULL,
	`signature` text NOT NULL,
	`good_faith_at` integer NOT NULL,
	`content` text NOT NULL,
	`deadline_at` integer NOT NULL,
	`lang` text DEFAULT 'en' NOT NULL,
	`appeal_token_hash` text,
	FOREIGN KEY (`report_id`) REFERENCES `reports`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `removal_requests_deadline_idx` ON `removal_requests` (`deadline_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `removal_requests_token_idx` ON `removal_requests` (`appeal_token_hash`);--> statement-breakpoint
CREATE TABLE `removals` (
	`id` integer PRIMARY KEY NOT NULL,
	`video_id` integer,
	`reason` text NOT NULL,
	`report_id` integer,
	`copy_of` integer,
	`prior_status` integer NOT NULL,
	`actor_id` integer,
	`created_at` integer NOT NULL,
	`restored_at` integer,
	FOREIGN KEY (`video_id`) REFERENCES `videos`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`report_id`) REFERENCES `reports`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`actor_id`) REFERENCES `members`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `removals_video_idx` ON `removals` (`video_id`);--> statement-breakpoint
CREATE INDEX `removals_created_idx` ON `removals` (`created_at`);