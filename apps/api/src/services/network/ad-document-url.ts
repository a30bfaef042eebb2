export const AD_ZONES = ['under-player', 'footer', 'listing'] as const;
export type AdZone = (typeof AD_ZONES)[number];

/** Where a zone's `index`th ad document is served, in the page's language. */
export const adDocumentUrl = (lang: string, zone: AdZone, index: number) =>
  `/ads/${lang}/${zone}/${index}.html`;
