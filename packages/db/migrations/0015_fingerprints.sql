CREATE TABLE `blocklist_fingerprints` (
	`id` integer PRIMARY KEY NOT NULL,
	`list_id` integer NOT NULL,
	`label` text NOT NULL,
	`summary_hi` integer NOT NULL,
	`summary_lo` integer NOT NULL,
	`seconds` blob NOT NULL,
	FOREIGN KEY (`list_id`) REFERENCES `blocklists`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `blocklist_fingerprints_list_idx` ON `blocklist_fingerprints` (`list_id`);--> statement-breakpoint
CREATE TABLE `blocklist_hashes` (
	`kind` text NOT NULL,
	`hash` text NOT NULL,
	`list_id` integer NOT NULL,
	PRIMARY KEY(`kind`, `hash`, `list_id`),
	FOREIGN KEY (`list_id`) REFERENCES `blocklists`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `blocklist_hashes_list_idx` ON `blocklist_hashes` (`list_id`);--> statement-breakpoint
CREATE TABLE `blocklists` (
	`id` integer PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`kind` text NOT NULL,
	`entries` integer NOT NULL,
	`imported_by` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`imported_by`) REFERENCES `members`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE TABLE `fingerprint_matches` (
	`video_id` integer NOT NULL,
	`match_id` integer NOT NULL,
	`coverage` real NOT NULL,
	`match_coverage` real NOT NULL,
	`ranges` text NOT NULL,
	`full_copy` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`video_id`, `match_id`),
	FOREIGN KEY (`video_id`) REFERENCES `videos`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`match_id`) REFERENCES `videos`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `fingerprint_matches_match_idx` ON `fingerprint_matches` (`match_id`);--> statement-breakpoint
CREATE TABLE `quarantine` (
	`video_id` integer PRIMARY KEY NOT NULL,
	`list_id` integer,
	`matched` text NOT NULL,
	`state` text DEFAULT 'held' NOT NULL,
	`created_at` integer NOT NULL,
	`decided_by` integer,
	`decided_at` integer,
	FOREIGN KEY (`video_id`) REFERENCES `videos`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`list_id`) REFERENCES `blocklists`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`decided_by`) REFERENCES `members`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `quarantine_state_idx` ON `quarantine` (`state`,`created_at`);--> statement-breakpoint
CREATE TABLE `video_fingerprints` (
	`video_id` integer PRIMARY KEY NOT NULL,
	`summary_hi` integer NOT NULL,
	`summary_lo` integer NOT NULL,
	`seconds` integer NOT NULL,
	`created_at` integer NOT NULL,
	`seq` integer NOT NULL,
	FOREIGN KEY (`video_id`) REFERENCES `videos`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `video_fingerprints_seq_idx` ON `video_fingerprints` (`seq`);