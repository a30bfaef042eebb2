export interface ProbeResult {
  /** How long the picture lasts (the video stream's duration when the container says). */
  durationSec: number;
  /** The longest stream's duration: what a tool reading the whole file goes through. */
  containerDurationSec: number;
  /** Display size: sample aspect ratio applied and rotation corrected (what a player shows). */
  width: number;
  height: number;
  /** The stream's stored size, before rotation and sample aspect ratio. */
  codedWidth: number;
  codedHeight: number;
  /** Display rotation as ffprobe reports it, normalised to 0, 90, 180 or 270 degrees. */
  rotation: number;
  videoCodec: string;
  audioCodec: string | null;
  /** Bits per second; null when the container does not say. */
  videoBitrate: number | null;
  audioBitrate: number | null;
  formatBitrate: number | null;
  fps: number;
  /** The frame rate as ffprobe reports it (e.g. '30000/1001'), exact for the fps filter. */
  frameRate: string;
  hasAudio: boolean;
  audioSampleRate: number | null;
  audioChannels: number | null;
  /** Absolute stream indexes in the input, so cover art or extra tracks are never picked. */
  videoStreamIndex: number;
  audioStreamIndex: number | null;
  formatName: string;
  /** Every stream in the container, cover art and data included. */
  streamCount: number;
  /** The video stream's rates as declared (avg_frame_rate, r_frame_rate); null when unknown. */
  frameRates: { average: number | null; base: number | null };
}
