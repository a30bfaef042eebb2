// Type-only bridge to the API's data shapes, so Vite never bundles API code into the web app.

export type { AlbumSort, DateFilter, DurationFilter, ModelSort, VideoSort } from '@vt/rules';
export type {
  AlbumDetail,
  AlbumPage,
  AlbumPhoto,
  AlbumThumb,
} from '../../../api/src/services/albums/album.dto';
export type { OwnAlbum, OwnAlbumLine } from '../../../api/src/services/albums/album-edit.service';
export type { CategoryInfo, MainStats } from '../../../api/src/services/categories/category.dto';
export type { ChannelDetail } from '../../../api/src/services/channels/channel.dto';
export type {
  CommentItem,
  CommentSection,
  WallPost,
} from '../../../api/src/services/community/community.dto';
export type { MemberProfile, MemberSubscription } from '../../../api/src/services/members/member.dto';
export type { MemberThumb } from '../../../api/src/services/members/member-directory.service';
export type { ModelDetail, ModelFilters, ModelThumb } from '../../../api/src/services/models/model.dto';
export type { PlaylistDetail, PlaylistThumb } from '../../../api/src/services/playlists/playlist.service';
export type { Listing, NamedLink } from '../../../api/src/services/shared/dto';
export type { PublicProvenance, StaffProvenance } from '../../../api/src/services/videos/provenance.service';
export type {
  LicenceBasis,
  OriginalFormat,
  Provenance,
  ProvenanceField,
  RecordsBasis,
} from '../../../api/src/services/videos/provenance-rules';
export type { VideoDetail, VideoThumb } from '../../../api/src/services/videos/video.dto';
export type { VideoCard } from '../../../api/src/services/videos/video-card';
