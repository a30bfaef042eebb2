// Type-only bridge to the API's data shapes, so Vite never bundles API code into the web app.
export type {
  DateFilter,
  DurationFilter,
  HomeBlocks,
  Listing,
  MainStats,
  NamedLink,
  VideoDetail,
  VideoSort,
  VideoThumb,
} from '../../../api/src/services/dto';
