CREATE INDEX `videos_channel_idx` ON `videos` (`channel_id`,`post_date`) WHERE status_id = 1 AND is_private = 0;--> statement-breakpoint
UPDATE `channels` SET `videos_count` = (SELECT count(*) FROM `videos` v WHERE v.channel_id = `channels`.id AND v.status_id = 1 AND v.is_private = 0);
