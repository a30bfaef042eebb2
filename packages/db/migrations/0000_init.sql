CREATE TABLE `album_categories` (
	`album_id` integer NOT NULL,
	`category_id` integer NOT NULL,
	PRIMARY KEY(`album_id`, `category_id`),
	FOREIGN KEY (`album_id`) REFERENCES `albums`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`category_id`) REFERENCES `categories`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `album_categories_cat_idx` ON `album_categories` (`category_id`);--> statement-breakpoint
CREATE TABLE `album_models` (
	`album_id` integer NOT NULL,
	`model_id` integer NOT NULL,
	PRIMARY KEY(`album_id`, `model_id`),
	FOREIGN KEY (`album_id`) REFERENCES `albums`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`model_id`) REFERENCES `models`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `album_models_model_idx` ON `album_models` (`model_id`);--> statement-breakpoint
CREATE TABLE `albums` (
	`id` integer PRIMARY KEY NOT NULL,
	`dir` text NOT NULL,
	`title` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`status_id` integer DEFAULT 2 NOT NULL,
	`is_private` integer DEFAULT 0 NOT NULL,
	`gender` text DEFAULT 'straight' NOT NULL,
	`uploader_id` integer,
	`scr` text,
	`photos_amount` integer DEFAULT 0 NOT NULL,
	`album_viewed` integer DEFAULT 0 NOT NULL,
	`likes` integer DEFAULT 0 NOT NULL,
	`dislikes` integer DEFAULT 0 NOT NULL,
	`rating` real DEFAULT 0 NOT NULL,
	`comments_count` integer DEFAULT 0 NOT NULL,
	`post_date` integer NOT NULL,
	`added_at` integer NOT NULL,
	`reject_reason` text,
	FOREIGN KEY (`uploader_id`) REFERENCES `members`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `albums_latest_idx` ON `albums` (`gender`,`post_date`) WHERE status_id = 1 AND is_private = 0;--> statement-breakpoint
CREATE INDEX `albums_viewed_idx` ON `albums` (`gender`,`album_viewed`) WHERE status_id = 1 AND is_private = 0;--> statement-breakpoint
CREATE INDEX `albums_rating_idx` ON `albums` (`gender`,`rating`) WHERE status_id = 1 AND is_private = 0;--> statement-breakpoint
CREATE INDEX `albums_commented_idx` ON `albums` (`gender`,`comments_count`) WHERE status_id = 1 AND is_private = 0;--> statement-breakpoint
CREATE INDEX `albums_uploader_idx` ON `albums` (`uploader_id`,`added_at`);--> statement-breakpoint
CREATE INDEX `albums_status_idx` ON `albums` (`status_id`,`added_at`);--> statement-breakpoint
CREATE TABLE `photos` (
	`id` integer PRIMARY KEY NOT NULL,
	`album_id` integer NOT NULL,
	`position` integer NOT NULL,
	`path` text NOT NULL,
	`width` integer NOT NULL,
	`height` integer NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`album_id`) REFERENCES `albums`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `photos_album_idx` ON `photos` (`album_id`,`position`);--> statement-breakpoint
CREATE TABLE `categories` (
	`id` integer PRIMARY KEY NOT NULL,
	`dir` text NOT NULL,
	`total_videos` integer DEFAULT 0 NOT NULL,
	`total_albums` integer DEFAULT 0 NOT NULL,
	`sort_order` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `categories_dir_unique` ON `categories` (`dir`);--> statement-breakpoint
CREATE INDEX `categories_total_idx` ON `categories` (`total_videos`);--> statement-breakpoint
CREATE TABLE `category_titles` (
	`category_id` integer NOT NULL,
	`lang` text NOT NULL,
	`title` text NOT NULL,
	`description` text,
	PRIMARY KEY(`category_id`, `lang`),
	FOREIGN KEY (`category_id`) REFERENCES `categories`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `channels` (
	`id` integer PRIMARY KEY NOT NULL,
	`dir` text NOT NULL,
	`title` text NOT NULL,
	`member_id` integer,
	`videos_count` integer DEFAULT 0 NOT NULL,
	`subscribers_count` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`member_id`) REFERENCES `members`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `channels_dir_unique` ON `channels` (`dir`);--> statement-breakpoint
CREATE TABLE `comments` (
	`id` integer PRIMARY KEY NOT NULL,
	`section` text NOT NULL,
	`object_id` integer NOT NULL,
	`member_id` integer NOT NULL,
	`comment` text NOT NULL,
	`added_date` integer NOT NULL,
	`is_deleted` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`member_id`) REFERENCES `members`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `comments_object_idx` ON `comments` (`section`,`object_id`,`added_date`);--> statement-breakpoint
CREATE INDEX `comments_member_idx` ON `comments` (`member_id`);--> statement-breakpoint
CREATE TABLE `friends` (
	`member_id` integer NOT NULL,
	`friend_id` integer NOT NULL,
	`status` text NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`member_id`, `friend_id`),
	FOREIGN KEY (`member_id`) REFERENCES `members`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`friend_id`) REFERENCES `members`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `friends_friend_idx` ON `friends` (`friend_id`,`status`);--> statement-breakpoint
CREATE TABLE `member_lists` (
	`member_id` integer NOT NULL,
	`list` text NOT NULL,
	`video_id` integer NOT NULL,
	`added_at` integer NOT NULL,
	PRIMARY KEY(`member_id`, `list`, `video_id`),
	FOREIGN KEY (`member_id`) REFERENCES `members`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`video_id`) REFERENCES `videos`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `member_lists_recent_idx` ON `member_lists` (`member_id`,`list`,`added_at`);--> statement-breakpoint
CREATE TABLE `messages` (
	`id` integer PRIMARY KEY NOT NULL,
	`from_id` integer NOT NULL,
	`to_id` integer NOT NULL,
	`body` text NOT NULL,
	`created_at` integer NOT NULL,
	`read_at` integer,
	`deleted_by_sender` integer DEFAULT 0 NOT NULL,
	`deleted_by_recipient` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`from_id`) REFERENCES `members`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`to_id`) REFERENCES `members`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `messages_to_idx` ON `messages` (`to_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `messages_from_idx` ON `messages` (`from_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `messages_unread_idx` ON `messages` (`to_id`,`read_at`);--> statement-breakpoint
CREATE TABLE `subscriptions` (
	`member_id` integer NOT NULL,
	`section` text NOT NULL,
	`object_id` integer NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`member_id`, `section`, `object_id`),
	FOREIGN KEY (`member_id`) REFERENCES `members`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `subscriptions_object_idx` ON `subscriptions` (`section`,`object_id`);--> statement-breakpoint
CREATE TABLE `votes` (
	`section` text NOT NULL,
	`object_id` integer NOT NULL,
	`member_id` integer NOT NULL,
	`vote` integer NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`section`, `object_id`, `member_id`),
	FOREIGN KEY (`member_id`) REFERENCES `members`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `wall_posts` (
	`id` integer PRIMARY KEY NOT NULL,
	`section` text NOT NULL,
	`object_id` integer NOT NULL,
	`author_id` integer NOT NULL,
	`body` text NOT NULL,
	`created_at` integer NOT NULL,
	`is_deleted` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`author_id`) REFERENCES `members`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `wall_posts_object_idx` ON `wall_posts` (`section`,`object_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `watch_history` (
	`member_id` integer NOT NULL,
	`video_id` integer NOT NULL,
	`viewed_at` integer NOT NULL,
	PRIMARY KEY(`member_id`, `video_id`),
	FOREIGN KEY (`member_id`) REFERENCES `members`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`video_id`) REFERENCES `videos`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `watch_history_recent_idx` ON `watch_history` (`member_id`,`viewed_at`);--> statement-breakpoint
CREATE TABLE `jobs` (
	`id` integer PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`payload` text NOT NULL,
	`unique_key` text,
	`status` text DEFAULT 'queued' NOT NULL,
	`priority` integer DEFAULT 0 NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`max_attempts` integer DEFAULT 5 NOT NULL,
	`run_at` integer NOT NULL,
	`lease_until` integer,
	`locked_by` text,
	`progress` real DEFAULT 0 NOT NULL,
	`stage` text,
	`error` text,
	`result` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `jobs_claim_idx` ON `jobs` (`status`,`run_at`,`priority`);--> statement-breakpoint
CREATE INDEX `jobs_unique_idx` ON `jobs` (`unique_key`,`status`);--> statement-breakpoint
CREATE TABLE `member_tokens` (
	`token_hash` text PRIMARY KEY NOT NULL,
	`member_id` integer NOT NULL,
	`purpose` text NOT NULL,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	FOREIGN KEY (`member_id`) REFERENCES `members`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `member_tokens_member_idx` ON `member_tokens` (`member_id`);--> statement-breakpoint
CREATE TABLE `members` (
	`id` integer PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`email` text NOT NULL,
	`password_hash` text,
	`role` text DEFAULT 'member' NOT NULL,
	`status` text DEFAULT 'unconfirmed' NOT NULL,
	`avatar` text,
	`cover` text,
	`has_avatar` integer DEFAULT 0 NOT NULL,
	`gender` integer,
	`birth_date` text,
	`relationship` integer,
	`orientation` integer,
	`education` text,
	`website` text,
	`country` text,
	`city` text,
	`occupation` text,
	`interests` text,
	`about` text,
	`videos_count` integer DEFAULT 0 NOT NULL,
	`subscribers_count` integer DEFAULT 0 NOT NULL,
	`views_count` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (unixepoch()) NOT NULL,
	`last_seen_at` integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX `members_name_unique` ON `members` (`name`);--> statement-breakpoint
CREATE UNIQUE INDEX `members_email_unique` ON `members` (`email`);--> statement-breakpoint
CREATE INDEX `members_created_idx` ON `members` (`created_at`);--> statement-breakpoint
CREATE INDEX `members_country_idx` ON `members` (`country`,`created_at`);--> statement-breakpoint
CREATE INDEX `members_subs_idx` ON `members` (`subscribers_count`);--> statement-breakpoint
CREATE TABLE `models` (
	`id` integer PRIMARY KEY NOT NULL,
	`dir` text NOT NULL,
	`title` text NOT NULL,
	`alphabet` text NOT NULL,
	`gender` text DEFAULT 'straight' NOT NULL,
	`scr` text,
	`description` text,
	`country` text,
	`race` text,
	`age` integer,
	`tits_size` text,
	`hair_color` integer,
	`height` integer,
	`weight` integer,
	`tattoo` integer,
	`piercing` integer,
	`active_from` integer,
	`active_to` integer,
	`videos_count` integer DEFAULT 0 NOT NULL,
	`albums_count` integer DEFAULT 0 NOT NULL,
	`viewed` integer DEFAULT 0 NOT NULL,
	`subscribers_count` integer DEFAULT 0 NOT NULL,
	`popularity` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `models_dir_unique` ON `models` (`dir`);--> statement-breakpoint
CREATE INDEX `models_popularity_idx` ON `models` (`popularity`);--> statement-breakpoint
CREATE INDEX `models_videos_idx` ON `models` (`videos_count`);--> statement-breakpoint
CREATE INDEX `models_subs_idx` ON `models` (`subscribers_count`);--> statement-breakpoint
CREATE INDEX `models_alpha_idx` ON `models` (`alphabet`,`title`);--> statement-breakpoint
CREATE INDEX `models_created_idx` ON `models` (`created_at`);--> statement-breakpoint
CREATE TABLE `audit_log` (
	`id` integer PRIMARY KEY NOT NULL,
	`actor_id` integer,
	`action` text NOT NULL,
	`target_type` text NOT NULL,
	`target_id` integer,
	`reason` text,
	`before` text,
	`after` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`actor_id`) REFERENCES `members`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `audit_actor_idx` ON `audit_log` (`actor_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `audit_action_idx` ON `audit_log` (`action`,`created_at`);--> statement-breakpoint
CREATE INDEX `audit_created_idx` ON `audit_log` (`created_at`);--> statement-breakpoint
CREATE TABLE `reports` (
	`id` integer PRIMARY KEY NOT NULL,
	`subject` text NOT NULL,
	`email` text NOT NULL,
	`message` text NOT NULL,
	`referrer` text,
	`target_section` text,
	`target_id` integer,
	`file_path` text,
	`priority` integer DEFAULT 0 NOT NULL,
	`status` text DEFAULT 'open' NOT NULL,
	`reporter_id` integer,
	`created_at` integer NOT NULL,
	`resolved_at` integer,
	`resolved_by` integer,
	FOREIGN KEY (`reporter_id`) REFERENCES `members`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`resolved_by`) REFERENCES `members`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `reports_queue_idx` ON `reports` (`status`,`priority`,`created_at`);--> statement-breakpoint
CREATE INDEX `reports_target_idx` ON `reports` (`target_section`,`target_id`);--> statement-breakpoint
CREATE TABLE `takedowns` (
	`id` integer PRIMARY KEY NOT NULL,
	`claimant` text NOT NULL,
	`claimant_email` text NOT NULL,
	`work` text NOT NULL,
	`urls` text NOT NULL,
	`video_ids` text NOT NULL,
	`report_id` integer,
	`created_by` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`report_id`) REFERENCES `reports`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`created_by`) REFERENCES `members`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE TABLE `playlist_videos` (
	`playlist_id` integer NOT NULL,
	`video_id` integer NOT NULL,
	`position` integer NOT NULL,
	`added_at` integer NOT NULL,
	PRIMARY KEY(`playlist_id`, `video_id`),
	FOREIGN KEY (`playlist_id`) REFERENCES `playlists`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`video_id`) REFERENCES `videos`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `playlist_videos_pos_idx` ON `playlist_videos` (`playlist_id`,`position`);--> statement-breakpoint
CREATE INDEX `playlist_videos_video_idx` ON `playlist_videos` (`video_id`);--> statement-breakpoint
CREATE TABLE `playlists` (
	`id` integer PRIMARY KEY NOT NULL,
	`member_id` integer NOT NULL,
	`title` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`is_private` integer DEFAULT 0 NOT NULL,
	`orientation` text DEFAULT 'straight' NOT NULL,
	`videos_count` integer DEFAULT 0 NOT NULL,
	`viewed` integer DEFAULT 0 NOT NULL,
	`likes` integer DEFAULT 0 NOT NULL,
	`dislikes` integer DEFAULT 0 NOT NULL,
	`subscribers_count` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`member_id`) REFERENCES `members`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `playlists_member_idx` ON `playlists` (`member_id`,`updated_at`);--> statement-breakpoint
CREATE INDEX `playlists_popular_idx` ON `playlists` (`orientation`,`is_private`,`viewed`);--> statement-breakpoint
CREATE INDEX `playlists_recent_idx` ON `playlists` (`orientation`,`is_private`,`updated_at`);--> statement-breakpoint
CREATE TABLE `sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`member_id` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`created_at` integer NOT NULL,
	`user_agent` text,
	FOREIGN KEY (`member_id`) REFERENCES `members`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `sessions_member_idx` ON `sessions` (`member_id`);--> statement-breakpoint
CREATE INDEX `sessions_expires_idx` ON `sessions` (`expires_at`);--> statement-breakpoint
CREATE TABLE `search_keywords` (
	`keyword` text PRIMARY KEY NOT NULL,
	`searches` integer DEFAULT 0 NOT NULL,
	`results` integer DEFAULT 0 NOT NULL,
	`from_titles` integer DEFAULT 0 NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `search_keywords_searches_idx` ON `search_keywords` (`searches`);--> statement-breakpoint
CREATE TABLE `video_country_views` (
	`country` text NOT NULL,
	`video_id` integer NOT NULL,
	`gender` text NOT NULL,
	`views` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`country`, `video_id`),
	FOREIGN KEY (`video_id`) REFERENCES `videos`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `video_country_views_rank_idx` ON `video_country_views` (`country`,`gender`,`views`);--> statement-breakpoint
CREATE TABLE `video_views_daily` (
	`video_id` integer NOT NULL,
	`day` integer NOT NULL,
	`country` text NOT NULL,
	`views` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`video_id`, `day`, `country`),
	FOREIGN KEY (`video_id`) REFERENCES `videos`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `video_views_daily_day_idx` ON `video_views_daily` (`day`);--> statement-breakpoint
CREATE TABLE `uploads` (
	`id` text PRIMARY KEY NOT NULL,
	`member_id` integer NOT NULL,
	`kind` text NOT NULL,
	`filename` text NOT NULL,
	`size` integer NOT NULL,
	`received` integer DEFAULT 0 NOT NULL,
	`content_hash` text,
	`status` text DEFAULT 'uploading' NOT NULL,
	`meta` text,
	`video_id` integer,
	`album_id` integer,
	`error` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	FOREIGN KEY (`member_id`) REFERENCES `members`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `uploads_member_idx` ON `uploads` (`member_id`,`status`);--> statement-breakpoint
CREATE INDEX `uploads_expires_idx` ON `uploads` (`status`,`expires_at`);--> statement-breakpoint
CREATE INDEX `uploads_hash_idx` ON `uploads` (`content_hash`);--> statement-breakpoint
CREATE TABLE `video_categories` (
	`video_id` integer NOT NULL,
	`category_id` integer NOT NULL,
	PRIMARY KEY(`video_id`, `category_id`),
	FOREIGN KEY (`video_id`) REFERENCES `videos`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`category_id`) REFERENCES `categories`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `video_categories_cat_idx` ON `video_categories` (`category_id`,`video_id`);--> statement-breakpoint
CREATE TABLE `video_models` (
	`video_id` integer NOT NULL,
	`model_id` integer NOT NULL,
	PRIMARY KEY(`video_id`, `model_id`),
	FOREIGN KEY (`video_id`) REFERENCES `videos`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`model_id`) REFERENCES `models`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `video_models_model_idx` ON `video_models` (`model_id`,`video_id`);--> statement-breakpoint
CREATE TABLE `videos` (
	`id` integer PRIMARY KEY NOT NULL,
	`dir` text NOT NULL,
	`title` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`status_id` integer DEFAULT 2 NOT NULL,
	`is_private` integer DEFAULT 0 NOT NULL,
	`gender` text DEFAULT 'straight' NOT NULL,
	`country` text,
	`production_year` integer,
	`duration_sec` integer DEFAULT 0 NOT NULL,
	`duration_bucket` integer DEFAULT 1 NOT NULL,
	`width` integer DEFAULT 0 NOT NULL,
	`height` integer DEFAULT 0 NOT NULL,
	`is_hd` integer DEFAULT 0 NOT NULL,
	`category_mask` integer DEFAULT 0 NOT NULL,
	`post_date` integer NOT NULL,
	`added_at` integer NOT NULL,
	`uploader_id` integer,
	`channel_id` integer,
	`album_id` integer,
	`sg_id` integer,
	`ex_tube` text,
	`ex_id` text,
	`media_path` text,
	`timeline_count` integer DEFAULT 0 NOT NULL,
	`timeline_interval` integer DEFAULT 0 NOT NULL,
	`content_hash` text,
	`is_exclusive` integer DEFAULT 0 NOT NULL,
	`video_viewed` integer DEFAULT 0 NOT NULL,
	`views_day` integer DEFAULT 0 NOT NULL,
	`views_week` integer DEFAULT 0 NOT NULL,
	`views_month` integer DEFAULT 0 NOT NULL,
	`popularity` integer DEFAULT 0 NOT NULL,
	`likes` integer DEFAULT 0 NOT NULL,
	`dislikes` integer DEFAULT 0 NOT NULL,
	`rating` real DEFAULT 0 NOT NULL,
	`comments_count` integer DEFAULT 0 NOT NULL,
	`favourites_count` integer DEFAULT 0 NOT NULL,
	`reject_reason` text,
	FOREIGN KEY (`uploader_id`) REFERENCES `members`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`channel_id`) REFERENCES `channels`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `videos_latest_idx` ON `videos` (`gender`,`post_date`,`id`,`duration_bucket`,`is_hd`,`category_mask`,`rating`) WHERE status_id = 1 AND is_private = 0;--> statement-breakpoint
CREATE INDEX `videos_longest_idx` ON `videos` (`gender`,`duration_sec`,`id`,`duration_bucket`,`is_hd`,`category_mask`) WHERE status_id = 1 AND is_private = 0;--> statement-breakpoint
CREATE INDEX `videos_commented_idx` ON `videos` (`gender`,`comments_count`,`id`,`duration_bucket`,`is_hd`,`category_mask`) WHERE status_id = 1 AND is_private = 0;--> statement-breakpoint
CREATE INDEX `videos_viewed_idx` ON `videos` (`gender`,`video_viewed`,`id`,`duration_bucket`,`is_hd`,`category_mask`) WHERE status_id = 1 AND is_private = 0;--> statement-breakpoint
CREATE INDEX `videos_popular_idx` ON `videos` (`gender`,`popularity`,`id`,`duration_bucket`,`is_hd`,`category_mask`) WHERE status_id = 1 AND is_private = 0;--> statement-breakpoint
CREATE INDEX `videos_pop_day_idx` ON `videos` (`gender`,`views_day`,`id`,`duration_bucket`,`is_hd`,`category_mask`) WHERE status_id = 1 AND is_private = 0;--> statement-breakpoint
CREATE INDEX `videos_pop_week_idx` ON `videos` (`gender`,`views_week`,`id`,`duration_bucket`,`is_hd`,`category_mask`) WHERE status_id = 1 AND is_private = 0;--> statement-breakpoint
CREATE INDEX `videos_pop_month_idx` ON `videos` (`gender`,`views_month`,`id`,`duration_bucket`,`is_hd`,`category_mask`) WHERE status_id = 1 AND is_private = 0;--> statement-breakpoint
CREATE INDEX `videos_rating_idx` ON `videos` (`gender`,`rating`,`id`,`duration_bucket`,`is_hd`,`category_mask`,`post_date`) WHERE status_id = 1 AND is_private = 0;--> statement-breakpoint
CREATE INDEX `videos_status_idx` ON `videos` (`status_id`,`added_at`);--> statement-breakpoint
CREATE INDEX `videos_uploader_idx` ON `videos` (`uploader_id`,`added_at`);--> statement-breakpoint
CREATE INDEX `videos_hash_idx` ON `videos` (`content_hash`);