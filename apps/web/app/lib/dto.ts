// Type-only bridge to the API's data shapes, so Vite never bundles API code into the web app.

export type { OwnAlbum, OwnAlbumLine } from '../../../api/src/services/albums/album-edit.service';
export type { MemberThumb } from '../../../api/src/services/members/member-directory.service';
export type { PlaylistDetail, PlaylistThumb } from '../../../api/src/services/playlists/playlist.service';
export type {
  AlbumDetail,
  AlbumPage,
  AlbumPhoto,
  AlbumSort,
  AlbumThumb,
  CategoryInfo,
  ChannelDetail,
  CommentItem,
  CommentSection,
  DateFilter,
  DurationFilter,
  HomeBlocks,
  Listing,
  MainStats,
  MemberProfile,
  MemberSubscription,
  ModelDetail,
  ModelFilters,
  ModelSort,
  ModelThumb,
  NamedLink,
  VideoDetail,
  VideoSort,
  VideoThumb,
  WallPost,
} from '../../../api/src/services/shared/dto';
export type { PublicProvenance, StaffProvenance } from '../../../api/src/services/videos/provenance.service';
export type {
  LicenceBasis,
  OriginalFormat,
  Provenance,
  ProvenanceField,
  RecordsBasis,
} from '../../../api/src/services/videos/provenance-rules';
