import type { AppLoadContext } from 'react-router';
import type { PublicProvenance } from '../lib/dto';

export interface VideoStatementData {
  id: number;
  title: string;
  url: string;
  provenance: PublicProvenance;
}

/** A public video's 2257 basis for `/information/2257/?video=ID`; null when visitors cannot see it. */
export async function videoStatement(
  context: AppLoadContext,
  id: number,
): Promise<VideoStatementData | null> {
  const [video, provenance] = await Promise.all([
    context.api.videos.get({ id }).catch(() => null),
    context.api.provenance.ofVideo({ id }).catch(() => null),
  ]);
  if (!video || !provenance) return null;
  return { id, title: video.title, url: video.url, provenance };
}
