/** A channel's listing path before `/{sort}/{page}/`; `/channel/{dir}/` alone is its latest videos, page 1. */
export const channelBase = (dir: string) => `/channel/${dir}`;
