// Type-only bridge to the API's data shapes, so Vite never bundles API code into the web app.

export type { OwnAlbum, OwnAlbumLine } from '../../../api/src/services/album-edit.service';
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
} from '../../../api/src/services/dto';
export type { MemberThumb } from '../../../api/src/services/member-list.service';
export type { PlaylistDetail, PlaylistThumb } from '../../../api/src/services/playlist.service';
export type { PublicProvenance, StaffProvenance } from '../../../api/src/services/provenance.service';
export type {
  LicenceBasis,
  OriginalFormat,
  Provenance,
  ProvenanceField,
  RecordsBasis,
} from '../../../api/src/services/provenance-rules';
