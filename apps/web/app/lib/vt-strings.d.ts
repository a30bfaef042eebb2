/** Built by the `vt-strings` plugin in vite.config.ts: one lazy chunk per language and string group. */
declare module 'virtual:vt-strings' {
  import type { Lang } from '@vt/i18n';
  import type { BrowserStringGroup, StringsPart } from '@vt/i18n/client';

  export const stringChunks: Record<
    Lang,
    Record<BrowserStringGroup, () => Promise<{ default: StringsPart }>>
  >;
}
