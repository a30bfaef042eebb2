export interface SystemPackage {
  bin: string;
  pkg: string;
}
export function ensureSystemPackages(packages: SystemPackage[]): boolean;
export const FFMPEG: SystemPackage;
export const CHROMIUM: SystemPackage;
export const POSTGRESQL: SystemPackage;
