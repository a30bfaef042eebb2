/** The channels domain's shapes handed to adapters (tRPC, legacy REST, page loaders). Times are unix seconds. */

/** A channel's page head: the subscriber count is its maintained column; the video count is the listing's. */
export interface ChannelDetail {
  id: number;
  dir: string;
  title: string;
  url: string;
  subscribers: number;
}
