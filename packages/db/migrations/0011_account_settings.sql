ALTER TABLE `member_tokens` ADD `payload` text;--> statement-breakpoint
ALTER TABLE `sessions` ADD `last_seen_at` integer;