export { ALBUM_SORTS, type AlbumSort } from './album-listing';
export { ERROR_CODES, type ErrorCode, isErrorCode, STAFF_ERROR_CODES } from './error-codes';
export {
  DATE_FILTERS,
  type DateFilter,
  type DurationFilter,
  GENDERS,
  type Gender,
  VIDEO_SORTS,
  type VideoSort,
} from './listing';
export {
  MODEL_FILTER_PARAMS,
  MODEL_RACES,
  MODEL_SORTS,
  MODEL_TITS_SIZES,
  type ModelSort,
} from './model-listing';
export {
  FIRST_YEAR,
  LICENCE_BASES,
  type LicenceBasis,
  ORIGINAL_FORMATS,
  type OriginalFormat,
  RECORDS_REF_MAX,
  RIGHTS_HOLDER_MAX,
  STUDIO_MAX,
} from './provenance';
export { withoutTracking } from './tracking-params';
export {
  MAX_CONCURRENT_UPLOADS,
  MAX_UPLOAD_BYTES,
  MIN_SECONDS,
  PREVIEW_MAX_BYTES,
  PREVIEW_TYPES,
  TITLE_MAX,
  TITLE_MIN,
  VIDEO_EDIT_MAX_BYTES,
  VIDEO_FORMATS,
} from './upload-limits';
