CREATE TABLE `cache_epoch` (
	`id` integer PRIMARY KEY NOT NULL,
	`epoch` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `captcha_spent` (
	`signature` text PRIMARY KEY NOT NULL,
	`expires_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `captcha_spent_expires_idx` ON `captcha_spent` (`expires_at`);