/** Shapes services hand to adapters (tRPC, legacy REST, page loaders) that every domain shares. Times are unix seconds. */

export interface Listing<T> {
  items: T[];
  totalCount: number;
  page: number;
  pages: number;
}

export interface NamedLink {
  dir: string;
  title: string;
}
