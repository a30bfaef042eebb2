import type { NamedLink } from '../shared/dto';

/** The categories domain's shapes handed to adapters (tRPC, legacy REST, page loaders). Times are unix seconds. */

export interface CategoryInfo {
  id: number;
  dir: string;
  title: string;
  totalVideos: number;
}

export interface MainStats {
  categories: CategoryInfo[];
  models: (NamedLink & { totalVideos: number })[];
  keywords: string[];
  countries: string[];
}
