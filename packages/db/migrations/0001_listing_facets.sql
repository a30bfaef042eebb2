CREATE TABLE `listing_facets` (
	`gender` text NOT NULL,
	`category_id` integer NOT NULL,
	`duration_bucket` integer NOT NULL,
	`is_hd` integer NOT NULL,
	`videos` integer NOT NULL,
	PRIMARY KEY(`gender`, `category_id`, `duration_bucket`, `is_hd`)
);
