/** A listed video as an external engine indexes it: searchable text plus the filter and sort fields. */
export interface SearchDocument {
  id: number;
  title: string;
  description: string;
  models: string[];
  modelDirs: string[];
  categories: string[];
  categoryDirs: string[];
  gender: string;
  durationBucket: number;
  isHd: number;
  post_date: number;
  duration_sec: number;
  comments_count: number;
  video_viewed: number;
  rating: number;
  popularity: number;
  views_day: number;
  views_week: number;
  views_month: number;
}
